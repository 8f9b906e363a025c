// Automatic offers on the storefront (issue 36): the product page's line, the cart's nudges, the
// free gift's line and Price Details' offer rows. Imported only by the product, cart, checkout and
// order routes (never the home page's chunks); the figures come from the shared priceCart.

import { formatRupees, rupeesToPaise as paise } from '@spice/shared/money';
import type { OfferNudge } from '@spice/shared/offers';
import type { CouponNotice } from '@spice/shared/price-cart';
import { Link } from 'react-router';
import { useLang, useLocalePath, useT } from '../../i18n';

/** 'Buy 2, get 1 free' under the price, for each buy-x-get-y offer counting this product. */
export function ProductOfferLines({
  offers,
}: {
  offers: readonly { id: number; buy: number; get: number; percentOff: number }[];
}) {
  const t = useT();
  if (offers.length === 0) return null;
  return (
    <ul className="offer-lines">
      {offers.map((o) => (
        <li key={o.id} className="offer-line">
          {o.percentOff === 100
            ? t('offers.productLine', { buy: o.buy, get: o.get })
            : t('offers.productLinePercent', { buy: o.buy, get: o.get, percent: o.percentOff })}
        </li>
      ))}
    </ul>
  );
}

/** 'Add ₹212 more to get 10% off', like the shipping nudge. */
export function OfferNudges({ nudges }: { nudges: readonly OfferNudge[] }) {
  const t = useT();
  if (nudges.length === 0) return null;
  return (
    <ul className="offer-nudges" aria-live="polite">
      {nudges.map((n) => {
        const amount = formatRupees(n.amountToGoPaise);
        const text =
          n.kind === 'FREE_GIFT'
            ? t('offers.nudgeGift', { amount })
            : n.tier.type === 'PERCENT'
              ? t('offers.nudgePercent', { amount, percent: n.tier.value })
              : t('offers.nudgeFlat', { amount, off: formatRupees(n.tier.value) });
        return (
          <li key={`${n.kind}-${n.offerId}`} className="offer-nudge">
            {text}
          </li>
        );
      })}
    </ul>
  );
}

export interface GiftDisplay {
  productName: string;
  weight: string;
  slug: string;
  image: string;
  mrp: number;
}

/** The free gift's line: marked, one unit, ₹0, no quantity control. */
export function GiftLine({ gift, offerName }: { gift: GiftDisplay; offerName: string }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <div className="gift-line" data-testid="gift-line">
      <img src={gift.image || '/default-image.jpg'} alt="" width="56" height="56" loading="lazy" />
      <span className="gift-line__info">
        <span className="gift-line__tag">{t('offers.freeGift')}</span>
        <Link to={lp(`/product/${gift.slug}`)} className="gift-line__name">
          {gift.productName}
        </Link>
        <small>
          {gift.weight} × 1 · {t('offers.giftOf', { name: offerName })}
        </small>
      </span>
      <span className="gift-line__price">
        {gift.mrp > 0 ? <s>{formatRupees(paise(gift.mrp))}</s> : null}
        <strong>{t('offers.free')}</strong>
      </span>
    </div>
  );
}

/** An offer's name in the page's language ('' Hindi falls back to English). */
export function useOfferName() {
  const lang = useLang();
  return (o: { name: string; nameHi: string }) => (lang === 'hi' && o.nameHi ? o.nameHi : o.name);
}

/** Price Details' 'Offer discount' row per offer with money off, by name. */
export function OfferRows({
  offers,
}: {
  offers: readonly { name: string; nameHi: string; amountPaise: number }[];
}) {
  const t = useT();
  const name = useOfferName();
  return (
    <>
      {offers
        .filter((o) => o.amountPaise > 0)
        .map((o) => (
          <div key={o.name} className="offer-row">
            <dt>{t('offers.offerDiscount', { name: name(o) })}</dt>
            <dd className="saving">−{formatRupees(o.amountPaise)}</dd>
          </div>
        ))}
    </>
  );
}

/** 'Offer applied instead of coupon KESAR10: it saves you more.' (or the coupon instead). */
export function CouponNoticeLine({ notice }: { notice: CouponNotice }) {
  const t = useT();
  if (!notice) return null;
  return (
    <p className="form-notice offer-notice" role="status">
      {notice.kind === 'OFFER_INSTEAD'
        ? t('offers.offerInstead', { code: notice.code })
        : t('offers.couponInstead', { code: notice.code })}
    </p>
  );
}
