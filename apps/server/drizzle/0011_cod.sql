ALTER TABLE "checkout_settings" ADD COLUMN "cod_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD COLUMN "cod_min_order_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD COLUMN "cod_max_order_paise" integer;--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD COLUMN "cod_blocked_pincodes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD COLUMN "cod_rto_limit" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD COLUMN "prepaid_discount" jsonb;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'PAID' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_collected_paise" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_collected_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_collected_by_users_id_fk" FOREIGN KEY ("cod_collected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_idempotency_key" ON "checkouts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD CONSTRAINT "checkout_settings_cod_non_negative" CHECK ("checkout_settings"."cod_fee_paise" >= 0 and "checkout_settings"."cod_min_order_paise" >= 0 and "checkout_settings"."cod_rto_limit" >= 1);