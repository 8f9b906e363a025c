// The shopper's sentences of automatic offers (issue 36) in English and Hindi, as the checkout's
// quote answers them. The pages show the same sentences from the catalogue (messages/*.json,
// namespace 'offers'); offer-texts.test.ts keeps the two word for word alike.
import type { Lang } from './lang.ts';
import { formatRupees } from './money.ts';
import type { OfferNudge } from './offers.ts';
import type { CouponNotice } from './price-cart.ts';

/** 'Add ₹212 more to get 10% off' / 'Add ₹X more to get a free gift'. */
export function offerNudgeText(nudge: OfferNudge, lang: Lang): string {
  const amount = formatRupees(nudge.amountToGoPaise);
  if (nudge.kind === 'FREE_GIFT')
    return lang === 'hi'
      ? `मुफ़्त उपहार पाने के लिए ${amount} का सामान और जोड़ें`
      : `Add ${amount} more to get a free gift`;
  const off = nudge.tier.type === 'PERCENT' ? `${nudge.tier.value}%` : formatRupees(nudge.tier.value);
  return lang === 'hi'
    ? `${off} की छूट पाने के लिए ${amount} का सामान और जोड़ें`
    : `Add ${amount} more to get ${off} off`;
}

/** 'Offer applied instead of coupon KESAR10: it saves you more.' (or the coupon instead of offers). */
export function couponNoticeText(notice: NonNullable<CouponNotice>, lang: Lang): string {
  if (notice.kind === 'OFFER_INSTEAD')
    return lang === 'hi'
      ? `कूपन ${notice.code} की जगह ऑफ़र लगाया गया: इससे आपकी ज़्यादा बचत होती है।`
      : `Offer applied instead of coupon ${notice.code}: it saves you more.`;
  return lang === 'hi'
    ? `ऑफ़र की जगह कूपन ${notice.code} लगाया गया: इससे आपकी ज़्यादा बचत होती है।`
    : `Coupon ${notice.code} applied instead of the offer: it saves you more.`;
}
