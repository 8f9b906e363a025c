CREATE TABLE "cod_confirmation_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_confirmations" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"confirm_by" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"via" text,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD COLUMN "cod_confirmation_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD COLUMN "cod_confirmation_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "cod_confirmation_links" ADD CONSTRAINT "cod_confirmation_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD CONSTRAINT "cod_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD CONSTRAINT "cod_confirmations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_confirmation_links_order_idx" ON "cod_confirmation_links" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cod_confirmations_pending_idx" ON "cod_confirmations" USING btree ("status","confirm_by");--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD CONSTRAINT "checkout_settings_cod_confirmation_hours" CHECK ("checkout_settings"."cod_confirmation_hours" between 1 and 72);