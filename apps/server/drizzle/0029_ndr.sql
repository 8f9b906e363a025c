CREATE TABLE "delivery_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"reason" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answer_date" text,
	"landmark" text,
	"alternate_phone" text,
	"answered_at" timestamp with time zone,
	"admin_action" text,
	"admin_by" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD COLUMN "rto_risk" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rto_risk" jsonb;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "delivery_issues" ADD CONSTRAINT "delivery_issues_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_issues" ADD CONSTRAINT "delivery_issues_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_issues" ADD CONSTRAINT "delivery_issues_admin_by_users_id_fk" FOREIGN KEY ("admin_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_issues_token_key" ON "delivery_issues" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "delivery_issues_open_idx" ON "delivery_issues" USING btree ("order_id") WHERE "delivery_issues"."closed_at" is null;