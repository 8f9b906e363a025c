import { AdminPaymentsQuery } from '@spice/shared/contracts/admin-payments';
import { formatPrice } from '@spice/shared/money';
import { PAYMENT_STATUS_LABELS } from '@spice/shared/payments';
import { Link } from 'react-router';
import { requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/payments';

export function meta() {
  return adminMeta('Payments');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'money.view');
  const parsed = AdminPaymentsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : AdminPaymentsQuery.parse({});
  return { attention: query.attention, page: await services.payments.list(query) };
}

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { attention, page } = loaderData;
  const base = attention ? '/admin/payments?attention=true&' : '/admin/payments?';
  return (
    <>
      <h1>Payments</h1>
      <p>
        Every payment the shop learned of, and what became of it. A payment that could not become an order
        (sold out while the shopper paid, paid twice, or for a cancelled order) waits here as “Refund pending”
        until it is refunded.
      </p>
      <nav className="admin-tabs" aria-label="Which payments">
        <Link to="/admin/payments?attention=true" aria-current={attention ? 'page' : undefined}>
          Needs attention ({page.attentionCount})
        </Link>
        <Link to="/admin/payments" aria-current={attention ? undefined : 'page'}>
          All payments
        </Link>
      </nav>
      {page.content.length === 0 ? (
        <p>{attention ? 'Nothing needs attention: every payment became an order.' : 'No payments yet.'}</p>
      ) : (
        <table className="admin-table admin-payments">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Payment</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Order</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {page.content.map((p) => (
              <tr key={p.paymentId}>
                <td data-label="When">{istDateTime(p.createdAt)}</td>
                <td data-label="Payment">
                  <code>{p.paymentId}</code>
                </td>
                <td data-label="Amount">{formatPrice(p.amount)}</td>
                <td data-label="Status">
                  <span className={`admin-status admin-status--${p.status.replace('_', '-')}`}>
                    {PAYMENT_STATUS_LABELS[p.status]}
                  </span>
                </td>
                <td data-label="Order">
                  {p.orderNumber ? <Link to={`/admin/orders/${p.orderNumber}`}>{p.orderNumber}</Link> : '—'}
                </td>
                <td data-label="Reason">{p.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="admin-pager" aria-label="Pages">
        {page.page > 0 ? <Link to={`${base}page=${page.page - 1}`}>← Newer</Link> : null}
        <span>
          Page {page.page + 1} of {Math.max(page.totalPages, 1)}
        </span>
        {page.page + 1 < page.totalPages ? <Link to={`${base}page=${page.page + 1}`}>Older →</Link> : null}
      </nav>
    </>
  );
}
