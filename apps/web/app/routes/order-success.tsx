import type { OrderDetailDto } from '@spice/shared/contracts/commerce';
import { deliveryDay } from '@spice/shared/delivery';
import { formatRupees } from '@spice/shared/money';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { api } from '../features/account/api';
import { clearCartLocally, refreshCart } from '../features/cart/cart-store';
import { DeliveryAddress } from '../features/orders/delivery-address';
import { PushOffer } from '../features/pwa/push-offer';
import { metaT, useLang, useLocalePath, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import orderStylesHref from '../styles/order.css?url';
import { useHydrated } from '../use-hydrated';
import type { Route } from './+types/order-success';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: orderStylesHref }];

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const lang = root.lang;
  return seoMeta({
    title: `${metaT(matches)('orderSuccess.metaTitle')} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang,
    path: '/order-success',
    noindex: true,
  });
}

/** The page's messages: the page itself reads the order in the browser. */
export function loader({ request }: Route.LoaderArgs) {
  return { i18n: pageMessages(request, 'order-success') };
}

interface SuccessState {
  orderId: string;
  /** In paise (x100), as the spec passes it. */
  totalAmount: number;
  /** Absent for an online payment. */
  paymentId?: string;
  paymentMode?: 'COD';
}

export default function OrderSuccess() {
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const lp = useLocalePath();
  const lang = useLang();
  // The navigation state lives in the browser's history (a reload keeps it); the server never has
  // it, so the page uses it only once hydrated.
  const hydrated = useHydrated();
  const state = hydrated ? (location.state as SuccessState | null) : null;

  useEffect(() => {
    if (!hydrated) return;
    // Opened without the navigation state (a typed URL, a link): nothing to show.
    if (!state?.orderId) {
      navigate(lp('/'), { replace: true });
      return;
    }
    clearCartLocally();
    void refreshCart();
  }, [hydrated, state, navigate, lp]);

  // Where the order goes, from the shopper's own order (the navigation state has only the ids).
  const orderId = state?.orderId;
  const [placed, setPlaced] = useState<OrderDetailDto | null>(null);
  const address = placed?.deliveryAddress ?? null;
  const estimate = placed?.estimatedDelivery ?? null;
  useEffect(() => {
    if (!orderId) return;
    api<OrderDetailDto>(`/orders/${encodeURIComponent(orderId)}`)
      .then(setPlaced)
      .catch((error: unknown) => console.warn('order fetch failed', error));
  }, [orderId]);

  if (!state?.orderId) return <main className="page" />;
  return (
    <main className="page order-success">
      <div className="order-success__tick" aria-hidden="true">
        ✓
      </div>
      {state.paymentMode === 'COD' ? (
        <>
          <h1>{t('orderSuccess.codHeading')}</h1>
          <p>{t('orderSuccess.payOnDelivery', { amount: formatRupees(state.totalAmount) })}</p>
        </>
      ) : (
        <>
          <h1>{t('orderSuccess.paidHeading')}</h1>
          <p>{t('orderSuccess.paidText')}</p>
        </>
      )}
      <dl>
        <div>
          <dt>{t('orderSuccess.orderId')}</dt>
          <dd>{state.orderId}</dd>
        </div>
        <div>
          <dt>{t('orderSuccess.totalAmount')}</dt>
          <dd>{formatRupees(state.totalAmount)}</dd>
        </div>
        {state.paymentMode === 'COD' ? (
          <div>
            <dt>{t('orderSuccess.payment')}</dt>
            <dd>{t('orderSuccess.cod')}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('orderSuccess.paymentId')}</dt>
            <dd>{state.paymentId}</dd>
          </div>
        )}
      </dl>
      {estimate ? (
        <p className="order-success__estimate delivery-estimate">
          {t('orderSuccess.deliveryBy', { date: deliveryDay(estimate.to, lang) })}
        </p>
      ) : null}
      {address ? (
        <section className="order-success__address" aria-labelledby="delivery-heading">
          <h2 id="delivery-heading">{t('orderSuccess.deliveringTo')}</h2>
          <DeliveryAddress address={address} />
        </section>
      ) : null}
      <PushOffer />
      <div className="order-success__actions">
        <Link to={lp(`/orders/${state.orderId}`)} className="button">
          {t('orderSuccess.viewOrder')}
        </Link>
        <Link to={lp('/')} className="button button--primary">
          {t('orderSuccess.backHome')}
        </Link>
      </div>
    </main>
  );
}
