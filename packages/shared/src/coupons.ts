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
