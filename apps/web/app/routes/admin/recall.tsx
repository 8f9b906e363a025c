import { Link } from 'react-router';
import { requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/recall';

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(`Recall ${params.recallNumber}`);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'catalogue.manage');
  try {
    return { recall: await services.recalls.get(params.recallNumber) };
  } catch {
    throw new Response('Not found', { status: 404 });
  }
}

const ACTIONS = { REFUND: 'Refund', REPLACEMENT: 'Replacement', BOTH: 'Refund or replacement' } as const;

export default function AdminRecall({ loaderData: { recall: r } }: Route.ComponentProps) {
  return (
    <>
      <p className="no-print">
        <Link to="/admin/recalls">← Recalls</Link>
      </p>
      <h1>
        Recall {r.recallNumber}: {r.productName} {r.weight}
      </h1>
      <dl className="admin-dl">
        <dt>Started</dt>
        <dd>{new Date(r.createdAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })}</dd>
        <dt>Reason</dt>
        <dd>{r.reason}</dd>
        <dt>Offered to shoppers</dt>
        <dd>{ACTIONS[r.action]}</dd>
        <dt>Affected shoppers</dt>
        <dd data-testid="affected-shoppers">{r.affectedShoppers}</dd>
        <dt>Shoppers notified</dt>
        <dd>{r.shoppersNotified}</dd>
        <dt>Refunds done</dt>
        <dd>{r.refundsDone}</dd>
        <dt>Replacements done</dt>
        <dd>{r.replacementsDone}</dd>
      </dl>
      <p className="no-print">
        <a className="button button--small" href={`/api/admin/recalls/${r.recallNumber}/report.csv`} download>
          Download CSV
        </a>{' '}
        <button type="button" className="button button--small" onClick={() => window.print()}>
          Print report
        </button>
      </p>
      <section className="admin-panel" aria-labelledby="batches">
        <h2 id="batches">Batches</h2>
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col">Batch</th>
              <th scope="col">Made</th>
              <th scope="col">Best before</th>
              <th scope="col">Received</th>
              <th scope="col">Sold</th>
              <th scope="col">In stock</th>
              <th scope="col">Recovered</th>
            </tr>
          </thead>
          <tbody>
            {r.batches.map((b) => (
              <tr key={b.batchNumber}>
                <td data-label="Batch" className="admin-table__full">
                  {b.batchNumber}
                </td>
                <td data-label="Made">{b.manufacturedOn}</td>
                <td data-label="Best before">{b.bestBefore}</td>
                <td data-label="Received">{b.received}</td>
                <td data-label="Sold">{b.sold}</td>
                <td data-label="In stock">{b.inStock}</td>
                <td data-label="Recovered">{b.recovered}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="admin-panel" aria-labelledby="affected">
        <h2 id="affected">Affected orders</h2>
        <table className="admin-table admin-table--cards" data-testid="affected-orders">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col">Shopper</th>
              <th scope="col">Batch</th>
              <th scope="col">Units</th>
              <th scope="col">Remedy</th>
            </tr>
          </thead>
          <tbody>
            {r.affectedOrders.length === 0 ? (
              <tr>
                <td colSpan={6}>No shipped order holds these batches.</td>
              </tr>
            ) : (
              r.affectedOrders.map((o) => (
                <tr key={`${o.orderNumber}-${o.batchNumber}`}>
                  <td data-label="Order" className="admin-table__full">
                    <Link to={`/admin/orders/${o.orderNumber}`}>{o.orderNumber}</Link>
                  </td>
                  <td data-label="Status">{o.status}</td>
                  <td data-label="Shopper">
                    {o.shopperName} {o.shopperMobile}
                  </td>
                  <td data-label="Batch">{o.batchNumber}</td>
                  <td data-label="Units">{o.quantity}</td>
                  <td data-label="Remedy">{o.remedy ? `${o.remedy} (${o.remedyStatus})` : '—'}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        {r.toRepack.length > 0 ? (
          <p>
            Packed but not shipped, to be packed again:{' '}
            {r.toRepack.map((o) => (
              <Link key={o.orderNumber} to={`/admin/orders/${o.orderNumber}`}>
                {o.orderNumber}{' '}
              </Link>
            ))}
          </p>
        ) : null}
      </section>
    </>
  );
}
