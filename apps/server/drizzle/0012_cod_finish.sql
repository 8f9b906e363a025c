CREATE TABLE "order_prepayments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"provider_order_id" text NOT NULL,
	"provider" text NOT NULL,
	"total_paise" integer NOT NULL,
	"prepaid_discount_paise" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_remitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_remitted_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_remittance_ref" text;--> statement-breakpoint
ALTER TABLE "order_prepayments" ADD CONSTRAINT "order_prepayments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_prepayments" ADD CONSTRAINT "order_prepayments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_prepayments_provider_order_key" ON "order_prepayments" USING btree ("provider_order_id");--> statement-breakpoint
CREATE INDEX "order_prepayments_order_idx" ON "order_prepayments" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_remitted_by_users_id_fk" FOREIGN KEY ("cod_remitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_cod_collected_idx" ON "orders" USING btree ("cod_collected_at") WHERE "orders"."payment_status" = 'COD_COLLECTED';