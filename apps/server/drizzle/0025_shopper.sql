ALTER TABLE "product_images" ADD COLUMN "alt_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "estimated_delivery" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "product_name_hi" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_hi" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimated_delivery" jsonb;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified_buyer" boolean DEFAULT false NOT NULL;