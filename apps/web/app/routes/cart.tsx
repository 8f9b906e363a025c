import { priceCart } from '@spice/shared/price-cart';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { getStorefront } from '../context';
import { useStoredUser } from '../features/account/user-store';
import {
  CartLines,
  CartTotal,
  ProceedButton,
  ShippingProgress,
  useMilestones,
} from '../features/cart/cart-contents';
import { useCart } from '../features/cart/cart-store';
import { giftOffer, offerLines } from '../features/offers/cart-offers';
import { GiftLine, OfferNudges, OfferRows, useOfferName } from '../features/offers/offer-parts';
import { cartCopyOf, saveCartCopy } from '../features/pwa/cart-copy';
import { metaSpec, useLocalePath, useSpecMessages, useT } from '../i18n';
import { langOf, pageMessages } from '../i18n/server';
import { useRootData } from '../root';
import { seoMeta } from '../seo';
import offersStylesHref from '../styles/offers.css?url';
import type { Route } from './+types/cart';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `${metaSpec(matches).messages.cartTitle} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: '/cart',
    noindex: true,
  });
}

// The cart's and checkout's offer styles (nudges, gift line, offer rows); the product page's
// offer line is in app.css, so a product page has no render-blocking sheet (issue 33).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: offersStylesHref }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const [milestones, offers] = await Promise.all([
    services.checkout.milestones(),
    services.offers.forShoppers(langOf(request)),
  ]);
  return { milestones, offers, i18n: pageMessages(request, 'cart') };
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { items, loaded } = useCart();
  const user = useStoredUser(useRootData().user);
  const milestones = useMilestones(loaderData.milestones);
  const t = useT();
  const lp = useLocalePath();
  const { messages } = useSpecMessages();
  const offerName = useOfferName();
  // The copy the offline cart page shows (issue 42): the cart as this page last saw it.
  useEffect(() => {
    if (loaded && user) saveCartCopy(cartCopyOf(user.mobile, items, new Date()));
  }, [loaded, user, items]);
  // The same priceCart the checkout and the server's quote use: nudges, the gift, offer rows.
  const { rules, gifts } = loaderData.offers;
  const priced = useMemo(
    () =>
      priceCart({
        lines: offerLines(items),
        milestones: [],
        couponDiscountPaise: 0,
        platformFeePaise: 0,
        prepaidDiscount: null,
        codFeePaise: 0,
        offers: rules,
      }),
    [items, rules],
  );
  const gift = priced.gift && gifts[priced.gift.offerId];
  const giftRule = giftOffer(rules, priced.gift?.offerId);
  if (loaded && items.length === 0) {
    return (
      <main className="page cart-page">
        <h1>{messages.cartTitle}</h1>
        <p className="empty">{messages.cartEmpty}</p>
        <Link to={lp('/')} className="button">
          {t('cart.continueShopping')}
        </Link>
      </main>
    );
  }
  return (
    <main className="page cart-page">
      <h1>{messages.cartTitle}</h1>
      {!loaded ? <p className="empty">{t('cart.loading')}</p> : null}
      {items.length > 0 ? (
        <div className="cart-page__layout">
          <div>
            <CartLines items={items} loggedIn={Boolean(user)} />
            {gift && giftRule ? <GiftLine gift={gift} offerName={offerName(giftRule)} /> : null}
          </div>
          <aside className="cart-page__summary">
            <ShippingProgress items={items} milestones={milestones} />
            <OfferNudges nudges={priced.nudges} />
            <CartTotal items={items} />
            {priced.offerDiscountPaise > 0 ? (
              <dl className="offer-rows">
                <OfferRows offers={priced.offers} />
              </dl>
            ) : null}
            <ProceedButton disabled={items.some((i) => !i.available)} />
          </aside>
        </div>
      ) : null}
    </main>
  );
}
