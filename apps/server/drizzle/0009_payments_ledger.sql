CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"checkout_id" integer,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"order_number" text,
	"reason" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_non_negative" CHECK ("payments"."amount_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_key" ON "payments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
-- Orders placed before the ledger existed: their payments are recorded as placed.
INSERT INTO "payments" ("payment_id", "provider_order_id", "checkout_id", "amount_paise", "status", "order_number", "source", "created_at", "updated_at")
SELECT "provider_payment_id", "provider_order_id", "checkout_id", "total_paise", 'placed', "order_number",
  CASE WHEN "provider_signature" LIKE 'webhook:%' THEN 'webhook' ELSE 'verify' END, "created_at", "created_at"
FROM "orders" ON CONFLICT DO NOTHING;
