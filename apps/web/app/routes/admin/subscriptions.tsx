// Subscriptions in the back office (issue 43): the metrics (active, monthly recurring revenue,
// churn by month), the list by status or shopper/product, each subscription's cycles and the
// orders its charges became, and cancelling for a shopper (audited).
import { AdminSubscriptionsQuery } from '@spice/shared/contracts/subscriptions';
import { formatPrice } from '@spice/shared/money';
import { ordinal, SHOPPER_ACTIONS, SUBSCRIPTION_STATUSES } from '@spice/shared/subscriptions';
import { data, Form, Link, useActionData } from 'react-router';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/subscriptions';

export function meta() {
  return adminMeta('Subscriptions');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'money.view');
  const parsed = AdminSubscriptionsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : AdminSubscriptionsQuery.parse({});
  const [page, metrics] = await Promise.all([
    services.subscriptions.adminList(query),
    services.subscriptions.metrics(),
  ]);
  return { query, page, metrics };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Cancelling for a shopper, as POST /api/admin/subscriptions/{id}/cancel needs.
  const { services, user } = await requireAdminPage(context, 'orders.cancel');
  const form = await request.formData();
  const id = Number(form.get('id'));
  if (!Number.isInteger(id) || id <= 0)
    return data<ActionResult>({ ok: false, message: 'Choose a subscription.' }, { status: 400 });
  const reason = String(form.get('reason') ?? '').slice(0, 500);
  try {
    await services.subscriptions.adminCancel(user, id, reason);
  } catch (error) {
    return refusal(error);
  }
  return { ok: true, message: `Subscription ${id} cancelled for the shopper.` } as ActionResult;
}

const STATUS_LABELS: Record<(typeof SUBSCRIPTION_STATUSES)[number], string> = {
  CREATED: 'Awaiting authorisation',
  AUTHENTICATED: 'Authorised',
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  HALTED: 'Payment failed',
  CANCELLED: 'Cancelled',
  COMPLETED: 'Completed',
};

export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { query, page, metrics } = loaderData;
  const answer = useActionData<ActionResult>();
  const base = `/admin/subscriptions?${query.status ? `status=${query.status}&` : ''}${query.q ? `q=${encodeURIComponent(query.q)}&` : ''}`;
  return (
    <>
      <h1>Subscriptions</h1>
      <dl className="admin-metrics">
        <div>
          <dt>Active</dt>
          <dd>{metrics.active}</dd>
        </div>
        <div>
          <dt>Paused</dt>
          <dd>{metrics.paused}</dd>
        </div>
        <div>
          <dt>Payment failed</dt>
          <dd>{metrics.halted}</dd>
        </div>
        <div>
          <dt>Monthly recurring revenue</dt>
          <dd>{formatPrice(metrics.mrr)}</dd>
        </div>
      </dl>
      <table className="admin-table">
        <caption>Churn by month (cancelled ÷ live at the month's start)</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Live at start</th>
            <th scope="col">Cancelled</th>
            <th scope="col">Churn</th>
          </tr>
        </thead>
        <tbody>
          {metrics.churn.map((m) => (
            <tr key={m.month}>
              <td data-label="Month">{m.month}</td>
              <td data-label="Live at start">{m.liveAtStart}</td>
              <td data-label="Cancelled">{m.cancelled}</td>
              <td data-label="Churn">{m.churnPercent === null ? '–' : `${m.churnPercent}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="get" className="admin-filters">
        <label>
          Status{' '}
          <select name="status" defaultValue={query.status ?? ''}>
            <option value="">All</option>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Shopper or product <input name="q" defaultValue={query.q ?? ''} />
        </label>
        <button type="submit" className="button">
          Filter
        </button>
      </Form>
      {answer ? (
        <p role={answer.ok ? 'status' : 'alert'} className={answer.ok ? 'form-ok' : 'form-error'}>
          {answer.message}
        </p>
      ) : null}
      {page.content.length === 0 ? (
        <p>No subscriptions.</p>
      ) : (
        <ul className="admin-subscriptions">
          {page.content.map((s) => (
            <li key={s.id} className="admin-card">
              <p>
                <strong>
                  #{s.id} {s.productName} {s.weight} × {s.quantity}
                </strong>{' '}
                <span className={`admin-status admin-status--${s.status.toLowerCase()}`}>
                  {STATUS_LABELS[s.status]}
                </span>
              </p>
              <p>
                {s.userName} ({s.userMobile}) · every {s.frequency === 1 ? 'month' : `${s.frequency} months`}{' '}
                on the {ordinal(s.chargeDay)} · {formatPrice(s.amount)} a delivery ({s.discountPercent}% off)
                · <code>{s.gatewaySubscriptionId}</code>
              </p>
              <p>
                Next charge: {s.nextChargeAt ? istDateTime(s.nextChargeAt) : '—'}
                {s.cancelledAt
                  ? ` · cancelled ${istDateTime(s.cancelledAt)} by ${s.cancelledBy ?? '—'}${s.cancelReason ? `: “${s.cancelReason}”` : ''}`
                  : ''}
              </p>
              <details>
                <summary>Cycles ({s.cycles.length})</summary>
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">Due</th>
                      <th scope="col">Status</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Order</th>
                      <th scope="col">Note</th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.cycles.map((c) => (
                      <tr key={c.number}>
                        <td data-label="#">{c.number}</td>
                        <td data-label="Due">{istDateTime(c.dueAt)}</td>
                        <td data-label="Status">{c.status}</td>
                        <td data-label="Amount">{formatPrice(c.amount)}</td>
                        <td data-label="Order">
                          {c.orderNumber ? (
                            <Link to={`/admin/orders/${c.orderNumber}`}>{c.orderNumber}</Link>
                          ) : (
                            '—'
                          )}
                        </td>
                        <td data-label="Note">{c.reason ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
              {SHOPPER_ACTIONS.cancel.includes(s.status) ? (
                <Form method="post" className="admin-inline-form">
                  <input type="hidden" name="id" value={s.id} />
                  <label>
                    Reason <input name="reason" maxLength={500} />
                  </label>
                  <button type="submit" className="button button--danger">
                    Cancel for the shopper
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
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
