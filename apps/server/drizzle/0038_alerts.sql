CREATE TABLE "alert_low_stock" (
	"variant_id" integer PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"channels" text[] NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"kinds" text[] NOT NULL,
	"digest_minutes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_scans" (
	"name" text PRIMARY KEY NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_low_stock" ADD CONSTRAINT "alert_low_stock_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD CONSTRAINT "alert_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;