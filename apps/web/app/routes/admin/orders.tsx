import { PAYMENT_STATUS_LABELS, paymentModeLabel } from '@spice/shared/cod';
import { AdminOrdersQuery } from '@spice/shared/contracts/admin';
import { formatPrice } from '@spice/shared/money';
import { ORDER_STATUSES, statusLabel } from '@spice/shared/order-status';
import { orderRowFor, seesOrdersInFull } from '@spice/shared/staff-view';
import { formatMobile } from '@spice/shared/validators';
import { Form, Link } from 'react-router';
import { requireAdminPage } from '../../features/admin/guard.server';
import { readListQuery } from '../../features/admin/list-query';
import { adminMeta, countOf, istDateTime } from '../../features/admin/meta';
import { RtoRiskBadge } from '../../features/admin/rto-risk-badge';
import type { Route } from './+types/orders';

export function meta() {
  return adminMeta('Orders');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, user } = await requireAdminPage(context, 'orders.view');
  const { query: filter, problem } = readListQuery(AdminOrdersQuery, request, 'Invalid filter.');
  const page = await services.adminOrders.list(filter);
  // A packer's list has no totals or mobile numbers, as the API answers it (issue 41).
  const content = page.content.map((row) => orderRowFor(user, row));
  return { filter, problem, page: { ...page, content }, full: seesOrdersInFull(user) };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filter, page, problem, full } = loaderData;
  const link = (p: number) => {
    const params = new URLSearchParams();
    for (const key of ['status', 'paymentMode', 'codConfirmation', 'from', 'to', 'q'] as const) {
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
          Order number or mobile
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
      {page.content.length === 0 ? (
        <p>No orders match.</p>
      ) : (
        <form
          method="get"
          action="/api/admin/shipping/labels.pdf"
          target="_blank"
          id="labels-form"
          className="admin-labels-form"
          rel="noopener"
        >
          <button type="submit" className="button">
            Print labels for selected orders
          </button>
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
                <td data-label="Label">
                  <input
                    type="checkbox"
                    name="orders"
                    value={o.orderNumber}
                    form="labels-form"
                    aria-label={`Select ${o.orderNumber} for labels`}
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
