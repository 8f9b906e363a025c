CREATE TABLE "abandoned_carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"value_paise" integer NOT NULL,
	"last_change_at" timestamp with time zone NOT NULL,
	"abandoned_at" timestamp with time zone NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"messages_sent" integer DEFAULT 0 NOT NULL,
	"first_message_at" timestamp with time zone,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"stop_reason" text,
	"recovered_order_number" text,
	"recovered_paise" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "back_in_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketing_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channels" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"abandoned_enabled" boolean NOT NULL,
	"idle_minutes" integer NOT NULL,
	"delays_minutes" jsonb NOT NULL,
	"coupon_code" text,
	"quiet_from" text,
	"quiet_to" text,
	"max_per_shopper_per_day" integer NOT NULL,
	"back_in_stock_batch_factor" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_settings_one_row" CHECK ("marketing_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "recovery_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recovered_from" text;--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock" ADD CONSTRAINT "back_in_stock_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock" ADD CONSTRAINT "back_in_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock" ADD CONSTRAINT "back_in_stock_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_sends" ADD CONSTRAINT "marketing_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_links" ADD CONSTRAINT "recovery_links_cart_id_abandoned_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."abandoned_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribe_links" ADD CONSTRAINT "unsubscribe_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abandoned_carts_user_idx" ON "abandoned_carts" USING btree ("user_id","abandoned_at");--> statement-breakpoint
CREATE INDEX "abandoned_carts_status_idx" ON "abandoned_carts" USING btree ("status","abandoned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_user_variant_key" ON "back_in_stock" USING btree ("user_id","variant_id");--> statement-breakpoint
CREATE INDEX "back_in_stock_waiting_idx" ON "back_in_stock" USING btree ("variant_id","created_at") WHERE "back_in_stock"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "marketing_sends_user_idx" ON "marketing_sends" USING btree ("user_id","sent_at");