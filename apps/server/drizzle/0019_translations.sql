ALTER TABLE "product_variants" ADD COLUMN "weight_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "about_hi" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "alt_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_sections" ADD COLUMN "title_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_sections" ADD COLUMN "type_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_sections" ADD COLUMN "body_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "title_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "body_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "store_name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "title_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "description_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "description_hi" text DEFAULT '' NOT NULL;