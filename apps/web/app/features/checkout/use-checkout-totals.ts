// The checkout's totals in paise, as the page shows them (the server computes them again and
// decides): MRP, savings, delivery, fees, the prepaid discount, and the online and COD totals.
import type { PrepaidDiscount } from '@spice/shared/cod';
import type { CartItemDto } from '@spice/shared/contracts/commerce';
import type { ShippingMilestoneDto } from '@spice/shared/contracts/content';
import { rupeesToPaise as paise } from '@spice/shared/money';
import type { OfferRule } from '@spice/shared/offers';
import { type CartPrice, priceCart } from '@spice/shared/price-cart';
import { useMemo } from 'react';
import { milestonesInPaise, pricedLines } from '../cart/cart-contents';
import { offerLines } from '../offers/cart-offers';

export interface CheckoutTotalsInput {
  items: CartItemDto[];
  milestones: ShippingMilestoneDto[];
  /** The applied coupon (its discount in rupees), or null. */
  coupon: { code: string; discount: number } | null;
  /** In rupees, as the settings give it. */
  platformFee: number;
  prepaidDiscount: PrepaidDiscount | null;
  codFeePaise: number;
  /** Automatic offers in force (issue 36), as the server's quote applies them. */
  offers?: readonly OfferRule[];
}

export type CheckoutTotals = CartPrice;

export function checkoutTotals({
  items,
  milestones,
  coupon,
  platformFee,
  prepaidDiscount,
  codFeePaise,
  offers,
}: CheckoutTotalsInput): CartPrice {
  // The same priceCart() the server's quote uses; the wire's rupees become paise here, at the edge.
  return priceCart({
    lines: offers ? offerLines(items) : pricedLines(items),
    offers,
    couponCode: coupon?.code ?? null,
    milestones: milestonesInPaise(milestones),
    couponDiscountPaise: coupon ? paise(coupon.discount) : 0,
    platformFeePaise: paise(platformFee),
    prepaidDiscount,
    codFeePaise,
  });
}

export function useCheckoutTotals(input: CheckoutTotalsInput): CheckoutTotals {
  const { items, milestones, coupon, platformFee, prepaidDiscount, codFeePaise, offers } = input;
  return useMemo(
    () => checkoutTotals({ items, milestones, coupon, platformFee, prepaidDiscount, codFeePaise, offers }),
    [items, milestones, coupon, platformFee, prepaidDiscount, codFeePaise, offers],
  );
}
