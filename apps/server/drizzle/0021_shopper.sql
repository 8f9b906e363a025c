ALTER TABLE "checkouts" ADD COLUMN "estimated_delivery" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimated_delivery" jsonb;