// Sales by source (issue 38): which campaigns, ads and sites brought the orders of a period, by the
// last touch before the order and by the first, with revenue, average order value, the share paid
// cash on delivery and the share that came back undelivered; and the same as CSV.
import { SalesBySourceQuery, type SalesBySourceRowDto } from '@spice/shared/contracts/sales-sources';
import { formatPrice } from '@spice/shared/money';
import { Form } from 'react-router';
import { requireAdminPage } from '../../features/admin/guard.server';
import { readListQuery } from '../../features/admin/list-query';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/sales-by-source';

export function meta() {
  return adminMeta('Sales by source');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'money.view');
  const { query, problem } = readListQuery(SalesBySourceQuery, request, 'Invalid dates.');
  return { query, problem, report: await services.salesBySource.report(query) };
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

function SourceTable({ caption, rows }: { caption: string; rows: SalesBySourceRowDto[] }) {
  return (
    <table className="admin-table admin-table--cards">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Source</th>
          <th scope="col">Medium</th>
          <th scope="col">Campaign</th>
          <th scope="col">Orders</th>
          <th scope="col">Revenue</th>
          <th scope="col">Average order</th>
          <th scope="col">COD share</th>
          <th scope="col">RTO rate</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.source}/${r.medium}/${r.campaign}`}>
            <td data-label="Source">{r.source}</td>
            <td data-label="Medium">{r.medium}</td>
            <td data-label="Campaign">{r.campaign}</td>
            <td data-label="Orders">{r.orders}</td>
            <td data-label="Revenue">{formatPrice(r.revenue)}</td>
            <td data-label="Average order">{formatPrice(r.averageOrderValue)}</td>
            <td data-label="COD share">{percent(r.codShare)}</td>
            <td data-label="RTO rate">{percent(r.rtoRate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AdminSalesBySource({ loaderData }: Route.ComponentProps) {
  const { query, problem, report } = loaderData;
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return (
    <>
      <h1>Sales by source</h1>
      <p>
        Where each order came from: campaign links (utm_…), Google and Meta ad clicks and other sites, kept
        for 30 days in a first-party cookie. Cancelled orders are left out; orders without a touch are
        “(direct)”.
      </p>
      <Form method="get" className="admin-filters" aria-label="Choose the period">
        <label>
          From
          <input type="date" name="from" defaultValue={query.from ?? ''} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={query.to ?? ''} />
        </label>
        <button type="submit" className="button button--primary">
          Show
        </button>
        <a className="button" href={`/api/admin/reports/sales-by-source.csv?${params}`} download>
          Export CSV
        </a>
      </Form>
      {problem ? (
        <p className="admin-message admin-message--error" role="alert">
          {problem}
        </p>
      ) : null}
      <section className="admin-cards" aria-label="Totals">
        <div className="admin-card">
          <h2>Orders</h2>
          <p className="admin-card__figure">{report.totals.orders}</p>
        </div>
        <div className="admin-card">
          <h2>Revenue</h2>
          <p className="admin-card__figure">{formatPrice(report.totals.revenue)}</p>
        </div>
      </section>
      {report.totals.orders === 0 ? (
        <p>No orders in this period.</p>
      ) : (
        <>
          <SourceTable
            caption="By last touch (what brought the shopper back to buy)"
            rows={report.lastTouch}
          />
          <SourceTable caption="By first touch (what brought the shopper first)" rows={report.firstTouch} />
        </>
      )}
    </>
  );
}
