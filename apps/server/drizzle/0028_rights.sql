CREATE TABLE "grievance_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"grievance_id" integer NOT NULL,
	"status" text NOT NULL,
	"body" text NOT NULL,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievance_series" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievance_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"designation" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_number" text NOT NULL,
	"user_id" integer,
	"order_number" text,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_mobile" text NOT NULL,
	"contact_email" text,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"token_hash" text,
	"filed_at" timestamp with time zone NOT NULL,
	"acknowledge_by" timestamp with time zone NOT NULL,
	"resolve_by" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"given" boolean NOT NULL,
	"text_shown" text NOT NULL,
	"language" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"orders_detached" integer NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_mobile_format";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "grievance_replies" ADD CONSTRAINT "grievance_replies_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_replies" ADD CONSTRAINT "grievance_replies_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grievance_replies_grievance_idx" ON "grievance_replies" USING btree ("grievance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grievances_ticket_key" ON "grievances" USING btree ("ticket_number");--> statement-breakpoint
CREATE UNIQUE INDEX "grievances_token_key" ON "grievances" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "grievances_user_idx" ON "grievances" USING btree ("user_id","filed_at");--> statement-breakpoint
CREATE INDEX "grievances_filed_idx" ON "grievances" USING btree ("filed_at");--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mobile_format" CHECK ("users"."mobile" ~ '^[6-9][0-9]{9}$' or "users"."erased_at" is not null);