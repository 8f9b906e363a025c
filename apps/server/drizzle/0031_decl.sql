CREATE TABLE "declaration_defaults" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"values" jsonb NOT NULL,
	"values_hi" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "declaration_defaults_single_row" CHECK ("declaration_defaults"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "net_quantity" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "declarations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "declarations_hi" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Every shop: a variant whose net weight in grams was entered (or read from its '100 g' label)
-- declares that as its net quantity, so its unit price shows at once (decision 0035).
UPDATE "product_variants" SET "net_quantity" = CASE
  WHEN "weight_grams" % 1000 = 0 THEN jsonb_build_object('value', "weight_grams" / 1000, 'unit', 'kg')
  ELSE jsonb_build_object('value', "weight_grams", 'unit', 'g') END
WHERE "net_quantity" IS NULL AND "weight_grams" IS NOT NULL AND "weight_grams" > 0;
