// COD remittance: delivered cash on delivery orders whose cash the courier collected, and whether it
// has been paid over to the shop. The owner marks orders remitted (one, or the ones ticked) with
// the courier's reference; two admins at once cannot remit an order twice (the server refuses).
import { CodRemittanceQuery, MarkRemittedBody } from '@spice/shared/contracts/cod-remittance';
import { formatPrice } from '@spice/shared/money';
import { data, Form, Link, useNavigation } from 'react-router';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { readListQuery } from '../../features/admin/list-query';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/cod-remittance';

export function meta() {
  return adminMeta('COD remittance');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'money.view');
  const { query: filter, problem } = readListQuery(CodRemittanceQuery, request, 'Invalid filter.');
  return { filter, problem, page: await services.codRemittance.list(filter) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'money.manage');
  const form = await request.formData();
  // A row's own button remits that order; the selection button remits the ticked ones.
  const only = form.get('only');
  const parsed = MarkRemittedBody.safeParse({
    orderNumbers: typeof only === 'string' && only ? [only] : form.getAll('orderNumber'),
    reference: form.get('reference'),
  });
  if (!parsed.success) {
    return data<ActionResult>(
      { ok: false, message: parsed.error.issues[0]?.message ?? 'Please check the form.' },
      { status: 400 },
    );
  }
  try {
    const done = await services.codRemittance.markRemitted(user, parsed.data);
    const orders = done.remitted === 1 ? '1 order' : `${done.remitted} orders`;
    return { ok: true, message: `Marked ${orders} remitted (${formatPrice(done.amount)}).` } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

const ordersLabel = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

export default function AdminCodRemittance({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, page, problem } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const params = new URLSearchParams({ remitted: filter.remitted });
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  const link = (p: number) => `/admin/cod-remittance?${params}&page=${p}`;
  const pending = page.content.filter((r) => r.remittedAt === null);
  return (
    <>
      <h1>COD remittance</h1>
      <p>
        Cash on delivery orders delivered with the cash collected. Mark them remitted when the courier pays
        the cash over to the shop, with its remittance id or the bank UTR.
      </p>
      <section className="admin-cards" aria-label="Totals">
        <div className="admin-card">
          <h2>Not yet remitted</h2>
          <p className="admin-card__figure">{formatPrice(page.outstanding.amount)}</p>
          <p>{ordersLabel(page.outstanding.orders)}</p>
        </div>
        <div className="admin-card">
          <h2>Shown by this filter</h2>
          <p className="admin-card__figure">{formatPrice(page.totals.amount)}</p>
          <p>{ordersLabel(page.totals.orders)}</p>
        </div>
      </section>
      <Form method="get" className="admin-filters" aria-label="Filter COD orders">
        <label>
          Remitted
          <select name="remitted" defaultValue={filter.remitted}>
            <option value="no">Not remitted</option>
            <option value="yes">Remitted</option>
            <option value="all">All</option>
          </select>
        </label>
        <label>
          Delivered from
          <input type="date" name="from" defaultValue={filter.from ?? ''} />
        </label>
        <label>
          Delivered to
          <input type="date" name="to" defaultValue={filter.to ?? ''} />
        </label>
        <button type="submit" className="button button--primary">
          Filter
        </button>
        <a className="button" href={`/api/admin/cod-remittance.csv?${params}`} download>
          Export CSV
        </a>
      </Form>
      {problem ? (
        <p className="admin-message admin-message--error" role="alert">
          {problem}
        </p>
      ) : null}
      {result ? (
        <p className={`admin-message${result.ok ? '' : ' admin-message--error'}`} role="status">
          {result.message}
        </p>
      ) : null}
      {page.content.length === 0 ? (
        <p>
          {filter.remitted === 'no'
            ? 'Nothing to reconcile: no collected cash awaits remittance.'
            : 'No orders match.'}
        </p>
      ) : (
        <Form method="post" className="cod-remit">
          {pending.length > 0 ? (
            <div className="admin-filters cod-remit__bar">
              <label>
                Reference (optional)
                <input name="reference" maxLength={100} placeholder="Courier remittance id or UTR" />
              </label>
              <button type="submit" className="button button--primary" disabled={busy}>
                Mark selected remitted
              </button>
            </div>
          ) : null}
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Delivered</th>
                <th scope="col">Amount</th>
                <th scope="col">Collected by</th>
                <th scope="col">Remitted</th>
              </tr>
            </thead>
            <tbody>
              {page.content.map((r) => (
                <tr key={r.orderNumber}>
                  <td data-label="Order" className="admin-table__full">
                    {r.remittedAt === null ? (
                      <input
                        type="checkbox"
                        name="orderNumber"
                        value={r.orderNumber}
                        aria-label={`Select ${r.orderNumber}`}
                        className="cod-remit__pick"
                      />
                    ) : null}
                    <Link to={`/admin/orders/${r.orderNumber}`}>{r.orderNumber}</Link>
                    <br />
                    <small>{r.customerName}</small>
                  </td>
                  <td data-label="Delivered">{istDateTime(r.collectedAt)}</td>
                  <td data-label="Amount">{formatPrice(r.amount)}</td>
                  <td data-label="Collected by">{r.collectedBy ?? '—'}</td>
                  <td data-label="Remitted" className="admin-table__full">
                    {r.remittedAt ? (
                      <>
                        {istDateTime(r.remittedAt)}
                        {r.remittedBy ? ` by ${r.remittedBy}` : ''}
                        {r.reference ? (
                          <>
                            <br />
                            <small>Ref. {r.reference}</small>
                          </>
                        ) : null}
                      </>
                    ) : (
                      <button
                        type="submit"
                        name="only"
                        value={r.orderNumber}
                        className="button button--small"
                        disabled={busy}
                        aria-label={`Mark remitted: ${r.orderNumber}`}
                      >
                        Mark remitted
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Form>
      )}
      <nav className="admin-pager" aria-label="Pages">
        {page.page > 0 ? <Link to={link(page.page - 1)}>← Earlier</Link> : null}
        <span>
          Page {page.page + 1} of {Math.max(page.totalPages, 1)} · {ordersLabel(page.totalElements)}
        </span>
        {page.page + 1 < page.totalPages ? <Link to={link(page.page + 1)}>Later →</Link> : null}
      </nav>
    </>
  );
}
