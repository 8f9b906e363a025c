// Every figure of the checkout's Price Details, in paise, from one function: the server's quote
// prices a payment with it and the checkout page shows what it returns (spec section 9).
import { type PrepaidDiscount, prepaidDiscountPaise } from './cod.ts';
import { type AppliedOffer, applyOffers, type OfferNudge, type OfferRule, offerNudges } from './offers.ts';
import { baseShippingCharge, orderTotal, type ShippingMilestone, shippingCharge } from './pricing.ts';

export interface PricedLine {
  pricePaise: number;
  mrpPaise: number;
  quantity: number;
  /** What buy-x-get-y offers match on; lines without it are never counted by one. */
  productId?: number | undefined;
  /** What a free gift's stock is counted against. */
  variantId?: number | undefined;
}

export interface CartPriceInput {
  lines: readonly PricedLine[];
  /** Minimum cart value and charge, both in paise. */
  milestones: readonly ShippingMilestone[];
  /** The applied coupon's discount, worked out on `cartSubtotalPaise(lines)`. */
  couponDiscountPaise: number;
  platformFeePaise: number;
  prepaidDiscount: PrepaidDiscount | null;
  codFeePaise: number;
  /** The offers in force now (offerInForce), in the owner's order; none when absent. */
  offers?: readonly OfferRule[] | undefined;
  /** The code of the coupon whose discount is given, for the 'instead of' notice. */
  couponCode?: string | null | undefined;
}

/** Which of a coupon and offers that do not combine with it the shopper got (decision 0039). */
export type CouponNotice = { kind: 'OFFER_INSTEAD' | 'COUPON_INSTEAD'; code: string } | null;

export interface CartPrice {
  /** What the goods would cost at MRP (a line priced above its MRP counts at its price). */
  mrpTotalPaise: number;
  subtotalPaise: number;
  couponDiscountPaise: number;
  deliveryPaise: number;
  /** The highest delivery charge, shown struck through when the actual one is lower. */
  baseDeliveryPaise: number;
  platformFeePaise: number;
  /** Taken off an online payment only. */
  prepaidDiscountPaise: number;
  /** Before the COD fee or prepaid discount: what the COD limits compare. */
  orderValuePaise: number;
  /** Paid online. */
  totalPaise: number;
  codFeePaise: number;
  /** Paid on delivery. */
  codTotalPaise: number;
  /** Every applied offer's money off, together. */
  offerDiscountPaise: number;
  /** The offers applied, in order (a free gift with amount 0). */
  offers: AppliedOffer[];
  /** Per input line, what the applied offers take off it (never more than the line). */
  lineOfferDiscountsPaise: number[];
  /** The free gift the cart earned: one unit at ₹0. */
  gift: { offerId: number; variantId: number; productId: number; mrpPaise: number } | null;
  nudges: OfferNudge[];
  /** False when a coupon was given but offers that do not combine with it saved more. */
  couponApplied: boolean;
  couponNotice: CouponNotice;
}

export function cartSubtotalPaise(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
}

/**
 * The offers and coupon the cart gets: every offer with the coupon when each applied offer
 * combines with coupons; otherwise whichever takes more off of (a) every offer without the coupon
 * and (b) the coupon with the offers that combine, a tie going to the offers (decision 0039).
 */
function offersAndCoupon(input: CartPriceInput) {
  const offers = input.offers ?? [];
  const all = applyOffers(input.lines, offers);
  const code = input.couponCode ?? '';
  // With offers beside it, a coupon takes no more than the goods have left.
  const couponBeside = (offerPaise: number) =>
    Math.max(0, Math.min(input.couponDiscountPaise, cartSubtotalPaise(input.lines) - offerPaise));
  const coupon = input.couponDiscountPaise;
  if (coupon <= 0 || all.applied.every((o) => o.combinesWithCoupons)) {
    const given = couponBeside(all.offerDiscountPaise);
    return { result: all, couponDiscountPaise: given, couponApplied: coupon > 0, notice: null };
  }
  const withCoupon = applyOffers(
    input.lines,
    offers.filter((o) => o.combinesWithCoupons),
  );
  // Saving is money off the total: a free gift is not counted (decision 0039), so the shopper's
  // total is the lower of the two and a bigger basket never costs more than what it adds.
  const withCouponOff = withCoupon.offerDiscountPaise + couponBeside(withCoupon.offerDiscountPaise);
  if (all.offerDiscountPaise >= withCouponOff) {
    const notice: CouponNotice = { kind: 'OFFER_INSTEAD', code };
    return { result: all, couponDiscountPaise: 0, couponApplied: false, notice };
  }
  const notice: CouponNotice = { kind: 'COUPON_INSTEAD', code };
  return {
    result: withCoupon,
    couponDiscountPaise: couponBeside(withCoupon.offerDiscountPaise),
    couponApplied: true,
    notice,
  };
}

export function priceCart(input: CartPriceInput): CartPrice {
  const { lines, milestones, platformFeePaise, codFeePaise } = input;
  const subtotalPaise = cartSubtotalPaise(lines);
  const mrpTotalPaise = lines.reduce((sum, l) => sum + Math.max(l.mrpPaise, l.pricePaise) * l.quantity, 0);
  const deliveryPaise = shippingCharge(milestones, subtotalPaise);
  const chosen = offersAndCoupon(input);
  const { couponDiscountPaise } = chosen;
  const { offerDiscountPaise } = chosen.result;
  const parts = {
    subtotal: subtotalPaise,
    // Total = subtotal − coupon discount − offer discount + delivery + platform fee (issue 36).
    couponDiscount: couponDiscountPaise + offerDiscountPaise,
    deliveryCharge: deliveryPaise,
    platformFee: platformFeePaise,
  };
  const prepaid = prepaidDiscountPaise(
    input.prepaidDiscount,
    subtotalPaise - couponDiscountPaise - offerDiscountPaise,
  );
  const gift = chosen.result.gift;
  return {
    mrpTotalPaise,
    subtotalPaise,
    couponDiscountPaise,
    deliveryPaise,
    baseDeliveryPaise: baseShippingCharge(milestones),
    platformFeePaise,
    prepaidDiscountPaise: prepaid,
    orderValuePaise: orderTotal(parts),
    totalPaise: orderTotal({ ...parts, prepaidDiscount: prepaid }),
    codFeePaise,
    codTotalPaise: orderTotal({ ...parts, codFee: codFeePaise }),
    offerDiscountPaise,
    offers: chosen.result.applied,
    lineOfferDiscountsPaise: chosen.result.lineDiscountsPaise,
    gift: gift && {
      offerId: gift.offerId,
      variantId: gift.variantId,
      productId: gift.productId,
      mrpPaise: gift.mrpPaise,
    },
    nudges: offerNudges(lines, input.offers ?? []),
    couponApplied: chosen.couponApplied,
    couponNotice: chosen.notice,
  };
}
