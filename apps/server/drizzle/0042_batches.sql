CREATE TABLE "batch_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_allocations_quantity_positive" CHECK ("batch_allocations"."quantity" > 0),
	CONSTRAINT "batch_allocations_returned_range" CHECK ("batch_allocations"."returned" between 0 and "batch_allocations"."quantity")
);
--> statement-breakpoint
CREATE TABLE "recall_remedies" (
	"id" serial PRIMARY KEY NOT NULL,
	"recall_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"choice" text NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"pay_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recalls" (
	"id" serial PRIMARY KEY NOT NULL,
	"recall_number" text NOT NULL,
	"variant_id" integer NOT NULL,
	"batch_numbers" jsonb NOT NULL,
	"reason" text NOT NULL,
	"action" text NOT NULL,
	"affected" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"batch_number" text NOT NULL,
	"manufactured_on" date NOT NULL,
	"best_before" date NOT NULL,
	"received" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"adjusted" integer DEFAULT 0 NOT NULL,
	"sellable" boolean DEFAULT true NOT NULL,
	"recall_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_batches_received_non_negative" CHECK ("stock_batches"."received" >= 0),
	CONSTRAINT "stock_batches_on_hand_non_negative" CHECK ("stock_batches"."received" + "stock_batches"."returned" + "stock_batches"."adjusted" - "stock_batches"."sold" >= 0),
	CONSTRAINT "stock_batches_dates" CHECK ("stock_batches"."best_before" > "stock_batches"."manufactured_on")
);
--> statement-breakpoint
CREATE TABLE "stock_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"min_shelf_life_days" integer DEFAULT 30 NOT NULL,
	"expiry_alert_days" integer DEFAULT 60 NOT NULL,
	"show_best_before" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_settings_single_row" CHECK ("stock_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "reorder_level" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_allocations" ADD CONSTRAINT "batch_allocations_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_remedies" ADD CONSTRAINT "recall_remedies_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_allocations_order_idx" ON "batch_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "batch_allocations_batch_idx" ON "batch_allocations" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recall_remedies_once_key" ON "recall_remedies" USING btree ("recall_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recalls_number_key" ON "recalls" USING btree ("recall_number");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_batches_variant_number_key" ON "stock_batches" USING btree ("variant_id","batch_number");--> statement-breakpoint
INSERT INTO "stock_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Units held today by pending checkouts and unplaced-to-packed orders (combos opened into their
-- parts) become the variants' reservations; on-hand units are the free stock plus those.
WITH held AS (
  SELECT oi.variant_id, oi.quantity FROM order_items oi JOIN orders o ON o.id = oi.order_id
    WHERE o.status IN ('PLACED', 'CONFIRMED') AND oi.variant_id IS NOT NULL
  UNION ALL
  SELECT (l->>'variantId')::int, (l->>'quantity')::int FROM checkouts c, jsonb_array_elements(c.lines) l
    WHERE c.status = 'pending'
), parts AS (
  SELECT coalesce(cc.part_variant_id, h.variant_id) AS variant_id, h.quantity * coalesce(cc.quantity, 1) AS units
    FROM held h LEFT JOIN combo_components cc ON cc.combo_variant_id = h.variant_id
)
UPDATE "product_variants" v SET "reserved" = s.units
  FROM (SELECT variant_id, sum(units)::int AS units FROM parts GROUP BY variant_id) s
  WHERE v.id = s.variant_id
    AND NOT EXISTS (SELECT 1 FROM combo_components cc WHERE cc.combo_variant_id = v.id);--> statement-breakpoint
-- One OPENING batch per variant (combos keep no units): made today, best before today plus the
-- product's shelf life (the shop's default declaration's, else a year).
INSERT INTO "stock_batches" ("variant_id", "batch_number", "manufactured_on", "best_before", "received")
SELECT v.id, 'OPENING', (now() AT TIME ZONE 'Asia/Kolkata')::date,
  ((now() AT TIME ZONE 'Asia/Kolkata')::date + make_interval(months => coalesce(
    nullif(greatest((p.declarations->>'shelfLifeMonths')::numeric::int, 0), 0),
    nullif(greatest((SELECT (d."values"->>'shelfLifeMonths')::numeric::int FROM declaration_defaults d WHERE d.id = 1), 0), 0),
    12)))::date,
  v.stock + v.reserved
FROM product_variants v JOIN products p ON p.id = v.product_id
WHERE NOT EXISTS (SELECT 1 FROM combo_components cc WHERE cc.combo_variant_id = v.id);
