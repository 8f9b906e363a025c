import type { OrderSummaryDto } from '@spice/shared/contracts/commerce';
import { pick } from '@spice/shared/localized';
import { formatPrice } from '@spice/shared/money';
import { Link, useNavigation } from 'react-router';
import { currentUser, getStorefront } from '../context';
import { openLogin } from '../features/account/modal-events';
import { InvoiceLinks } from '../features/orders/invoice-links';
import { useOrderLabels } from '../features/orders/labels';
import { metaT, useLang, useLocalePath, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import type { Route } from './+types/orders';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const lang = root.lang;
  return seoMeta({
    title: `${metaT(matches)('orders.title')} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang,
    path: '/orders',
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const user = await currentUser(context);
  const i18n = pageMessages(request, 'orders');
  if (!user) return { loggedIn: false as const, orders: [] as OrderSummaryDto[], i18n };
  return { loggedIn: true as const, orders: await services.orders.listForCustomer(user.id), i18n };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = useT();
  const lang = useLang();
  const lp = useLocalePath();
  const labels = useOrderLabels();
  const loading = navigation.state === 'loading' && navigation.location.pathname === lp('/orders');
  return (
    <main className="page orders">
      <h1>{t('orders.title')}</h1>
      {loading ? (
        <p className="empty">{t('orders.loading')}</p>
      ) : !loaderData.loggedIn ? (
        <div className="empty">
          <p>{t('orders.logIn')}</p>
          <button type="button" className="button button--primary" onClick={openLogin}>
            {t('orders.login')}
          </button>
        </div>
      ) : loaderData.orders.length === 0 ? (
        <p className="empty">{t('orders.none')}</p>
      ) : (
        <ul className="order-list">
          {loaderData.orders.map((o) => (
            <li key={o.orderNumber} className={`order-card order-card--${o.orderStatus.toLowerCase()}`}>
              {o.orderStatus === 'DELIVERED' ? (
                <p className="order-card__banner">{t('orders.delivered')}</p>
              ) : null}
              <div className="order-card__head">
                <div>
                  <strong>
                    <Link to={lp(`/orders/${o.orderNumber}`)}>
                      {t('orders.order', { number: o.orderNumber })}
                    </Link>
                  </strong>
                  <small>{labels.date(o.createdAt)}</small>
                </div>
                <span className={`status status--${o.orderStatus.toLowerCase()}`}>
                  {labels.status(o.orderStatus)}
                </span>
              </div>
              {o.items.length === 0 ? (
                <p className="order-card__empty">{t('orders.cancelledOrFailed')}</p>
              ) : (
                <ul className="order-card__items">
                  {o.items.map((i) => (
                    <li key={`${i.productName}-${i.variant}`}>
                      {pick(i.productName, i.productNameHi, lang)} ({pick(i.variant, i.variantHi, lang)}) ×{' '}
                      {i.quantity} <span>{formatPrice(i.price * i.quantity)}</span>
                    </li>
                  ))}
                </ul>
              )}
              <p className="order-card__payment">
                {labels.paymentMode(o.paymentMode)} · {labels.paymentStatus(o.paymentStatus)}
              </p>
              <div className="order-card__foot">
                {o.trackingId ? (
                  <span>
                    {t('orders.trackingId', { id: o.trackingId })}
                    {o.tracking?.url ? (
                      <>
                        {' · '}
                        <a href={o.tracking.url} target="_blank" rel="noopener noreferrer">
                          {t('tracking.trackOn', { courier: o.tracking.courier })}
                        </a>
                      </>
                    ) : null}
                  </span>
                ) : (
                  <span />
                )}
                <InvoiceLinks orderNumber={o.orderNumber} invoiceNumber={o.invoiceNumber} />
                <strong>{t('orders.total', { amount: formatPrice(o.totalAmount) })}</strong>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
