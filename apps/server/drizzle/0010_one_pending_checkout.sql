-- Before one pending checkout per shopper can be enforced: of a shopper's several pending
-- checkouts (left by simultaneous calls), all but the newest give back their stock and coupon
-- use and are cancelled, as the service does when a newer checkout replaces one. The status
-- changes last, so each statement sees the same set.
UPDATE "product_variants" v SET "stock" = v."stock" + r."quantity"
FROM (
  SELECT (l->>'variantId')::int AS "variant_id", sum((l->>'quantity')::int) AS "quantity"
  FROM "checkouts" c, jsonb_array_elements(c."lines") l
  WHERE c."status" = 'pending'
    AND EXISTS (SELECT 1 FROM "checkouts" n WHERE n."user_id" = c."user_id" AND n."status" = 'pending' AND n."id" > c."id")
  GROUP BY 1
) r
WHERE v."id" = r."variant_id";
--> statement-breakpoint
UPDATE "coupons" k SET "used_count" = greatest(k."used_count" - r."uses", 0)
FROM (
  SELECT c."coupon_id", count(*) AS "uses" FROM "checkouts" c
  WHERE c."status" = 'pending' AND c."coupon_id" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "checkouts" n WHERE n."user_id" = c."user_id" AND n."status" = 'pending' AND n."id" > c."id")
  GROUP BY 1
) r
WHERE k."id" = r."coupon_id";
--> statement-breakpoint
UPDATE "checkouts" c SET "status" = 'cancelled'
WHERE c."status" = 'pending'
  AND EXISTS (SELECT 1 FROM "checkouts" n WHERE n."user_id" = c."user_id" AND n."status" = 'pending' AND n."id" > c."id");
--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_one_pending_per_user" ON "checkouts" USING btree ("user_id") WHERE "checkouts"."status" = 'pending';
