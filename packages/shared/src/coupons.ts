// Coupon maths in integer paise. Percent coupons carry basis points (1000 = 10%).

export interface CouponRule {
  discountType: 'PERCENT' | 'FLAT';
  /** Basis points for PERCENT, paise for FLAT. */
  discountValue: number;
  maxDiscountPaise: number | null;
  minCartValuePaise: number;
}

/** The discount on a subtotal, never more than the subtotal nor the coupon's cap. Rounds down. */
export function couponDiscount(rule: CouponRule, subtotalPaise: number): number {
  if (subtotalPaise <= 0 || subtotalPaise < rule.minCartValuePaise) return 0;
  const raw =
    rule.discountType === 'PERCENT'
      ? Math.floor((subtotalPaise * rule.discountValue) / 10_000)
      : rule.discountValue;
  const capped = rule.maxDiscountPaise === null ? raw : Math.min(raw, rule.maxDiscountPaise);
  return Math.max(0, Math.min(capped, subtotalPaise));
}

export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A percent as the owner types it (up to two decimals, e.g. 12.5) in basis points (1250). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export interface CouponWindow {
  active: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  usageLimit: number | null;
  usedCount: number;
}

export const COUPON_STATUSES = ['active', 'inactive', 'scheduled', 'expired', 'used-up'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

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
