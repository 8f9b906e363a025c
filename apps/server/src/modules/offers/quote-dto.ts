// The quote as the API answers it (rupees, the shopper's language), Price Details shaped like an
// order's (orders/dto.ts priceDetailsDto).
import type { CheckoutQuoteDto } from '@spice/shared/contracts/offers';
import type { Lang } from '@spice/shared/lang';
import { toRupees } from '@spice/shared/money';
import { couponNoticeText, offerNudgeText } from '@spice/shared/offer-texts';
import { priceDetailsDto } from '../orders/dto.ts';
import type { Quote } from '../orders/service.ts';

export function quoteDto(
  q: Quote,
  couponCode: string | null,
  paymentMode: 'COD' | 'RAZORPAY',
  lang: Lang,
): CheckoutQuoteDto {
  const cod = paymentMode === 'COD';
  const local = (en: string, hi: string | undefined) => (lang === 'hi' && hi ? hi : en);
  return {
    lines: q.lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      productName: local(l.productName, l.productNameHi),
      variant: local(l.weight, l.weightHi),
      quantity: l.quantity,
      price: toRupees(l.pricePaise),
      mrp: toRupees(l.mrpPaise),
      gift: l.gift === true,
    })),
    priceDetails: priceDetailsDto({
      ...q,
      couponCode: q.coupon?.code ?? null,
      codFeePaise: cod ? q.codFeePaise : 0,
      prepaidDiscountPaise: cod ? 0 : q.prepaidDiscountPaise,
      totalPaise: cod ? q.codTotalPaise : q.totalPaise,
    }),
    offers: q.offers.map((o) => ({
      id: o.id,
      name: local(o.name, o.nameHi),
      amount: toRupees(o.amountPaise),
    })),
    nudges: q.nudges.map((n) => ({
      kind: n.kind,
      offerId: n.offerId,
      amountToGo: toRupees(n.amountToGoPaise),
      text: offerNudgeText(n, lang),
    })),
    couponApplied: q.couponApplied,
    couponNotice: q.couponNotice && couponCode ? couponNoticeText(q.couponNotice, lang) : null,
  };
}
