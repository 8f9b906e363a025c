import { PAYMENT_STATUS_LABELS, paymentModeLabel } from '@spice/shared/cod';
import type { OrderSummaryDto } from '@spice/shared/contracts/commerce';
import { formatPrice } from '@spice/shared/money';
import { statusLabel } from '@spice/shared/order-status';
import { Link, useNavigation } from 'react-router';
import { currentUser, getStorefront } from '../context';
import { openLogin } from '../features/account/modal-events';
import { InvoiceLinks } from '../features/orders/invoice-links';
import { seoMeta } from '../seo';
import type { Route } from './+types/orders';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `My Orders | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: '/orders',
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const user = await currentUser(services, request);
  if (!user) return { loggedIn: false as const, orders: [] as OrderSummaryDto[] };
  return { loggedIn: true as const, orders: await services.orders.listForCustomer(user.id) };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/orders';
  return (
    <main className="page orders">
      <h1>My Orders</h1>
      {loading ? (
        <p className="empty">Loading your orders...</p>
      ) : !loaderData.loggedIn ? (
        <div className="empty">
          <p>Log in to see your orders.</p>
          <button type="button" className="button button--primary" onClick={openLogin}>
            Login
          </button>
        </div>
      ) : loaderData.orders.length === 0 ? (
        <p className="empty">You have not placed any orders yet.</p>
      ) : (
        <ul className="order-list">
          {loaderData.orders.map((o) => (
            <li key={o.orderNumber} className={`order-card order-card--${o.orderStatus.toLowerCase()}`}>
              {o.orderStatus === 'DELIVERED' ? <p className="order-card__banner">Delivered</p> : null}
              <div className="order-card__head">
                <div>
                  <strong>
                    <Link to={`/orders/${o.orderNumber}`}>Order {o.orderNumber}</Link>
                  </strong>
                  <small>
                    {new Date(o.createdAt).toLocaleDateString('en-IN', {
                      dateStyle: 'medium',
                      timeZone: 'Asia/Kolkata',
                    })}
                  </small>
                </div>
                <span className={`status status--${o.orderStatus.toLowerCase()}`}>
                  {statusLabel(o.orderStatus)}
                </span>
              </div>
              {o.items.length === 0 ? (
                <p className="order-card__empty">This order was cancelled or failed.</p>
              ) : (
                <ul className="order-card__items">
                  {o.items.map((i) => (
                    <li key={`${i.productName}-${i.variant}`}>
                      {i.productName} ({i.variant}) × {i.quantity}{' '}
                      <span>{formatPrice(i.price * i.quantity)}</span>
                    </li>
                  ))}
                </ul>
              )}
              <p className="order-card__payment">
                {paymentModeLabel(o.paymentMode)} · {PAYMENT_STATUS_LABELS[o.paymentStatus]}
              </p>
              <div className="order-card__foot">
                {o.trackingId ? (
                  <span>
                    Tracking ID: {o.trackingId}
                    {o.tracking?.url ? (
                      <>
                        {' · '}
                        <a href={o.tracking.url} target="_blank" rel="noopener noreferrer">
                          Track on {o.tracking.courier}
                        </a>
                      </>
                    ) : null}
                  </span>
                ) : (
                  <span />
                )}
                <InvoiceLinks orderNumber={o.orderNumber} invoiceNumber={o.invoiceNumber} />
                <strong>Total {formatPrice(o.totalAmount)}</strong>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
