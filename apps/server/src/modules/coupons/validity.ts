// One rule for whether a coupon can be used now: `couponStatus` (packages/shared/src/coupons.ts)
// decides for one coupon in code (the back office's status, checkout's evaluate), and this is the
// same rule as SQL for listing the usable ones. validity.test.ts checks the two agree.
import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { coupons } from './schema.ts';

/** `couponStatus(coupon, now) === 'active'` as a WHERE condition on the coupons table. */
export function usableCouponSql(now: Date): SQL {
  return and(
    eq(coupons.active, true),
    or(isNull(coupons.validFrom), lte(coupons.validFrom, now)),
    or(isNull(coupons.validUntil), gt(coupons.validUntil, now)),
    or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`),
  )!;
}
