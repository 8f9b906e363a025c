import { PAYMENT_STATUS_LABELS, paymentModeLabel } from '@spice/shared/cod';
import type { OrderDetailDto } from '@spice/shared/contracts/commerce';
import { formatIst } from '@spice/shared/ist';
import { MESSAGES } from '@spice/shared/messages';
import { formatPrice, rupeesToPaise } from '@spice/shared/money';
import { statusLabel } from '@spice/shared/order-status';
import { refundStatusText } from '@spice/shared/refunds';
import { useState } from 'react';
import { data, isRouteErrorResponse, Link, redirect } from 'react-router';
import { Toast } from '../components/toast';
import { currentUser, getStorefront } from '../context';
import { addToCart } from '../features/cart/cart-store';
import { DeliveryAddress } from '../features/orders/delivery-address';
import { InvoiceLinks } from '../features/orders/invoice-links';
import { PayNow } from '../features/orders/pay-now';
import { ShipmentTracking } from '../features/orders/shipment-tracking';
import { seoMeta } from '../seo';
import orderStylesHref from '../styles/order.css?url';
import type { Route } from './+types/order';
import { NotFoundView } from './not-found';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: orderStylesHref }];

export function meta({ params, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `Order ${params.orderNumber} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: `/orders/${params.orderNumber}`,
    noindex: true,
  });
}

// Only the shopper who placed the order sees it: logged out goes to My Orders (which offers the
// login); anyone else's order number is the same 404 as one that does not exist.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const user = await currentUser(services, request);
  if (!user) throw redirect('/orders');
  try {
    return await services.customerOrders.detail(user.id, params.orderNumber);
  } catch (error) {
    if ((error as { kind?: string }).kind === 'notFound') throw data(null, { status: 404 });
    throw error;
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function OrderPage({ loaderData: order }: Route.ComponentProps) {
  const [toast, setToast] = useState('');
  return (
    <main className="page order-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> / <Link to="/orders">My Orders</Link> /{' '}
        <span aria-current="page">{order.orderNumber}</span>
      </nav>
      <div className="order-page__head">
        <h1>Order {order.orderNumber}</h1>
        <span className={`status status--${order.orderStatus.toLowerCase()}`}>
          {statusLabel(order.orderStatus)}
        </span>
      </div>
      <p className="order-page__placed">Placed on {formatIst(order.createdAt)}</p>
      {order.invoiceNumber ? (
        <p className="order-page__invoice">
          Invoice {order.invoiceNumber}:{' '}
          <InvoiceLinks
            orderNumber={order.orderNumber}
            invoiceNumber={order.invoiceNumber}
            status={order.orderStatus}
          />
        </p>
      ) : null}

      <div className="order-page__layout">
        <div className="order-page__main">
          <section className="order-panel" aria-labelledby="items-heading">
            <h2 id="items-heading">Items</h2>
            <ul className="order-items">
              {order.items.map((item) => (
                <OrderItem key={`${item.productId}-${item.variant}`} item={item} onAdded={setToast} />
              ))}
            </ul>
          </section>

          <section className="order-panel" aria-labelledby="status-heading">
            <h2 id="status-heading">Order Status</h2>
            <ol className="order-timeline">
              {order.statusHistory.map((step) => (
                <li
                  key={`${step.status}-${step.at}`}
                  className={`order-timeline__step status-step--${step.status.toLowerCase()}`}
                >
                  <strong>{statusLabel(step.status)}</strong>
                  <time dateTime={step.at}>{formatIst(step.at)}</time>
                </li>
              ))}
            </ol>
            {order.tracking ? (
              <ShipmentTracking tracking={order.tracking} />
            ) : order.trackingId ? (
              <p className="order-page__tracking">
                Tracking ID: <strong>{order.trackingId}</strong>
              </p>
            ) : null}
          </section>
        </div>

        <aside className="order-page__side">
          <section className="order-panel" aria-labelledby="address-heading">
            <h2 id="address-heading">Delivery Address</h2>
            <DeliveryAddress address={order.deliveryAddress} />
          </section>

          <section className="order-panel" aria-labelledby="payment-heading">
            <h2 id="payment-heading">Payment</h2>
            <dl className="order-facts">
              <div>
                <dt>Payment mode</dt>
                <dd>{paymentModeLabel(order.paymentMode)}</dd>
              </div>
              <div>
                <dt>Payment status</dt>
                <dd>{PAYMENT_STATUS_LABELS[order.paymentStatus]}</dd>
              </div>
              {order.paymentMode === 'RAZORPAY' ? (
                <div>
                  <dt>Payment ID</dt>
                  <dd>{order.paymentId}</dd>
                </div>
              ) : null}
            </dl>
            {order.payNow ? (
              <PayNow
                orderNumber={order.orderNumber}
                offer={order.payNow}
                codTotal={order.priceDetails.finalAmount}
                onPaid={setToast}
              />
            ) : null}
            {order.refunds.length > 0 ? (
              <ul className="order-refunds" aria-label="Refunds">
                {order.refunds.map((r) => (
                  <li key={r.id} className={`order-refund order-refund--${r.status}`}>
                    {refundStatusText(r.status, rupeesToPaise(r.amount))}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          <section className="order-panel" aria-labelledby="price-heading">
            <h2 id="price-heading">Price Details</h2>
            <PriceDetails prices={order.priceDetails} />
          </section>
        </aside>
      </div>
      <Toast message={toast} onDone={() => setToast('')} />
    </main>
  );
}

function OrderItem({
  item,
  onAdded,
}: {
  item: OrderDetailDto['items'][number];
  onAdded: (message: string) => void;
}) {
  const [adding, setAdding] = useState(false);
  const name = item.slug ? <Link to={`/product/${item.slug}`}>{item.productName}</Link> : item.productName;
  return (
    <li className="order-item">
      <img src={item.image} alt="" width="72" height="72" loading="lazy" />
      <div className="order-item__body">
        <p className="order-item__name">{name}</p>
        <p className="order-item__meta">
          {item.variant} × {item.quantity}
        </p>
        <p className="order-item__price">
          {item.mrp > item.price ? <s>{formatPrice(item.mrp * item.quantity)}</s> : null}{' '}
          <strong>{formatPrice(item.price * item.quantity)}</strong>
        </p>
        <div className="order-item__actions">
          {item.slug ? (
            <Link to={`/rate/${item.productId}`} className="button button--small">
              Rate this product
            </Link>
          ) : null}
          <button
            type="button"
            className="button button--small button--primary"
            disabled={!item.buyable || item.variantId === null || adding}
            aria-label={`Buy again: ${item.productName} ${item.variant}`}
            onClick={async () => {
              if (item.variantId === null) return;
              setAdding(true);
              const result = await addToCart({
                productId: item.productId,
                variantId: item.variantId,
                quantity: 1,
              });
              setAdding(false);
              if (result.ok) onAdded(MESSAGES.addedToCart);
              else if (result.message) onAdded(result.message);
            }}
          >
            {item.buyable ? 'Buy again' : 'Out of stock'}
          </button>
        </div>
      </div>
    </li>
  );
}

/** The order's price rows as charged at checkout; rows that took nothing off are left out. */
function PriceDetails({ prices }: { prices: OrderDetailDto['priceDetails'] }) {
  return (
    <dl className="order-facts order-prices">
      <div>
        <dt>Total MRP</dt>
        <dd>{formatPrice(prices.totalMrp)}</dd>
      </div>
      {prices.discount > 0 ? (
        <div>
          <dt>Discount on MRP</dt>
          <dd className="saving">−{formatPrice(prices.discount)}</dd>
        </div>
      ) : null}
      {prices.couponDiscount > 0 ? (
        <div>
          <dt>Coupon Discount{prices.appliedCouponCode ? ` (${prices.appliedCouponCode})` : ''}</dt>
          <dd className="saving">−{formatPrice(prices.couponDiscount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Delivery Charges</dt>
        <dd>
          {prices.deliveryCharges === 0 ? (
            <span className="saving">FREE</span>
          ) : (
            formatPrice(prices.deliveryCharges)
          )}
        </dd>
      </div>
      <div>
        <dt>Platform Fee</dt>
        <dd>{formatPrice(prices.platformFee)}</dd>
      </div>
      {prices.codFee > 0 ? (
        <div>
          <dt>Cash on delivery fee</dt>
          <dd>{formatPrice(prices.codFee)}</dd>
        </div>
      ) : null}
      {prices.prepaidDiscount > 0 ? (
        <div>
          <dt>Prepaid discount</dt>
          <dd>−{formatPrice(prices.prepaidDiscount)}</dd>
        </div>
      ) : null}
      <div className="order-prices__total">
        <dt>Total Amount</dt>
        <dd>{formatPrice(prices.finalAmount)}</dd>
      </div>
    </dl>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView what="order" />;
  throw error;
}
