// The checkout's totals in paise, as the page shows them (the server computes them again and
// decides): MRP, savings, delivery, fees, the prepaid discount, and the online and COD totals.
import { type PrepaidDiscount, prepaidDiscountPaise } from '@spice/shared/cod';
import type { CartItemDto } from '@spice/shared/contracts/commerce';
import type { ShippingMilestoneDto } from '@spice/shared/contracts/content';
import { rupeesToPaise as paise } from '@spice/shared/money';
import { baseShippingCharge, orderTotal, shippingCharge } from '@spice/shared/pricing';
import { useMemo } from 'react';
import { milestonesInPaise, subtotalPaise } from '../cart/cart-contents';

export interface CheckoutTotalsInput {
  items: CartItemDto[];
  milestones: ShippingMilestoneDto[];
  /** The applied coupon (its discount in rupees), or null. */
  coupon: { code: string; discount: number } | null;
  /** In rupees, as the settings give it. */
  platformFee: number;
  prepaidDiscount: PrepaidDiscount | null;
  codFeePaise: number;
}

export type CheckoutTotals = ReturnType<typeof checkoutTotals>;

export function checkoutTotals({
  items,
  milestones,
  coupon,
  platformFee,
  prepaidDiscount,
  codFeePaise,
}: CheckoutTotalsInput) {
  const subtotal = subtotalPaise(items);
  const totalMrp = items.reduce((s, i) => s + Math.max(paise(i.mrp), paise(i.price)) * i.quantity, 0);
  const inPaise = milestonesInPaise(milestones);
  const delivery = shippingCharge(inPaise, subtotal);
  const baseDelivery = baseShippingCharge(inPaise);
  const couponDiscount = coupon ? paise(coupon.discount) : 0;
  const fee = paise(platformFee);
  const parts = { subtotal, couponDiscount, deliveryCharge: delivery, platformFee: fee };
  const prepaid = prepaidDiscountPaise(prepaidDiscount, subtotal - couponDiscount);
  return {
    subtotal,
    totalMrp,
    delivery,
    baseDelivery,
    couponDiscount,
    fee,
    prepaid,
    orderValue: orderTotal(parts),
    codFee: codFeePaise,
    total: orderTotal({ ...parts, prepaidDiscount: prepaid }),
    codTotal: orderTotal({ ...parts, codFee: codFeePaise }),
  };
}

export function useCheckoutTotals(input: CheckoutTotalsInput): CheckoutTotals {
  const { items, milestones, coupon, platformFee, prepaidDiscount, codFeePaise } = input;
  return useMemo(
    () => checkoutTotals({ items, milestones, coupon, platformFee, prepaidDiscount, codFeePaise }),
    [items, milestones, coupon, platformFee, prepaidDiscount, codFeePaise],
  );
}
