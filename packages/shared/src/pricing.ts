// Pricing rules of spec section 9: percent off, shipping milestones and the order total.
// All amounts are integer paise.

/**
 * Percent off = (mrp - price) x 100 / mrp, shown only when mrp > price and both are non-zero.
 * A fractional part of 0.25 or more rounds up, anything less rounds down. Computed on integers so
 * that 0.25 exactly is never lost to floating point.
 */
export function percentOff(mrp: number, price: number): number {
  if (!(mrp > 0) || !(price > 0) || mrp <= price) return 0;
  const numerator = (mrp - price) * 100;
  const whole = Math.floor(numerator / mrp);
  const remainder = numerator - whole * mrp;
  return remainder * 4 >= mrp ? whole + 1 : whole;
}

export interface ShippingMilestone {
  minCartValuePaise: number;
  shippingChargePaise: number;
}

export function sortMilestones<T extends ShippingMilestone>(milestones: readonly T[]): T[] {
  return [...milestones].sort((a, b) => a.minCartValuePaise - b.minCartValuePaise);
}

/**
 * The charge of the highest milestone whose minimum is at or below the subtotal; below all
 * milestones the first milestone's charge applies. No milestones means no charge.
 */
export function shippingCharge(milestones: readonly ShippingMilestone[], subtotalPaise: number): number {
  const sorted = sortMilestones(milestones);
  const first = sorted[0];
  if (!first) return 0;
  let charge = first.shippingChargePaise;
  for (const m of sorted) if (m.minCartValuePaise <= subtotalPaise) charge = m.shippingChargePaise;
  return charge;
}

/** The next milestone above the subtotal that lowers the charge, for 'Add ₹X more for …'. */
export function nextMilestone(
  milestones: readonly ShippingMilestone[],
  subtotalPaise: number,
): (ShippingMilestone & { amountToGoPaise: number }) | null {
  const current = shippingCharge(milestones, subtotalPaise);
  for (const m of sortMilestones(milestones)) {
    if (m.minCartValuePaise > subtotalPaise && m.shippingChargePaise < current) {
      return { ...m, amountToGoPaise: m.minCartValuePaise - subtotalPaise };
    }
  }
  return null;
}

/** The base (highest) delivery charge, shown struck through when the actual charge is lower. */
export function baseShippingCharge(milestones: readonly ShippingMilestone[]): number {
  return sortMilestones(milestones)[0]?.shippingChargePaise ?? 0;
}

/**
 * Total = subtotal - coupon discount + delivery charge + platform fee, never below zero; a COD
 * order adds the COD fee, an online payment subtracts the prepaid discount (issue 12).
 */
export function orderTotal(parts: {
  subtotal: number;
  couponDiscount: number;
  deliveryCharge: number;
  platformFee: number;
  codFee?: number;
  prepaidDiscount?: number;
}): number {
  return Math.max(
    0,
    parts.subtotal -
      parts.couponDiscount +
      parts.deliveryCharge +
      parts.platformFee +
      (parts.codFee ?? 0) -
      (parts.prepaidDiscount ?? 0),
  );
}
