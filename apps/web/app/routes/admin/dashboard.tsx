import { percentLabel, percentOf } from '@spice/shared/cod';
import { formatRupees } from '@spice/shared/money';
import { can } from '@spice/shared/staff';
import { Link, redirect } from 'react-router';
import { Chart } from '../../features/admin/analytics/chart';
import { count, FigureCards, money } from '../../features/admin/analytics/figures';
import { requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import { RtoBreakdown } from '../../features/admin/rto-breakdown';
import type { Route } from './+types/dashboard';

export function meta() {
  return adminMeta('Dashboard');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = await requireAdminPage(context);
  // The dashboard is sales figures: a role without money starts at the orders (issue 41).
  if (!can(user.role, 'money.view')) throw redirect('/admin/orders');
  const [figures, mostWanted, stockAlerts] = await Promise.all([
    services.dashboard.figures(),
    // Issue 37: the sold-out variants most shoppers wait for.
    services.marketing.waiting({ soldOutOnly: true, limit: 5 }),
    // Issue 39: batches near expiry, variants below their reorder level.
    services.batches.alerts(),
  ]);
  return { ...figures, mostWanted, stockAlerts };
}

export default function AdminDashboard({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1>Dashboard</h1>
      {/* The analytics home (issue 40): today against yesterday, and the last 30 days' sales. */}
      <FigureCards
        label="Today"
        figures={[
          {
            label: 'Net sales today',
            value: d.todaySales.totals.netSales ?? 0,
            previous: d.todaySales.previousTotals.netSales ?? 0,
            format: money,
          },
          {
            label: 'Orders today',
            value: d.todaySales.totals.orders ?? 0,
            previous: d.todaySales.previousTotals.orders ?? 0,
            format: count,
          },
          {
            label: 'Average order value today',
            value: d.todaySales.totals.averageOrderValue ?? 0,
            previous: d.todaySales.previousTotals.averageOrderValue ?? 0,
            format: money,
          },
        ]}
      />
      <Chart
        title="Sales, last 30 days"
        buckets={d.last30.series.map((s) => String(s.bucket))}
        format={money}
        series={[
          { label: 'Net sales', values: d.last30.series.map((s) => Number(s.netSales)), color: '#b4441c' },
        ]}
      />
      <p>
        <Link to="/admin/analytics">All reports: sales, payments, customers, products, funnel, search →</Link>
      </p>
      <section className="admin-cards" aria-label="Sales">
        <div className="admin-card">
          <h2>This month</h2>
          <p className="admin-card__figure">{formatRupees(d.month.revenuePaise)}</p>
          <p>
            {d.month.orders} {d.month.orders === 1 ? 'order' : 'orders'}
          </p>
        </div>
        <div className="admin-card">
          <h2>Cash on delivery, 30 days</h2>
          <p className="admin-card__figure">{percentLabel(percentOf(d.cod.codOrders, d.cod.orders))}</p>
          <p>
            {d.cod.codOrders} of {d.cod.orders} orders · returned (RTO){' '}
            {percentLabel(percentOf(d.cod.returned, d.cod.delivered + d.cod.returned))}
          </p>
          <Link to="/admin/orders?paymentMode=COD">COD orders →</Link>
        </div>
        <div className="admin-card">
          <h2>Unreplied reviews</h2>
          <p className="admin-card__figure">{d.unrepliedReviews}</p>
          <Link to="/admin/reviews?filter=unreplied">Reply →</Link>
        </div>
        <div className="admin-card">
          <h2>Unread messages</h2>
          <p className="admin-card__figure">{d.unreadMessages}</p>
          <Link to="/admin/messages?unread=true">Read →</Link>
        </div>
      </section>
      <section aria-labelledby="near-expiry">
        <h2 id="near-expiry">Batches near expiry</h2>
        {d.stockAlerts.nearExpiry.length === 0 ? (
          <p>No batch is near its best-before date.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Batch</th>
                  <th scope="col">Best before</th>
                  <th scope="col">Days left</th>
                  <th scope="col">On hand</th>
                </tr>
              </thead>
              <tbody>
                {d.stockAlerts.nearExpiry.map((b) => (
                  <tr key={`${b.variantId}-${b.batchNumber}`}>
                    <td>
                      <Link to={`/admin/stock/${b.variantId}`}>
                        {b.productName} {b.weight}
                      </Link>
                    </td>
                    <td>{b.batchNumber}</td>
                    <td>{b.bestBefore}</td>
                    <td className="admin-out">{b.daysToBestBefore}</td>
                    <td>{b.onHand}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3>Below reorder level</h3>
        {d.stockAlerts.belowReorderLevel.length === 0 ? (
          <p>Every variant is at or above its reorder level.</p>
        ) : (
          <ul>
            {d.stockAlerts.belowReorderLevel.map((v) => (
              <li key={v.variantId}>
                <Link to={`/admin/stock/${v.variantId}`}>
                  {v.productName} {v.weight}
                </Link>
                : {v.stock} (reorder at {v.reorderLevel})
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="low-stock">
        <h2 id="low-stock">Low stock (10 or fewer)</h2>
        <p>
          <Link to="/admin/stock">Adjust stock →</Link>
        </p>
        {d.lowStock.length === 0 ? (
          <p>Every variant has more than 10 in stock.</p>
        ) : (
          // Scrolls sideways on a phone rather than widening the page.
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Weight</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Stock</th>
                </tr>
              </thead>
              <tbody>
                {d.lowStock.map((v) => (
                  <tr key={v.sku}>
                    <td>
                      <a href={`/product/${v.slug}`}>{v.productName}</a>
                    </td>
                    <td>{v.weight}</td>
                    <td>{v.sku}</td>
                    <td className={v.stock === 0 ? 'admin-out' : undefined}>{v.stock}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="most-wanted">
        <h2 id="most-wanted">Most wanted sold-out items</h2>
        {d.mostWanted.length === 0 ? (
          <p>Nobody is waiting for a sold-out item.</p>
        ) : (
          <ul>
            {d.mostWanted.map((w) => (
              <li key={w.variantId}>
                <Link to={`/admin/products/${w.productId}`}>
                  {w.productName} {w.variant}
                </Link>
                : {w.waiting} waiting
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/admin/abandoned-carts">Abandoned carts and back-in-stock requests →</Link>
        </p>
      </section>
      <RtoBreakdown rto={d.rto} confirmation={d.confirmation} />
      <p>
        <Link to="/admin/orders?status=PLACED">Orders waiting to be confirmed →</Link>
      </p>
    </>
  );
}
