// Abandoned carts (issue 37): the carts found idle between two dates (IST), the reminders sent and
// the orders that followed one within 7 days, with totals. Shoppers waiting for sold-out variants
// are listed below, most wanted first.
import { AbandonedCartsQuery } from '@spice/shared/contracts/marketing';
import { formatPrice } from '@spice/shared/money';
import { formatMobile } from '@spice/shared/validators';
import { Form, Link } from 'react-router';
import { requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, countOf, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/abandoned-carts';

export function meta() {
  return adminMeta('Abandoned carts');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'marketing.manage');
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = AbandonedCartsQuery.safeParse({
    ...(params.from ? { from: params.from } : {}),
    ...(params.to ? { to: params.to } : {}),
  });
  const query = parsed.success ? parsed.data : {};
  const [list, waiting, settings] = await Promise.all([
    services.marketing.abandonedCarts(query),
    services.marketing.waiting({ soldOutOnly: true, limit: 20 }),
    services.marketing.settings(),
  ]);
  return { query, list, waiting, settings, problem: parsed.success ? null : 'Enter dates as YYYY-MM-DD.' };
}

const STATUS_LABEL = { OPEN: 'Open', RECOVERED: 'Recovered', EXPIRED: 'Expired' } as const;

export default function AdminAbandonedCarts({ loaderData }: Route.ComponentProps) {
  const { query, list, waiting, settings, problem } = loaderData;
  const { totals } = list;
  const s = settings.abandonedCart;
  return (
    <>
      <h1>Abandoned carts</h1>
      <p>
        {s.enabled
          ? `Reminders are on: a cart idle for ${s.idleMinutes} minutes gets up to ${s.delaysMinutes.length} reminder${s.delaysMinutes.length > 1 ? 's' : ''}, only on the channels the shopper chose`
          : 'Reminders are off'}
        {settings.quietHours
          ? `, never between ${settings.quietHours.from} and ${settings.quietHours.to} IST.`
          : '.'}{' '}
        An order placed within 7 days of a reminder counts as recovered.
      </p>
      <Form method="get" className="admin-filters">
        <label>
          From <input type="date" name="from" defaultValue={query.from ?? ''} />
        </label>{' '}
        <label>
          To <input type="date" name="to" defaultValue={query.to ?? ''} />
        </label>{' '}
        <button type="submit" className="button">
          Show
        </button>{' '}
        <Link to="/admin/abandoned-carts">All</Link>
      </Form>
      {problem ? (
        <p className="admin-message admin-message--error" role="alert">
          {problem}
        </p>
      ) : null}
      <section className="admin-cards" aria-label="Totals">
        {(
          [
            ['Carts', String(totals.carts)],
            ['Messages sent', String(totals.messagesSent)],
            ['Orders recovered', String(totals.ordersRecovered)],
            ['Revenue recovered', formatPrice(totals.revenueRecovered)],
          ] as const
        ).map(([label, figure]) => (
          <div className="admin-card" key={label}>
            <h2>{label}</h2>
            <p className="admin-card__figure">{figure}</p>
          </div>
        ))}
      </section>
      {list.carts.length === 0 ? (
        <p>No abandoned carts in these dates.</p>
      ) : (
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col">Shopper</th>
              <th scope="col">Abandoned</th>
              <th scope="col">Value</th>
              <th scope="col">Messages</th>
              <th scope="col">Status</th>
              <th scope="col">Order</th>
            </tr>
          </thead>
          <tbody>
            {list.carts.map((c) => (
              <tr key={c.id}>
                <td data-label="Shopper">
                  {c.shopper.name || '—'}
                  <br />
                  <small>{c.shopper.mobile ? formatMobile(c.shopper.mobile) : ''}</small>
                </td>
                <td data-label="Abandoned">{istDateTime(c.abandonedAt)}</td>
                <td data-label="Value">
                  {formatPrice(c.value)} <small>({countOf(c.items, 'item')})</small>
                </td>
                <td data-label="Messages">{c.messagesSent}</td>
                <td data-label="Status">
                  <span className={`admin-status admin-status--${c.status.toLowerCase()}`}>
                    {STATUS_LABEL[c.status]}
                  </span>
                </td>
                <td data-label="Order">
                  {c.orderNumber ? (
                    <>
                      <Link to={`/admin/orders/${encodeURIComponent(c.orderNumber)}`}>{c.orderNumber}</Link>{' '}
                      <small>{formatPrice(c.revenue)}</small>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2 className="admin-abandoned__waiting">Waiting for sold-out items</h2>
      {waiting.length === 0 ? (
        <p>Nobody is waiting for a sold-out item.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Weight</th>
                <th scope="col">Waiting</th>
              </tr>
            </thead>
            <tbody>
              {waiting.map((w) => (
                <tr key={w.variantId}>
                  <td>
                    <Link to={`/admin/products/${w.productId}`}>{w.productName}</Link>
                  </td>
                  <td>{w.variant}</td>
                  <td>{w.waiting}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
