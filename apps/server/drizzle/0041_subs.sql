CREATE TABLE "subscription_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"payment_id" text,
	"amount_paise" integer NOT NULL,
	"order_number" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"frequency" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"gateway_plan_id" text,
	"gateway_plan_paise" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_frequency" CHECK ("subscription_plans"."frequency" between 1 and 3),
	CONSTRAINT "subscription_plans_discount" CHECK ("subscription_plans"."discount_percent" between 0 and 90)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"frequency" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"unit_paise" integer NOT NULL,
	"pending_unit_paise" integer,
	"price_notice_at" timestamp with time zone,
	"address_id" integer,
	"address" jsonb NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"provider" text NOT NULL,
	"gateway_subscription_id" text NOT NULL,
	"short_url" text,
	"charge_day" integer NOT NULL,
	"next_charge_at" timestamp with time zone,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"skip_next" boolean DEFAULT false NOT NULL,
	"paused_cycles" integer DEFAULT 0 NOT NULL,
	"payment_failed" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"cancel_reason" text,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_quantity" CHECK ("subscriptions"."quantity" between 1 and 10),
	CONSTRAINT "subscriptions_frequency" CHECK ("subscriptions"."frequency" between 1 and 3),
	CONSTRAINT "subscriptions_paused_cycles" CHECK ("subscriptions"."paused_cycles" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "subscription_cycles" ADD CONSTRAINT "subscription_cycles_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_cycles_number_key" ON "subscription_cycles" USING btree ("subscription_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_cycles_payment_key" ON "subscription_cycles" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plans_variant_frequency_key" ON "subscription_plans" USING btree ("variant_id","frequency");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_gateway_key" ON "subscriptions" USING btree ("gateway_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_idx" ON "subscriptions" USING btree ("status");