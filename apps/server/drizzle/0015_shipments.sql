CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"location" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"courier_code" text NOT NULL,
	"courier_name" text NOT NULL,
	"awb" text NOT NULL,
	"tracking_url" text,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"label_url" text,
	"weight_grams" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_once" ON "shipment_events" USING btree ("shipment_id","status","at");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_key" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_key" ON "shipments" USING btree ("awb");--> statement-breakpoint
-- Existing variants get their grams from labels such as '100g' or '1 kg' (gramsFromLabel's rule); others stay to be entered.
UPDATE "product_variants" SET "weight_grams" = round(substring("weight" from '^\s*(\d+(?:\.\d+)?)')::numeric * CASE WHEN "weight" ~* '^\s*\d+(\.\d+)?\s*kg' THEN 1000 ELSE 1 END)::integer WHERE "weight_grams" IS NULL AND "weight" ~* '^\s*\d+(\.\d+)?\s*(kg|kgs|g|gm|gms|gram|grams)([^a-z]|$)';
