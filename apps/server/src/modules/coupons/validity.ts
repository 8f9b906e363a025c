// One rule for whether a coupon can be used now, written twice side by side: `couponStatus`
// decides for one coupon in code (the back office's status, checkout's evaluate), and
// `usableCouponSql` is the same rule as SQL for listing the usable ones (and `couponHasUseLeftSql`
// guards the race-safe claim of a use). validity.test.ts checks the two agree.
import type { CouponStatus, CouponWindow } from '@spice/shared/coupons';
import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { coupons } from './schema.ts';

/**
 * Whether shoppers can use a coupon now, and if not why: switched off, not started yet, past its
 * end (the end is exclusive), or every allowed use taken. The same window checkout applies.
 */
export function couponStatus(coupon: CouponWindow, now: Date): CouponStatus {
  if (!coupon.active) return 'inactive';
  if (coupon.validFrom && coupon.validFrom > now) return 'scheduled';
  if (coupon.validUntil && coupon.validUntil <= now) return 'expired';
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return 'used-up';
  return 'active';
}

/** `couponStatus(coupon, now) === 'active'` as a WHERE condition on the coupons table. */
export function usableCouponSql(now: Date): SQL {
  return and(
    eq(coupons.active, true),
    or(isNull(coupons.validFrom), lte(coupons.validFrom, now)),
    or(isNull(coupons.validUntil), gt(coupons.validUntil, now)),
    couponHasUseLeftSql(),
  )!;
}

/** A use left: no limit, or fewer uses than the limit (`'used-up'` is the opposite). */
export function couponHasUseLeftSql(): SQL {
  return or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`)!;
}
