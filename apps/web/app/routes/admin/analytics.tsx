// The owner's analytics (issue 40): one report at a time for a range of IST days against the period
// before it, with charts (uPlot, loaded here only) that each have a table, and a CSV of each.
import {
  ANALYTICS_REPORTS,
  type AnalyticsReport,
  type CohortRow,
  defaultGranularity,
  GRANULARITIES,
  type Granularity,
  istDay,
  presetRange,
  RANGE_PRESET_LABELS,
  RANGE_PRESETS,
  type RangePreset,
  rangeProblem,
} from '@spice/shared/analytics';
import type { AnalyticsAnswer } from '@spice/shared/contracts/analytics';
import { data, Link } from 'react-router';
import { Chart } from '../../features/admin/analytics/chart';
import {
  count,
  type Figure,
  FigureCards,
  type Format,
  money,
  percent,
} from '../../features/admin/analytics/figures';
import { requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/analytics';

const REPORT_LABELS: Record<AnalyticsReport, string> = {
  sales: 'Sales',
  payments: 'Payments and returns',
  customers: 'Customers',
  cohorts: 'Cohorts',
  products: 'Products',
  funnel: 'Conversion funnel',
  search: 'Search',
};

export function meta() {
  return adminMeta('Analytics');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'money.view');
  const url = new URL(request.url);
  const report = (ANALYTICS_REPORTS as readonly string[]).includes(url.searchParams.get('report') ?? '')
    ? (url.searchParams.get('report') as AnalyticsReport)
    : 'sales';
  const preset = (RANGE_PRESETS as readonly string[]).includes(url.searchParams.get('range') ?? '')
    ? (url.searchParams.get('range') as RangePreset)
    : 'last30';
  const range =
    preset === 'custom'
      ? { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' }
      : presetRange(preset, new Date());
  const problem = rangeProblem(range);
  const g = url.searchParams.get('granularity');
  const granularity: Granularity = (GRANULARITIES as readonly string[]).includes(g ?? '')
    ? (g as Granularity)
    : problem
      ? 'day'
      : defaultGranularity(range);
  if (problem) {
    return data(
      { report, preset, range, granularity, problem, answer: null, today: istDay(new Date()) },
      400,
    );
  }
  const answer = await services.analytics.report(report, { ...range, granularity });
  return { report, preset, range, granularity, problem: null, answer, today: istDay(new Date()) };
}

export default function Analytics({ loaderData: d }: Route.ComponentProps) {
  const query = (over: Record<string, string>) => {
    const p = new URLSearchParams({ report: d.report, range: d.preset, granularity: d.granularity });
    if (d.preset === 'custom') {
      p.set('from', d.range.from);
      p.set('to', d.range.to);
    }
    for (const [k, v] of Object.entries(over)) p.set(k, v);
    return `?${p}`;
  };
  const csv = `/api/admin/analytics/${d.report}.csv?from=${d.range.from}&to=${d.range.to}&granularity=${d.granularity}`;
  return (
    <div className="analytics">
      <h1>Analytics</h1>
      <nav aria-label="Reports" className="analytics-tabs">
        {ANALYTICS_REPORTS.map((r) => (
          <Link key={r} to={query({ report: r })} aria-current={r === d.report ? 'page' : undefined}>
            {REPORT_LABELS[r]}
          </Link>
        ))}
      </nav>
      <form method="get" className="analytics-range" aria-label="Range">
        <input type="hidden" name="report" value={d.report} />
        <label>
          Range
          <select name="range" defaultValue={d.preset}>
            {RANGE_PRESETS.map((p) => (
              <option key={p} value={p}>
                {RANGE_PRESET_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" name="from" defaultValue={d.range.from} max={d.today} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={d.range.to} max={d.today} />
        </label>
        <label>
          By
          <select name="granularity" defaultValue={d.granularity}>
            {GRANULARITIES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          Show
        </button>
      </form>
      <p className="analytics-note">
        {d.range.from} to {d.range.to} (IST), compared with{' '}
        {d.answer ? `${d.answer.previousRange.from} to ${d.answer.previousRange.to}` : 'the period before'}.
        Dates other than the presets apply with Range set to Custom.{' '}
        {d.answer ? <a href={csv}>Download CSV</a> : null}
      </p>
      {d.problem ? (
        <p className="admin-message admin-message--error" role="alert">
          {d.problem}
        </p>
      ) : d.answer ? (
        <ReportView report={d.report} answer={d.answer} monthly={d.granularity === 'month'} />
      ) : null}
    </div>
  );
}

const fig = (
  a: AnalyticsAnswer,
  key: string,
  label: string,
  format: Format,
  lowerIsBetter = false,
): Figure => ({
  label,
  value: a.totals[key] ?? null,
  previous: a.previousTotals[key] ?? null,
  format,
  lowerIsBetter,
});
const col = (a: AnalyticsAnswer, key: string) => a.series.map((s) => (s[key] as number | null) ?? null);
const buckets = (a: AnalyticsAnswer) => a.series.map((s) => String(s.bucket));

// Colours with at least 3:1 against the paper, told apart also by the legend's words.
const C = { a: '#b4441c', b: '#1f6f8b', c: '#6a5acd', d: '#2e7d32', e: '#8d6e00' };

export function SalesView({ answer: a, monthly }: { answer: AnalyticsAnswer; monthly: boolean }) {
  return (
    <>
      <FigureCards
        label="Sales totals"
        figures={[
          fig(a, 'netSales', 'Net sales', money),
          fig(a, 'orders', 'Orders', count),
          fig(a, 'averageOrderValue', 'Average order value', money),
          fig(a, 'grossSales', 'Gross sales', money),
          fig(a, 'discounts', 'Offer and coupon discounts', money),
          fig(a, 'deliveryAndFees', 'Delivery and fees', money),
          fig(a, 'gst', 'GST collected', money),
          fig(a, 'refunds', 'Refunds', money, true),
          fig(a, 'units', 'Units', count),
        ]}
      />
      <Chart
        title="Sales over time"
        monthly={monthly}
        buckets={buckets(a)}
        format={money}
        series={[
          { label: 'Net sales', values: col(a, 'netSales'), color: C.a },
          { label: 'Gross sales', values: col(a, 'grossSales'), color: C.b },
          { label: 'Refunds', values: col(a, 'refunds'), color: C.c },
        ]}
      />
      <Chart
        title="Orders over time"
        monthly={monthly}
        buckets={buckets(a)}
        format={count}
        series={[{ label: 'Orders', values: col(a, 'orders'), color: C.b, kind: 'bars' }]}
      />
    </>
  );
}

function Table({ title, head, rows }: { title: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <section className="analytics-table">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p>Nothing in this range yet.</p>
      ) : (
        // Focusable: a keyboard can scroll a table wider than a phone.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe).
        <section className="admin-table-wrap" aria-label={title} tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and never move.
                <tr key={i}>
                  {r.map((c, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells have no id and never move.
                    <td key={j}>{c}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}

const pct = (v: unknown) => (typeof v === 'number' ? percent(v) : '–');

function ReportView({
  report,
  answer: a,
  monthly,
}: {
  report: AnalyticsReport;
  answer: AnalyticsAnswer;
  monthly: boolean;
}) {
  switch (report) {
    case 'sales':
      return <SalesView answer={a} monthly={monthly} />;
    case 'payments':
      return (
        <>
          <FigureCards
            label="Payment totals"
            figures={[
              fig(a, 'codShare', 'COD share', percent),
              fig(a, 'prepaidShare', 'Prepaid share', percent),
              fig(a, 'codConfirmationRate', 'COD confirmation rate', percent),
              fig(a, 'rtoRate', 'RTO rate', percent, true),
              fig(a, 'cancellationRate', 'Cancellation rate', percent, true),
            ]}
          />
          <Chart
            title="Payment mix and returns over time"
            monthly={monthly}
            buckets={buckets(a)}
            format={percent}
            series={[
              { label: 'COD share', values: col(a, 'codShare'), color: C.a },
              { label: 'RTO rate', values: col(a, 'rtoRate'), color: C.c },
              { label: 'Cancellation rate', values: col(a, 'cancellationRate'), color: C.b },
            ]}
          />
          <Table
            title="By state"
            head={['State', 'Orders', 'COD share', 'Confirmed', 'RTO rate', 'Cancelled']}
            rows={(a.byState ?? []).map((s) => [
              String(s.state),
              Number(s.orders),
              pct(s.codShare),
              pct(s.codConfirmationRate),
              pct(s.rtoRate),
              pct(s.cancellationRate),
            ])}
          />
        </>
      );
    case 'customers':
      return (
        <>
          <FigureCards
            label="Customer totals"
            figures={[
              fig(a, 'customers', 'Customers', count),
              fig(a, 'newCustomers', 'New customers', count),
              fig(a, 'returningCustomers', 'Returning customers', count),
              fig(a, 'repeatPurchaseRate', 'Repeat-purchase rate', percent),
              fig(a, 'ordersPerCustomer', 'Orders per customer', (v) => v.toFixed(2)),
            ]}
          />
          <Chart
            title="New and returning customers"
            monthly={monthly}
            buckets={buckets(a)}
            format={count}
            series={[
              { label: 'New', values: col(a, 'newCustomers'), color: C.d, kind: 'bars' },
              { label: 'Returning', values: col(a, 'returningCustomers'), color: C.b },
            ]}
          />
        </>
      );
    case 'cohorts': {
      const rows = a.series as unknown as CohortRow[];
      const months = Math.max(0, ...rows.map((r) => r.later.length));
      const offsets = Array.from({ length: months }, (_, i) => i + 1);
      return (
        <>
          <FigureCards
            label="Cohort totals"
            figures={[
              fig(a, 'customers', 'New customers', count),
              fig(a, 'orderedAgainRate', 'Ordered again in a later month', percent),
            ]}
          />
          <section className="analytics-table">
            <h3>Share of each month's new customers who ordered again</h3>
            {rows.length === 0 ? (
              <p>Nothing in this range yet.</p>
            ) : (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe).
              <section className="admin-table-wrap" aria-label="Cohort table" tabIndex={0}>
                <table className="admin-table analytics-cohorts">
                  <thead>
                    <tr>
                      <th scope="col">First order</th>
                      <th scope="col">Customers</th>
                      {offsets.map((offset) => (
                        <th key={offset} scope="col">
                          Month {offset}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.cohort}>
                        <th scope="row">{r.cohort}</th>
                        <td>{r.customers}</td>
                        {offsets.map((offset) => {
                          const l = r.later[offset - 1];
                          return (
                            <td
                              key={offset}
                              style={
                                l?.share
                                  ? { background: `rgb(180 68 28 / ${Math.min(0.6, l.share / 100)})` }
                                  : undefined
                              }
                            >
                              {l ? pct(l.share) : ''}
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
          </section>
        </>
      );
    }
    case 'products':
      return (
        <>
          <FigureCards
            label="Product totals"
            figures={[
              fig(a, 'revenue', 'Revenue', money),
              fig(a, 'units', 'Units', count),
              fig(a, 'products', 'Products sold', count),
            ]}
          />
          <Table
            title="Top products and variants by revenue"
            head={['Product', 'Variant', 'Revenue', 'Units', 'Sell-through', 'Stock', 'Stock cover']}
            rows={a.series
              .slice(0, 50)
              .map((v) => [
                String(v.product),
                String(v.variant),
                money(Number(v.revenue)),
                Number(v.units),
                pct(v.sellThrough),
                v.stock == null ? '–' : Number(v.stock),
                v.stockCoverDays == null ? '–' : `${v.stockCoverDays} days`,
              ])}
          />
          <Table
            title="Viewed often, rarely bought"
            head={['Product', 'Views', 'Orders', 'Bought per 100 views']}
            rows={(a.viewedNotBought ?? []).map((v) => [
              String(v.product),
              Number(v.views),
              Number(v.orders),
              pct(v.buyRate),
            ])}
          />
        </>
      );
    case 'funnel': {
      const steps: [string, string, string | null][] = [
        ['sessions', 'Sessions', null],
        ['productViews', 'Product views', 'productViewRate'],
        ['addToCart', 'Add to cart', 'addToCartRate'],
        ['checkoutStarted', 'Checkout started', 'checkoutRate'],
        ['orders', 'Orders', 'orderRate'],
      ];
      // Bars scale to the largest step: orders can outnumber sessions (orders placed without a
      // counted visit: the API, a shopper who refused analytics), and a bar never leaves its row.
      const top = Math.max(1, ...steps.map(([key]) => a.totals[key] ?? 0));
      return (
        <>
          <section aria-label="Funnel" className="analytics-funnel">
            <ol>
              {steps.map(([key, label, rateKey]) => (
                <li key={key}>
                  <span className="analytics-funnel__label">{label}</span>
                  <span
                    className="analytics-funnel__bar"
                    style={{ width: `${Math.max(2, ((a.totals[key] ?? 0) / top) * 100)}%` }}
                  />
                  <span>
                    {count(a.totals[key] ?? 0)}
                    {rateKey ? ` · ${pct(a.totals[rateKey])} of the step before` : ''}
                  </span>
                </li>
              ))}
            </ol>
            <p>
              Conversion (orders per session): {pct(a.totals.conversionRate)}, was{' '}
              {pct(a.previousTotals.conversionRate)}.
            </p>
          </section>
          <Chart
            title="Funnel over time"
            monthly={monthly}
            buckets={buckets(a)}
            format={count}
            series={steps.map(([key, label], i) => ({
              label,
              values: col(a, key),
              color: Object.values(C)[i] ?? C.a,
            }))}
          />
        </>
      );
    }
    case 'search':
      return (
        <>
          <FigureCards
            label="Search totals"
            figures={[
              fig(a, 'searches', 'Searches', count),
              fig(a, 'zeroResultSearches', 'Found nothing', count, true),
              fig(a, 'zeroResultRate', 'Share found nothing', percent, true),
            ]}
          />
          <Table
            title="Most searched words"
            head={['Words', 'Searches', 'Found nothing']}
            rows={a.series.map((s) => [String(s.term), Number(s.searches), Number(s.zeroResults)])}
          />
          <Table
            title="Searches that found nothing"
            head={['Words', 'Times']}
            rows={(a.zeroResults ?? []).map((s) => [String(s.term), Number(s.zeroResults)])}
          />
        </>
      );
  }
}
