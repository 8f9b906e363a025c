import { PAYMENT_STATUS_LABELS, paymentModeLabel } from '@spice/shared/cod';
import { AdminOrdersQuery } from '@spice/shared/contracts/admin';
import { BulkOrderActionRequest, type BulkOrderResultDto } from '@spice/shared/contracts/bulk';
import { GST_STATES } from '@spice/shared/gst';
import { formatPrice } from '@spice/shared/money';
import { ORDER_STATUSES, statusLabel } from '@spice/shared/order-status';
import { bulkActionPermission, can, STAFF_MESSAGES } from '@spice/shared/staff';
import { orderRowFor, seesOrdersInFull } from '@spice/shared/staff-view';
import { formatMobile } from '@spice/shared/validators';
import { useState } from 'react';
import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import { BulkResults, FILTER_KEYS } from '../../features/admin/bulk-orders';
import { refusal, requireAdminPage } from '../../features/admin/guard.server';
import { readListQuery } from '../../features/admin/list-query';
import { adminMeta, countOf, istDateTime } from '../../features/admin/meta';
import { RtoRiskBadge } from '../../features/admin/rto-risk-badge';
import type { Route } from './+types/orders';

/** The state filter's choices: the GST list's states and territories by name. */
const STATE_NAMES = Object.entries(GST_STATES)
  .filter(([code]) => Number(code) <= 38 && code !== '28')
  .map(([, name]) => name)
  .sort();

export function meta() {
  return adminMeta('Orders');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, user } = await requireAdminPage(context, 'orders.view');
  const { query: filter, problem } = readListQuery(AdminOrdersQuery, request, 'Invalid filter.');
  const page = await services.adminOrders.list(filter);
  // A packer's list has no totals or mobile numbers, as the API answers it (issue 41).
  const content = page.content.map((row) => orderRowFor(user, row));
  // The bulk actions this role may run (a packer: pack, ship, deliver; support: none).
  const actions = ACTIONS.filter((a) => can(user.role, bulkActionPermission(a.value)));
  return { filter, problem, page: { ...page, content }, full: seesOrdersInFull(user), actions };
}

/** Bulk work (issue 41): one action on the orders ticked, or on every order the filter matches. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'orders.view');
  const form = await request.formData();
  const filter = Object.fromEntries(FILTER_KEYS.flatMap((k) => (form.get(k) ? [[k, form.get(k)]] : [])));
  const everyMatching = form.get('all') === '1';
  const parsed = BulkOrderActionRequest.safeParse({
    action: form.get('bulk'),
    ...(everyMatching ? { filter } : { orders: form.getAll('orders').map(String) }),
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Please check the form.';
    return data({ ok: false as const, message }, { status: 400 });
  }
  if (!can(user.role, bulkActionPermission(parsed.data.action)))
    return data({ ok: false as const, message: STAFF_MESSAGES.forbidden }, { status: 403 });
  try {
    return { ok: true as const, result: await services.bulkOrders.run(user, parsed.data) };
  } catch (error) {
    return refusal(error);
  }
}

const ACTIONS: readonly { value: BulkOrderResultDto['action']; label: string }[] = [
  { value: 'CONFIRM', label: 'Confirm' },
  { value: 'PACK', label: 'Pack' },
  { value: 'SHIP', label: 'Ship with Shiprocket' },
  { value: 'DELIVER', label: 'Mark delivered' },
];

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filter, page, problem, full, actions } = loaderData;
  const outcome = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [everyMatching, setEveryMatching] = useState(false);
  const onPage = page.content.map((o) => o.orderNumber);
  const allOnPage = onPage.length > 0 && onPage.every((n) => picked.has(n));
  const pick = (orderNumber: string, on: boolean) =>
    setPicked((now) => {
      const next = new Set(now);
      if (on) next.add(orderNumber);
      else next.delete(orderNumber);
      return next;
    });
  const chosen = everyMatching ? page.totalElements : picked.size;
  const link = (p: number) => {
    const params = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const value = filter[key];
      if (value) params.set(key, value);
    }
    params.set('page', String(p));
    return `/admin/orders?${params}`;
  };
  const csv = new URLSearchParams();
  if (filter.from) csv.set('from', filter.from);
  if (filter.to) csv.set('to', filter.to);
  return (
    <>
      <h1>Orders</h1>
      <Form method="get" className="admin-filters" aria-label="Filter orders">
        <label>
          Status
          <select name="status" defaultValue={filter.status ?? ''}>
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Payment
          <select name="paymentMode" defaultValue={filter.paymentMode ?? ''}>
            <option value="">All</option>
            <option value="RAZORPAY">{paymentModeLabel('RAZORPAY')}</option>
            <option value="COD">{paymentModeLabel('COD')}</option>
          </select>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            name="codConfirmation"
            value="PENDING"
            defaultChecked={filter.codConfirmation === 'PENDING'}
          />
          Awaiting confirmation
        </label>
        <label>
          From
          <input type="date" name="from" defaultValue={filter.from ?? ''} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={filter.to ?? ''} />
        </label>
        <label>
          State
          <select name="state" defaultValue={filter.state ?? ''}>
            <option value="">All</option>
            {STATE_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order number or mobile, name, AWB, invoice
          <input type="search" name="q" defaultValue={filter.q ?? ''} maxLength={40} />
        </label>
        <button type="submit" className="button button--primary">
          Filter
        </button>
        {full ? (
          <a className="button" href={`/api/admin/orders.csv?${csv}`} download>
            Export CSV{filter.from || filter.to ? ' (these dates)' : ''}
          </a>
        ) : null}
      </Form>
      {problem ? (
        <p className="admin-message admin-message--error" role="alert">
          {problem}
        </p>
      ) : null}
      {outcome && !outcome.ok ? (
        <p className="admin-message admin-message--error" role="alert">
          {outcome.message}
        </p>
      ) : null}
      {outcome && 'result' in outcome ? <BulkResults result={outcome.result} /> : null}
      {page.content.length === 0 ? (
        <p>No orders match.</p>
      ) : (
        <form method="post" id="bulk-form" className="admin-bulk" aria-label="Bulk actions">
          {FILTER_KEYS.map((key) =>
            filter[key] ? <input key={key} type="hidden" name={key} value={filter[key]} /> : null,
          )}
          <p className="admin-bulk__count" aria-live="polite">
            {chosen === 0 ? 'No orders selected' : `${countOf(chosen, 'order')} selected`}
          </p>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={allOnPage || everyMatching}
              disabled={everyMatching}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                for (const n of onPage) pick(n, on);
              }}
            />
            Select every order on this page
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              name="all"
              value="1"
              checked={everyMatching}
              onChange={(e) => setEveryMatching(e.currentTarget.checked)}
            />
            All {countOf(page.totalElements, 'order')} matching the filter
          </label>
          <div className="admin-bulk__buttons">
            {actions.map((a) => (
              <button
                key={a.value}
                type="submit"
                name="bulk"
                value={a.value}
                className="button"
                disabled={busy || chosen === 0}
              >
                {a.label}
              </button>
            ))}
            <button
              type="submit"
              className="button"
              formMethod="get"
              formAction="/api/admin/orders/labels.pdf"
              formTarget="_blank"
              disabled={chosen === 0}
            >
              Print labels and packing slips
            </button>
            <button
              type="submit"
              className="button"
              formMethod="get"
              formAction="/api/admin/orders/lines.csv"
              disabled={chosen === 0}
            >
              Export CSV of order lines
            </button>
          </div>
        </form>
      )}
      {page.content.length === 0 ? null : (
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Select</span>
              </th>
              <th scope="col">Order</th>
              <th scope="col">Placed</th>
              <th scope="col">Customer</th>
              <th scope="col">Items</th>
              {full ? <th scope="col">Total</th> : <th scope="col">Payment</th>}
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {page.content.map((o) => (
              <tr key={o.orderNumber}>
                <td data-label="Select">
                  <input
                    type="checkbox"
                    name="orders"
                    value={o.orderNumber}
                    form="bulk-form"
                    aria-label={`Select ${o.orderNumber}`}
                    checked={everyMatching || picked.has(o.orderNumber)}
                    disabled={everyMatching}
                    onChange={(e) => pick(o.orderNumber, e.currentTarget.checked)}
                  />
                </td>
                <td data-label="Order">
                  <Link to={`/admin/orders/${o.orderNumber}`}>{o.orderNumber}</Link>
                </td>
                <td data-label="Placed">{istDateTime(o.createdAt)}</td>
                <td data-label="Customer">
                  {o.customerName}
                  {'mobile' in o ? (
                    <>
                      <br />
                      <small>{formatMobile(o.mobile)}</small>
                    </>
                  ) : null}
                </td>
                <td data-label="Items">{o.itemCount}</td>
                <td data-label={full ? 'Total' : 'Payment'}>
                  {'totalAmount' in o ? formatPrice(o.totalAmount) : paymentModeLabel(o.paymentMode)}
                  {'totalAmount' in o && o.paymentMode === 'COD' ? (
                    <>
                      <br />
                      <small>{paymentModeLabel('COD')}</small>
                    </>
                  ) : null}
                  {'paymentStatus' in o &&
                  (o.paymentStatus === 'PARTIALLY_REFUNDED' || o.paymentStatus === 'REFUNDED') ? (
                    <>
                      <br />
                      <small>{PAYMENT_STATUS_LABELS[o.paymentStatus]}</small>
                    </>
                  ) : null}
                </td>
                <td data-label="Status">
                  <span className={`status status--${o.status.toLowerCase()}`}>{statusLabel(o.status)}</span>
                  {o.rtoRisk ? (
                    <>
                      <br />
                      <RtoRiskBadge risk={o.rtoRisk} />
                    </>
                  ) : null}
                  {o.codConfirmation === 'PENDING' ? (
                    <>
                      <br />
                      <span
                        className="status status--awaiting"
                        title={`Confirm by ${istDateTime(o.confirmBy!)}`}
                      >
                        Awaiting confirmation
                      </span>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="admin-pager" aria-label="Pages">
        {page.page > 0 ? <Link to={link(page.page - 1)}>← Newer</Link> : null}
        <span>
          Page {page.page + 1} of {Math.max(page.totalPages, 1)} · {countOf(page.totalElements, 'order')}
        </span>
        {page.page + 1 < page.totalPages ? <Link to={link(page.page + 1)}>Older →</Link> : null}
      </nav>
    </>
  );
}
