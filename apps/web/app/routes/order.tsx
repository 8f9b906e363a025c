import type { OrderDetailDto } from '@spice/shared/contracts/commerce';
import { deliveryDay } from '@spice/shared/delivery';
import { localizePath, pathLang } from '@spice/shared/lang';
import { pick } from '@spice/shared/localized';
import { formatPrice, formatRupees, rupeesToPaise } from '@spice/shared/money';
import { RETURN_CAUSES } from '@spice/shared/payments';
import { useState } from 'react';
import { isRouteErrorResponse, Link, redirect } from 'react-router';
import { Toast } from '../components/toast';
import { currentUser, getStorefront } from '../context';
import { addToCart } from '../features/cart/cart-store';
import { OfferRows } from '../features/offers/offer-parts';
import { CancelOrder } from '../features/orders/cancel-order';
import { DeliveryAddress } from '../features/orders/delivery-address';
import { InvoiceLinks } from '../features/orders/invoice-links';
import { useOrderLabels } from '../features/orders/labels';
import { OrderTimeline } from '../features/orders/order-timeline';
import { PayNow } from '../features/orders/pay-now';
import { RecallRequest } from '../features/orders/recall-request';
import { ShipmentTracking } from '../features/orders/shipment-tracking';
import { metaT, useLang, useLocalePath, useSpecMessages, useT } from '../i18n';
import { pageMessages, pageNotFound } from '../i18n/server';
import { seoMeta } from '../seo';
import offersStylesHref from '../styles/offers.css?url';
import orderStylesHref from '../styles/order.css?url';
import type { Route } from './+types/order';
import { NotFoundView } from './not-found';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: orderStylesHref },
  { rel: 'stylesheet', href: offersStylesHref },
];

export function meta({ params, matches, error }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const lang = root.lang;
  return seoMeta({
    title: `${metaT(matches, error)('order.title', { number: params.orderNumber })} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang,
    path: `/orders/${params.orderNumber}`,
    noindex: true,
  });
}

// Only the shopper who placed the order sees it: logged out goes to My Orders (which offers the
// login); anyone else's order number is the same 404 as one that does not exist.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const user = await currentUser(context);
  if (!user) throw redirect(localizePath('/orders', pathLang(new URL(request.url).pathname)));
  const recallNumber = new URL(request.url).searchParams.get('recall');
  try {
    return {
      ...(await services.customerOrders.detail(user.id, params.orderNumber)),
      // Issue 39: the recall message's link names the recall; only the shopper's own affected order shows it.
      recall: recallNumber
        ? await services.recalls.forShopper(user.id, recallNumber.slice(0, 20), params.orderNumber)
        : null,
      i18n: pageMessages(request, 'order'),
    };
  } catch (error) {
    if ((error as { kind?: string }).kind === 'notFound') throw pageNotFound(request, 'order');
    throw error;
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function OrderPage({ loaderData: order }: Route.ComponentProps) {
  const [toast, setToast] = useState('');
  const t = useT();
  const lp = useLocalePath();
  const labels = useOrderLabels();
  const lang = useLang();
  return (
    <main className="page order-page">
      <nav aria-label={t('order.breadcrumb')} className="breadcrumb">
        <Link to={lp('/')}>{t('order.home')}</Link> / <Link to={lp('/orders')}>{t('order.myOrders')}</Link> /{' '}
        <span aria-current="page">{order.orderNumber}</span>
      </nav>
      <div className="order-page__head">
        <h1>{t('order.title', { number: order.orderNumber })}</h1>
        <span className={`status status--${order.orderStatus.toLowerCase()}`}>
          {labels.status(order.orderStatus)}
        </span>
      </div>
      <p className="order-page__placed">{t('order.placedOn', { date: labels.dateTime(order.createdAt) })}</p>
      {/* The order's own promise, kept from placement, until it arrives (or will not). */}
      {order.estimatedDelivery && ['PLACED', 'CONFIRMED', 'PACKED', 'SHIPPED'].includes(order.orderStatus) ? (
        <p className="order-page__estimate delivery-estimate">
          {t('order.deliveryBy', { date: deliveryDay(order.estimatedDelivery.to, lang) })}
        </p>
      ) : null}
      {order.invoiceNumber ? (
        <p className="order-page__invoice">
          {t('order.invoice', { number: order.invoiceNumber })}{' '}
          <InvoiceLinks
            orderNumber={order.orderNumber}
            invoiceNumber={order.invoiceNumber}
            status={order.orderStatus}
            creditNotes={order.creditNotes}
          />
        </p>
      ) : null}

      {order.recall ? <RecallRequest orderNumber={order.orderNumber} recall={order.recall} /> : null}

      <div className="order-page__layout">
        <div className="order-page__main">
          <section className="order-panel" aria-labelledby="items-heading">
            <h2 id="items-heading">{t('order.itemsHeading')}</h2>
            <ul className="order-items">
              {order.items.map((item) => (
                <OrderItem
                  key={`${item.productId}-${item.variant}${item.gift ? '-gift' : ''}`}
                  item={item}
                  delivered={order.orderStatus === 'DELIVERED'}
                  onAdded={setToast}
                />
              ))}
            </ul>
          </section>

          <section className="order-panel" aria-labelledby="status-heading">
            <h2 id="status-heading">{t('order.statusHeading')}</h2>
            <OrderTimeline order={order} />
            {order.tracking ? (
              <ShipmentTracking tracking={order.tracking} delivered={order.orderStatus === 'DELIVERED'} />
            ) : order.trackingId ? (
              <p className="order-page__tracking">
                {t('order.trackingId')} <strong>{order.trackingId}</strong>
              </p>
            ) : null}
          </section>
        </div>

        <aside className="order-page__side">
          <CancelOrder order={order} onCancelled={setToast} />
          <section className="order-panel" aria-labelledby="address-heading">
            <h2 id="address-heading">{t('order.addressHeading')}</h2>
            <DeliveryAddress address={order.deliveryAddress} />
          </section>

          <section className="order-panel" aria-labelledby="payment-heading">
            <h2 id="payment-heading">{t('order.paymentHeading')}</h2>
            <dl className="order-facts">
              <div>
                <dt>{t('order.paymentMode')}</dt>
                <dd>{labels.paymentMode(order.paymentMode)}</dd>
              </div>
              <div>
                <dt>{t('order.paymentStatus')}</dt>
                <dd>{labels.paymentStatus(order.paymentStatus)}</dd>
              </div>
              {order.paymentMode === 'RAZORPAY' ? (
                <div>
                  <dt>{t('order.paymentId')}</dt>
                  <dd>{order.paymentId}</dd>
                </div>
              ) : null}
            </dl>
            {order.returnedPayments.length > 0 ? (
              <ul className="order-refunds order-returned" aria-label={t('refund.list')}>
                {order.returnedPayments.map((p) => (
                  <li key={p.at} className="order-refund">
                    {t(p.status === 'refunded' ? 'order.returnedRefunded' : 'order.returnedPending', {
                      amount: formatPrice(p.amount),
                      cause: returnCause(p.reason, lang),
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
            {order.paymentStatus === 'COD_PENDING' && order.orderStatus !== 'CANCELLED' ? (
              <p className="order-cod-due">
                {t('order.codDue', { amount: formatPrice(order.priceDetails.finalAmount) })}
              </p>
            ) : null}
            {order.payNow ? (
              <PayNow
                orderNumber={order.orderNumber}
                offer={order.payNow}
                codTotal={order.priceDetails.finalAmount}
                onPaid={setToast}
              />
            ) : null}
            {order.refunds.length > 0 ? (
              <ul className="order-refunds" aria-label={t('refund.list')}>
                {order.refunds.map((r) => (
                  <li key={r.id} className={`order-refund order-refund--${r.status}`}>
                    {labels.refund(r.status, rupeesToPaise(r.amount))}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          <section className="order-panel" aria-labelledby="price-heading">
            <h2 id="price-heading">{t('order.priceHeading')}</h2>
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
  delivered,
  onAdded,
}: {
  item: OrderDetailDto['items'][number];
  /** Only what has arrived can be rated. */
  delivered: boolean;
  onAdded: (message: string) => void;
}) {
  const [adding, setAdding] = useState(false);
  const t = useT();
  const lp = useLocalePath();
  const { messages } = useSpecMessages();
  const lang = useLang();
  // The names the order was placed with, in Hindi on a Hindi page when the catalogue had them.
  const productName = pick(item.productName, item.productNameHi, lang);
  const variant = pick(item.variant, item.variantHi, lang);
  const name = item.slug ? <Link to={lp(`/product/${item.slug}`)}>{productName}</Link> : productName;
  return (
    <li className="order-item">
      <img src={item.image} alt="" width="72" height="72" loading="lazy" />
      <div className="order-item__body">
        <p className="order-item__name">{name}</p>
        <p className="order-item__meta">
          {variant} × {item.quantity}
        </p>
        {item.refundedQuantity > 0 ? (
          <p className="order-item__refunded">
            {t('order.refundedUnits', { count: item.refundedQuantity, quantity: item.quantity })}
          </p>
        ) : null}
        {item.gift ? <p className="gift-line__tag">{t('offers.freeGift')}</p> : null}
        <p className="order-item__price">
          {item.mrp > item.price ? <s>{formatRupees(rupeesToPaise(item.mrp) * item.quantity)}</s> : null}{' '}
          <strong>
            {item.gift ? t('offers.free') : formatRupees(rupeesToPaise(item.price) * item.quantity)}
          </strong>
        </p>
        <div className="order-item__actions">
          {item.slug && delivered ? (
            <Link to={lp(`/rate/${item.productId}`)} className="button button--small">
              {t('order.rate')}
            </Link>
          ) : null}
          <button
            type="button"
            className="button button--small button--primary"
            disabled={!item.buyable || item.variantId === null || adding}
            aria-label={t('order.buyAgainLabel', { name: `${productName} ${variant}` })}
            onClick={async () => {
              if (item.variantId === null) return;
              setAdding(true);
              const result = await addToCart({
                productId: item.productId,
                variantId: item.variantId,
                quantity: 1,
              });
              setAdding(false);
              if (result.ok) onAdded(messages.addedToCart);
              else if (result.message) onAdded(result.message);
            }}
          >
            {item.buyable ? t('order.buyAgain') : t('order.outOfStock')}
          </button>
        </div>
      </div>
    </li>
  );
}

/** The order's price rows as charged at checkout; rows that took nothing off are left out. */
function PriceDetails({ prices }: { prices: OrderDetailDto['priceDetails'] }) {
  const t = useT();
  return (
    <dl className="order-facts order-prices">
      <div>
        <dt>{t('checkout.totalMrp')}</dt>
        <dd>{formatPrice(prices.totalMrp)}</dd>
      </div>
      {prices.discount > 0 ? (
        <div>
          <dt>{t('checkout.mrpDiscount')}</dt>
          <dd className="saving">−{formatPrice(prices.discount)}</dd>
        </div>
      ) : null}
      {prices.couponDiscount > 0 ? (
        <div>
          <dt>
            {prices.appliedCouponCode
              ? t('checkout.couponDiscountCode', { code: prices.appliedCouponCode })
              : t('checkout.couponDiscount')}
          </dt>
          <dd className="saving">−{formatPrice(prices.couponDiscount)}</dd>
        </div>
      ) : null}
      {/* Issue 36: an 'Offer discount' row per offer, by name. */}
      <OfferRows offers={prices.offers.map((o) => ({ ...o, amountPaise: rupeesToPaise(o.amount) }))} />
      <div>
        <dt>{t('checkout.deliveryCharges')}</dt>
        <dd>
          {prices.deliveryCharges === 0 ? (
            <span className="saving">{t('checkout.free')}</span>
          ) : (
            formatPrice(prices.deliveryCharges)
          )}
        </dd>
      </div>
      <div>
        <dt>{t('checkout.platformFee')}</dt>
        <dd>{formatPrice(prices.platformFee)}</dd>
      </div>
      {prices.codFee > 0 ? (
        <div>
          <dt>{t('checkout.codFee')}</dt>
          <dd>{formatPrice(prices.codFee)}</dd>
        </div>
      ) : null}
      {prices.prepaidDiscount > 0 ? (
        <div>
          <dt>{t('checkout.prepaidDiscount')}</dt>
          <dd>−{formatPrice(prices.prepaidDiscount)}</dd>
        </div>
      ) : null}
      <div className="order-prices__total">
        <dt>{t('checkout.totalAmount')}</dt>
        <dd>{formatPrice(prices.finalAmount)}</dd>
      </div>
    </dl>
  );
}

/** Why a payment was refunded instead of applied, in the page's language. */
function returnCause(reason: string | null, lang: 'en' | 'hi'): string {
  const cause = reason ? RETURN_CAUSES[reason] : undefined;
  if (cause) return cause[lang === 'hi' ? 1 : 0];
  return lang === 'hi' ? 'यह ऑर्डर पर लागू नहीं हो सका' : 'it could not be applied to the order';
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView what="order" error={error} />;
  throw error;
}
