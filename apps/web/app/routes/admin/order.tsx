import { orderTotalLabel, PAYMENT_STATUS_LABELS, paymentModeLabel } from '@spice/shared/cod';
import { type AdminOrderDetailDto, OrderLinesRefund, OrderStatusChange } from '@spice/shared/contracts/admin';
import { DeliveryFailedInput } from '@spice/shared/contracts/delivery-issues';
import { formatPrice, formatRupees, toPaise } from '@spice/shared/money';
import { statusLabel } from '@spice/shared/order-status';
import {
  cancelConfirmText,
  cancellationRefundPaise,
  REFUND_STATUS_LABELS,
  refundableOnline,
} from '@spice/shared/refunds';
import { can, type Permission, statusChangePermission } from '@spice/shared/staff';
import { orderDetailFor } from '@spice/shared/staff-view';
import { formatMobile } from '@spice/shared/validators';
import { type FormEvent, Fragment, useEffect, useRef, useState } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import { RtoRiskReasons } from '../../features/admin/rto-risk-badge';
import { InvoiceLinks } from '../../features/orders/invoice-links';
import { messagesOf } from '../../i18n/server';
import type { Route } from './+types/order';

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(`Order ${params.orderNumber}`);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user } = await requireAdminPage(context, 'orders.view');
  try {
    // A packer's page gets the order without money or contact details, as the API answers it.
    const detail = await services.adminOrders.detail(params.orderNumber);
    // Only the moves the role may make are offered (a packer: pack, ship, delivered).
    const nextStatuses = detail.nextStatuses.filter((s) => can(user.role, statusChangePermission(s)));
    const order = orderDetailFor(user, { ...detail, nextStatuses });
    // The shop's invoice links, in the back office's English (i18n/namespaces.ts has no admin pages).
    const i18n = messagesOf('en', ['invoice']);
    // The buttons this role may use (the action checks again).
    const may = { fulfil: can(user.role, 'orders.fulfil'), manage: can(user.role, 'orders.manage') };
    return { ...order, shippingOptions: services.shipping.options(), i18n, may };
  } catch (error) {
    const r = refusal(error);
    throw data(r.data, { status: r.init?.status ?? 404 });
  }
}

const CONFIRMATION_LABELS = {
  CONFIRMED: 'Confirmed',
  CANCELLED: 'Cancelled by the shopper',
  EXPIRED: 'Not confirmed in time: cancelled',
} as const;
const VIA_LABELS: Record<string, string> = {
  link: 'from the link',
  whatsapp: 'on WhatsApp',
  phone: 'by phone',
  address: 'with a new address',
  expiry: 'automatically',
  prepaid: 'by paying online',
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'orders.view');
  const form = await request.formData();
  const needs = (permission: Permission) => {
    if (!can(user.role, permission)) throw data({ reason: 'forbidden' }, { status: 403 });
  };
  const intent = form.get('intent');
  if (intent === 'delivery-failed') needs('orders.fulfil');
  else if (intent === 'cod-confirm-phone') needs('orders.manage');
  else if (intent === 'refund-lines') needs('refunds.issue');
  else needs(statusChangePermission(String(form.get('status') ?? '')));
  if (form.get('intent') === 'delivery-failed') {
    // The manual courier's failed attempt (issue 34): the shopper gets a link to answer.
    const parsedFailure = DeliveryFailedInput.safeParse({ reason: form.get('reason') ?? '' });
    if (!parsedFailure.success) {
      const message = parsedFailure.error.issues[0]?.message ?? 'Please check the form.';
      return data<ActionResult>({ ok: false, message }, { status: 400 });
    }
    try {
      await services.deliveryIssues.recordFailure(user, params.orderNumber, parsedFailure.data.reason);
      return {
        ok: true,
        message: 'Failed delivery recorded: the shopper is asked for a new day or a cancellation.',
      } as ActionResult;
    } catch (error) {
      return refusal(error);
    }
  }
  if (form.get('intent') === 'cod-confirm-phone') {
    try {
      await services.codConfirmation.confirmByPhone(user, params.orderNumber);
      return { ok: true, message: 'Cash-on-delivery order confirmed by phone.' } as ActionResult;
    } catch (error) {
      return refusal(error);
    }
  }
  if (form.get('intent') === 'refund-lines') {
    const chosen = chosenRefundLines(form);
    if ('error' in chosen) return data<ActionResult>({ ok: false, message: chosen.error }, { status: 400 });
    const parsedRefund = OrderLinesRefund.safeParse({ version: form.get('version'), lines: chosen.lines });
    if (!parsedRefund.success) {
      const message = parsedRefund.error.issues[0]?.message ?? 'Please check the form.';
      return data<ActionResult>({ ok: false, message }, { status: 400 });
    }
    try {
      const order = await services.adminOrders.refundLines(user, params.orderNumber, parsedRefund.data);
      const newest = order.refunds.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
      return {
        ok: true,
        message: `Refund of ${formatPrice(newest.amount)} requested: it goes through the payment gateway in the background.`,
      } as ActionResult;
    } catch (error) {
      return refusal(error);
    }
  }
  const parsed = OrderStatusChange.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data<ActionResult>(fieldErrors(parsed.error.issues), { status: 400 });
  // Cancelling moves money (a refund) and stock: only a confirmed request cancels, so a form sent
  // before the page's script runs still stops at the question.
  if (parsed.data.status === 'CANCELLED' && form.get('confirmCancel') !== 'yes') {
    return data<ActionResult & { confirmCancel: true }>(
      { ok: false, message: 'Please confirm the cancellation below.', confirmCancel: true },
      { status: 400 },
    );
  }
  try {
    // Shipping is the Ship step: the shipment (courier, AWB) is recorded with the status change.
    const order =
      parsed.data.status === 'SHIPPED'
        ? await services.shipping.ship(user, params.orderNumber, parsed.data)
        : await services.adminOrders.changeStatus(user, params.orderNumber, parsed.data);
    return { ok: true, message: `Order marked ${statusLabel(order.status).toLowerCase()}.` } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

/** The quantities typed in 'Refund lines' (fields `refund-{itemId}`); blank or 0 means not this line. */
function chosenRefundLines(
  form: FormData,
): { lines: { itemId: number; quantity: number }[] } | { error: string } {
  const lines: { itemId: number; quantity: number }[] = [];
  for (const [key, value] of form.entries()) {
    const item = /^refund-(\d+)$/.exec(key);
    if (!item || typeof value !== 'string' || value.trim() === '') continue;
    const quantity = Number(value);
    if (!Number.isInteger(quantity) || quantity < 0)
      return { error: 'Enter a whole number of units to refund.' };
    if (quantity > 0) lines.push({ itemId: Number(item[1]), quantity });
  }
  return { lines };
}

const automaticName = (provider: string) => (provider === 'shiprocket' ? 'Shiprocket' : provider);

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): ActionResult {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'status');
    errors[key] ??= issue.message;
  }
  return { ok: false, message: Object.values(errors)[0] ?? 'Please check the form.', errors };
}

export default function AdminOrder({ loaderData: o, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [chosen, setNext] = useState<string>(o.nextStatuses[0] ?? '');
  const { couriers, automatic } = o.shippingOptions;
  const [courier, setCourier] = useState<string>(automatic ? 'auto' : (couriers[0]?.code ?? 'other'));
  // After a change the allowed moves change too; a choice no longer offered falls back to the first.
  const next = o.nextStatuses.some((s) => s === chosen) ? chosen : (o.nextStatuses[0] ?? '');
  const result = actionData as (ActionResult & { confirmCancel?: boolean }) | undefined;
  const errors = { ...(result?.errors ?? {}), ...clientErrors };
  // 'Refund lines' offers what is left of each line of an order paid online and still open.
  // Null for a role without money or contact details (a packer): those parts are not drawn.
  const full = 'totals' in o ? o : null;
  const paidOnline =
    full !== null && refundableOnline({ paymentMode: full.payment.mode, paymentStatus: full.payment.status });
  const open = o.status !== 'CANCELLED' && o.status !== 'RTO';
  const refundable = paidOnline && open ? o.items.filter((i) => i.quantity > i.refundedQuantity) : [];
  const [confirming, setConfirming] = useState(false);
  // The server asks again when a cancel arrives unconfirmed; a new answer closes the question.
  useEffect(() => setConfirming(result?.confirmCancel === true), [result]);
  const canCancel = o.nextStatuses.some((s) => s === 'CANCELLED');
  const refundPaise = full
    ? cancellationRefundPaise({
        paymentMode: full.payment.mode,
        paymentStatus: full.payment.status,
        totalPaise: toPaise(full.totals.total),
        refunds: full.refunds.map((r) => ({ amountPaise: toPaise(r.amount), status: r.status })),
      })
    : 0;

  // The same shared schema as the server, so a missing tracking id is caught before sending.
  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = OrderStatusChange.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success && parsed.data.status === 'CANCELLED') {
      event.preventDefault();
      setClientErrors({});
      return setConfirming(true);
    }
    if (parsed.success) return setClientErrors({});
    event.preventDefault();
    setClientErrors(fieldErrors(parsed.error.issues).errors ?? {});
  }

  return (
    <>
      <p>
        <Link to="/admin/orders">← All orders</Link>
      </p>
      <h1>
        Order {o.orderNumber}{' '}
        <span className={`status status--${o.status.toLowerCase()}`}>{statusLabel(o.status)}</span>
      </h1>
      <p>
        Placed {istDateTime(o.createdAt)}
        {o.trackingId ? ` · Tracking id ${o.trackingId}` : ''}
        {full && o.invoiceNumber ? ` · Invoice ${o.invoiceNumber} ` : ''}
        {full ? (
          <InvoiceLinks
            orderNumber={o.orderNumber}
            invoiceNumber={o.invoiceNumber}
            status={o.status}
            creditNotes={full.creditNotes}
          />
        ) : null}
      </p>

      {result ? (
        <p className={`admin-message ${result.ok ? '' : 'admin-message--error'}`} role="status">
          {result.message}
        </p>
      ) : null}

      {o.codConfirmation !== 'NOT_REQUIRED' ? (
        <section className="admin-panel" aria-labelledby="cod-confirmation">
          <h2 id="cod-confirmation">Cash-on-delivery confirmation</h2>
          {o.codConfirmation === 'PENDING' ? (
            <>
              <p>
                <span className="status status--awaiting">Awaiting confirmation</span> The shopper has until{' '}
                {istDateTime(o.confirmBy!)} to confirm; unconfirmed, the order is then cancelled.
              </p>
              {o.may.manage ? (
                <Form method="post" className="admin-form">
                  <input type="hidden" name="intent" value="cod-confirm-phone" />
                  <button type="submit" className="button button--primary">
                    Confirmed by phone
                  </button>
                </Form>
              ) : null}
            </>
          ) : (
            <p>
              {CONFIRMATION_LABELS[o.codConfirmation]}
              {o.codConfirmationVia ? ` (${VIA_LABELS[o.codConfirmationVia] ?? o.codConfirmationVia})` : ''}
              {o.codConfirmedByName ? ` by ${o.codConfirmedByName}` : ''}.
            </p>
          )}
        </section>
      ) : null}

      <section className="admin-panel" aria-labelledby="change-status">
        <h2 id="change-status">Status</h2>
        {o.nextStatuses.length === 0 ? (
          <p>This order is {statusLabel(o.status).toLowerCase()}: its status cannot change any more.</p>
        ) : (
          <Form method="post" className="admin-form" onSubmit={validate} noValidate>
            <input type="hidden" name="version" value={o.version} />
            <label>
              Move to
              <select name="status" value={next} onChange={(e) => setNext(e.currentTarget.value)}>
                {o.nextStatuses.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </select>
            </label>
            {o.nextStatuses.includes('SHIPPED') && next === 'SHIPPED' ? (
              <>
                <label>
                  Courier
                  <select name="courier" value={courier} onChange={(e) => setCourier(e.currentTarget.value)}>
                    {automatic ? (
                      <option value="auto">Book with {automaticName(automatic)} (assigns the AWB)</option>
                    ) : null}
                    {couriers.map((c) => (
                      <option key={c.code} value={c.code}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </label>
                {courier === 'auto' ? null : (
                  <label>
                    Tracking id (AWB number, required to ship)
                    <input
                      name="trackingId"
                      maxLength={40}
                      autoComplete="off"
                      aria-invalid={errors.trackingId ? true : undefined}
                      aria-describedby={errors.trackingId ? 'tracking-error' : undefined}
                    />
                    {errors.trackingId ? (
                      <span id="tracking-error" className="field-error">
                        {errors.trackingId}
                      </span>
                    ) : null}
                  </label>
                )}
              </>
            ) : null}
            {next === 'CANCELLED' ? (
              <p className="admin-hint">
                Cancelling puts the items back in stock and gives the shopper their coupon use back. A payment
                made online is refunded through the payment gateway in the background.
              </p>
            ) : null}
            <button
              type="submit"
              className="button button--primary"
              disabled={navigation.state === 'submitting' || confirming}
            >
              {next === 'CANCELLED' ? 'Cancel order…' : 'Update status'}
            </button>
          </Form>
        )}
        {canCancel && confirming ? (
          <ConfirmCancel
            orderNumber={o.orderNumber}
            version={o.version}
            refundPaise={refundPaise}
            cashOnDelivery={full?.payment.mode === 'COD'}
            busy={navigation.state === 'submitting'}
            onKeep={() => setConfirming(false)}
          />
        ) : null}
      </section>

      <section className="admin-panel" aria-labelledby="shipment">
        <h2 id="shipment">Shipment</h2>
        {o.tracking ? (
          <>
            <p>
              {o.tracking.courier} · AWB <strong>{o.tracking.awb}</strong>
              {o.tracking.url ? (
                <>
                  {' · '}
                  <a href={o.tracking.url} target="_blank" rel="noopener noreferrer">
                    Track on {o.tracking.courier}
                  </a>
                </>
              ) : null}
            </p>
            {o.tracking.events.length > 0 ? (
              <ol className="admin-events">
                {o.tracking.events.map((e) => (
                  <li key={`${e.status}-${e.at}`}>
                    {istDateTime(e.at)} · {e.status}
                    {e.location ? ` · ${e.location}` : ''}
                    {e.detail ? ` · ${e.detail}` : ''}
                  </li>
                ))}
              </ol>
            ) : (
              <p>No courier updates yet.</p>
            )}
            {o.status === 'SHIPPED' && o.may.fulfil ? (
              <Form method="post" className="admin-filters delivery-failed">
                <input type="hidden" name="intent" value="delivery-failed" />
                <label>
                  Courier's reason
                  <input name="reason" required maxLength={200} placeholder="e.g. Customer not at home" />
                </label>
                <button type="submit" className="button">
                  Delivery failed
                </button>
              </Form>
            ) : null}
          </>
        ) : (
          <p>Not shipped yet.</p>
        )}
        {o.may.fulfil ? (
          <p>
            <a
              href={`/api/admin/orders/${o.orderNumber}/label.pdf`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {o.tracking ? 'Print packing slip and label (PDF)' : 'Print packing slip (PDF)'}
            </a>
          </p>
        ) : null}
      </section>

      <div className="admin-columns">
        <section className="admin-panel" aria-labelledby="customer">
          <h2 id="customer">Customer</h2>
          <p>
            {o.customer.name}
            {full ? (
              <>
                <br />
                {formatMobile(full.customer.mobile)}
                <br />
                {full.customer.email}
              </>
            ) : null}
          </p>
          <h3>Deliver to ({o.address.type})</h3>
          <p>
            {o.address.name}, {formatMobile(o.address.phone)}
            <br />
            {o.address.fullAddress}
          </p>
          <h3>Came from</h3>
          {o.attribution ? (
            <dl className="admin-dl">
              <dt>Last touch</dt>
              <dd>{touchLabel(o.attribution.last)}</dd>
              <dt>First touch</dt>
              <dd>{touchLabel(o.attribution.first)}</dd>
            </dl>
          ) : (
            <p>Direct (no campaign, ad click or other site in the 30 days before the order)</p>
          )}
        </section>
        {full ? <PaymentPanel o={full} /> : null}
      </div>

      <section className="admin-panel" aria-labelledby="items">
        <h2 id="items">Items</h2>
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Variant</th>
              <th scope="col">Ordered</th>
              <th scope="col">Refunded</th>
              <th scope="col">To ship</th>
              <th scope="col">Batches</th>
              {full ? (
                <>
                  <th scope="col">Price</th>
                  <th scope="col">Line total</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {o.items.map((i) => (
              <tr key={`${i.productName}-${i.variant}`}>
                <td data-label="Product" className="admin-table__full">
                  {i.productName}
                </td>
                <td data-label="Variant">{i.variant}</td>
                <td data-label="Ordered">{i.quantity}</td>
                <td data-label="Refunded">{i.refundedQuantity}</td>
                <td data-label="To ship">
                  <strong>{i.quantity - i.refundedQuantity}</strong>
                </td>
                <td data-label="Batches" data-testid="line-batches">
                  {i.batches.length === 0
                    ? 'Not packed yet'
                    : i.batches
                        .map((b) => `${b.batchNumber} × ${b.quantity} (best before ${b.bestBefore})`)
                        .join(', ')}
                </td>
                {'price' in i ? (
                  <>
                    <td data-label="Price">{formatPrice(i.price)}</td>
                    <td data-label="Line total">{formatPrice(i.price * i.quantity)}</td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        {full ? (
          <dl className="admin-dl admin-totals">
            <dt>Total MRP</dt>
            <dd>{formatPrice(full.totals.totalMrp)}</dd>
            <dt>Subtotal</dt>
            <dd>{formatPrice(full.totals.subtotal)}</dd>
            {full.totals.couponCode ? (
              <>
                <dt>Coupon {full.totals.couponCode}</dt>
                <dd>−{formatPrice(full.totals.couponDiscount)}</dd>
              </>
            ) : null}
            <dt>Delivery</dt>
            <dd>{full.totals.delivery === 0 ? 'Free' : formatPrice(full.totals.delivery)}</dd>
            <dt>Platform fee</dt>
            <dd>{formatPrice(full.totals.platformFee)}</dd>
            {full.totals.codFee > 0 ? (
              <>
                <dt>COD fee</dt>
                <dd>{formatPrice(full.totals.codFee)}</dd>
              </>
            ) : null}
            {full.totals.prepaidDiscount > 0 ? (
              <>
                <dt>Prepaid discount</dt>
                <dd>−{formatPrice(full.totals.prepaidDiscount)}</dd>
              </>
            ) : null}
            <dt>{orderTotalLabel({ paymentStatus: full.payment.status, status: full.status })}</dt>
            <dd>
              <strong>{formatPrice(full.totals.total)}</strong>
            </dd>
          </dl>
        ) : null}
        {refundable.length > 0 ? (
          <Form method="post" className="admin-form admin-refund-lines" aria-labelledby="refund-lines">
            <div className="admin-refund-lines__intro">
              <h3 id="refund-lines">Refund lines</h3>
              <p className="admin-hint">
                Refunds the chosen units' share of what was paid (fees and discounts shared in proportion)
                through the payment gateway. The units are not put back in stock.
              </p>
            </div>
            <input type="hidden" name="intent" value="refund-lines" />
            <input type="hidden" name="version" value={o.version} />
            {refundable.map((i) => (
              <label key={i.id}>
                {i.productName} {i.variant} (units to refund, of {i.quantity - i.refundedQuantity})
                <input
                  type="number"
                  name={`refund-${i.id}`}
                  min={0}
                  max={i.quantity - i.refundedQuantity}
                  step={1}
                  inputMode="numeric"
                />
              </label>
            ))}
            <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
              Refund selected lines
            </button>
          </Form>
        ) : null}
      </section>
    </>
  );
}

/** How the order was paid, its refunds and where it came from: for roles that see money. */
function PaymentPanel({ o }: { o: AdminOrderDetailDto }) {
  return (
    <section className="admin-panel" aria-labelledby="payment">
      <h2 id="payment">Payment</h2>
      {o.rtoRisk ? <RtoRiskReasons risk={o.rtoRisk} /> : null}
      {o.recoveredFrom === 'ABANDONED_CART' ? (
        <p>
          Recovered: placed within 7 days of an <Link to="/admin/abandoned-carts">abandoned-cart</Link>{' '}
          reminder.
        </p>
      ) : null}
      <dl className="admin-dl">
        <dt>Mode</dt>
        <dd>{paymentModeLabel(o.payment.mode === 'COD' ? 'COD' : 'RAZORPAY')}</dd>
        <dt>Payment status</dt>
        <dd>{PAYMENT_STATUS_LABELS[o.payment.status]}</dd>
        {o.payment.cashCollected ? (
          <>
            <dt>Cash collected</dt>
            <dd>
              {formatPrice(o.payment.cashCollected.amount)} on {istDateTime(o.payment.cashCollected.at)}
              {o.payment.cashCollected.byName ? ` by ${o.payment.cashCollected.byName}` : ''}
            </dd>
          </>
        ) : null}
        {o.payment.mode === 'COD' ? null : (
          <>
            <dt>Payment id</dt>
            <dd>{o.payment.providerPaymentId}</dd>
            <dt>Gateway order id</dt>
            <dd>{o.payment.providerOrderId}</dd>
          </>
        )}
        {o.refunds.map((r) => (
          <Fragment key={r.id}>
            <dt>Refund {istDateTime(r.createdAt)}</dt>
            <dd>
              {formatPrice(r.amount)} · {REFUND_STATUS_LABELS[r.status]}
            </dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/** The question before a cancel, naming the refund it makes; only its button really cancels. */
function ConfirmCancel(props: {
  orderNumber: string;
  version: number;
  refundPaise: number;
  cashOnDelivery: boolean;
  busy: boolean;
  onKeep: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Form
      method="post"
      className="admin-confirm"
      role="alertdialog"
      aria-labelledby="confirm-cancel"
      aria-describedby="confirm-cancel-text"
    >
      <h3 id="confirm-cancel" ref={heading} tabIndex={-1}>
        Cancel order {props.orderNumber}?
      </h3>
      <p id="confirm-cancel-text">{cancelConfirmText(props.refundPaise, props.cashOnDelivery)}</p>
      <input type="hidden" name="status" value="CANCELLED" />
      <input type="hidden" name="version" value={props.version} />
      <input type="hidden" name="confirmCancel" value="yes" />
      <div className="admin-confirm__actions">
        <button type="submit" className="button button--danger" disabled={props.busy}>
          {props.refundPaise > 0
            ? `Cancel and refund ${formatRupees(props.refundPaise)}`
            : 'Cancel the order'}
        </button>
        <button type="button" className="button" onClick={props.onKeep}>
          Keep the order
        </button>
      </div>
    </Form>
  );
}

/** 'instagram / paid_social · winter (from l.instagram.com, 20 Nov 2026, 10:00 am)' */
function touchLabel(t: NonNullable<AdminOrderDetailDto['attribution']>['last']): string {
  const campaign = t.campaign ? ` · ${t.campaign}` : '';
  const from = t.referrer ? `from ${t.referrer}, ` : '';
  return `${t.source} / ${t.medium}${campaign} (${from}${istDateTime(t.at)})`;
}
