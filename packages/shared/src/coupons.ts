// Coupon maths in integer paise. Percent coupons carry basis points (1000 = 10%).
import { formatRupees } from './money.ts';

export interface CouponRule {
  discountType: 'PERCENT' | 'FLAT';
  /** Basis points for PERCENT, paise for FLAT. */
  discountValue: number;
  maxDiscountPaise: number | null;
  minCartValuePaise: number;
}

/** The rounding rule in words, for the coupon texts shoppers (terms, coupon list) and the owner read. */
export const COUPON_ROUNDING_RULE =
  'A percent discount is rounded to the nearest whole rupee (50 paise or more rounds up), so every total is in whole rupees.';

/**
 * A percent of a subtotal in whole rupees, rounded half up: 10% of ₹482 (₹48.20) is ₹48, 10% of
 * ₹455 (₹45.50) is ₹46. Exact in integers: subtotal x basis points / 1,000,000 is the discount in
 * rupees, and adding half the divisor before flooring rounds half up (safe below 2^53, i.e. for
 * subtotals up to ₹9 crore at 100%).
 */
export function percentDiscountPaise(subtotalPaise: number, basisPoints: number): number {
  return Math.floor((subtotalPaise * basisPoints + 500_000) / 1_000_000) * 100;
}

/**
 * The discount on a subtotal, never more than the subtotal nor the coupon's cap. A percent
 * discount is whole rupees (see percentDiscountPaise), and so is its cap (a cap with paise is
 * floored: a coupon never gives more than its cap). A flat discount is the amount the owner set.
 */
export function couponDiscount(rule: CouponRule, subtotalPaise: number): number {
  if (subtotalPaise <= 0 || subtotalPaise < rule.minCartValuePaise) return 0;
  if (rule.discountType === 'FLAT') return Math.max(0, Math.min(rule.discountValue, subtotalPaise));
  const raw = percentDiscountPaise(subtotalPaise, rule.discountValue);
  const capped =
    rule.maxDiscountPaise === null ? raw : Math.min(raw, Math.floor(rule.maxDiscountPaise / 100) * 100);
  return Math.max(0, Math.min(capped, subtotalPaise));
}

export const COUPON_USED_BY_SHOPPER = 'You have already used this coupon.';
export const COUPON_FIRST_ORDER_ONLY = 'This coupon is for your first order only.';
export const addMoreForCoupon = (amountToGoPaise: number) =>
  `Add ${formatRupees(amountToGoPaise)} more to use this coupon.`;

/** Why a live coupon is not for this shopper now: their own uses are taken, or the cart is too small. */
export type CouponBlock =
  | { reason: 'first-order' }
  | { reason: 'used' }
  | { reason: 'cart-too-small'; amountToGoPaise: number };

/**
 * Whether one shopper can use a live coupon (active, in its window, total uses left) with this
 * subtotal. Used up by them comes first: adding to the cart would not help. Checkout applies the
 * same rule when a coupon is applied, so the list never offers what Apply would refuse.
 */
export function couponBlock(
  coupon: { perUserLimit: number | null; minCartValuePaise: number; firstOrderOnly?: boolean },
  /** hasEarlierOrder: an order of theirs not cancelled (decision 0032); a first-order coupon is not for them. */
  shopper: { usesByShopper: number; subtotalPaise: number; hasEarlierOrder?: boolean },
): CouponBlock | null {
  if (coupon.firstOrderOnly && shopper.hasEarlierOrder) return { reason: 'first-order' };
  if (coupon.perUserLimit !== null && shopper.usesByShopper >= coupon.perUserLimit) return { reason: 'used' };
  if (shopper.subtotalPaise < coupon.minCartValuePaise) {
    return { reason: 'cart-too-small', amountToGoPaise: coupon.minCartValuePaise - shopper.subtotalPaise };
  }
  return null;
}

/** The block in the words shoppers read (the coupon list and the refusal of Apply). */
export function couponBlockText(block: CouponBlock): string {
  if (block.reason === 'first-order') return COUPON_FIRST_ORDER_ONLY;
  return block.reason === 'used' ? COUPON_USED_BY_SHOPPER : addMoreForCoupon(block.amountToGoPaise);
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
// The rule that gives a coupon its status is couponStatus in apps/server/src/modules/coupons/validity.ts,
// beside the same rule in SQL.
