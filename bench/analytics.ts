// npm run bench -- analytics [--analytics-orders=100000]: the owner's reports (issue 40) over a
// year of a busy shop, on PostgreSQL and on PGlite. Seeds the orders in SQL (items, invoices, COD
// confirmations, refunds, across states; 1 in 12 cancelled, 1 in 9 COD returned), a day of funnel
// visits per day and searches, then times each report for the last 30 days by day and the last
// 365 days by week (median of 3 after one warm-up). Bars: under 300 ms on PostgreSQL, under 1 s on
// PGlite, each report. No shop is started: the reports are called in-process as the page's loader does.
import { ANALYTICS_REPORTS, addDays, istDay } from '@spice/shared/analytics';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createAnalyticsCounter } from '../apps/server/src/modules/analytics/counter.ts';
import { createAnalyticsReports } from '../apps/server/src/modules/analytics/reports.ts';
import { type Bar, heading, median, round, table } from './lib.ts';
import { withFreshDatabase } from './signed-in.ts';

export const ANALYTICS_POSTGRES_MAX_MS = 300;
export const ANALYTICS_PGLITE_MAX_MS = 1000;

export interface AnalyticsRun {
  database: 'postgres' | 'pglite';
  orders: number;
  seedSeconds: number;
  timings: { report: string; range: string; ms: number }[];
}

/** A year of orders ending now, about 40 % of them by returning customers. */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db'], orders: number) {
  const customers = Math.max(10, Math.round(orders * 0.6));
  await db.execute(sql`insert into users (mobile, first_name, email)
    select '7' || lpad(g::text, 9, '0'), 'Bench', 'bench' || g || '@example.in'
    from generate_series(1, ${customers}::int) g`);
  await db.execute(sql`create temporary table bench_orders as
    select g as n,
      (select min(id) from users) + (abs(hashint4(g)) % ${customers}::int) as user_id,
      now() - (abs(hashint4(g * 7)) % 365) * interval '1 day' - (abs(hashint4(g * 11)) % 86400) * interval '1 second' as at,
      case when g % 3 = 0 then 'COD' else 'RAZORPAY' end as mode,
      case when g % 12 = 0 then 'CANCELLED' when g % 3 = 0 and g % 9 = 0 then 'RTO'
        when g % 5 = 0 then 'SHIPPED' else 'DELIVERED' end as status,
      (array['Karnataka','Maharashtra','Kerala','Tamil Nadu','Delhi','Gujarat','West Bengal','Uttar Pradesh'])[1 + g % 8] as state,
      1 + abs(hashint4(g * 13)) % 4 as qty,
      (array[9900, 14900, 24900, 39900])[1 + g % 4] as price
    from generate_series(1, ${orders}::int) g`);
  await db.execute(sql`insert into checkouts (provider_order_id, provider, user_id, address, lines, mrp_total_paise,
      subtotal_paise, coupon_discount_paise, delivery_paise, platform_fee_paise, total_paise, status, created_at, expires_at)
    select 'bench_' || n, case when mode = 'COD' then 'cod' else 'simulated' end, user_id,
      jsonb_build_object('name', 'B', 'phone', '9000000000', 'type', 'Home', 'fullAddress', 'x', 'pincode', '560001', 'state', state),
      '[]'::jsonb, qty * price, qty * price, 0, 4900, 500, qty * price + 5400, 'paid', at, at
    from bench_orders`);
  await db.execute(sql`insert into orders (order_number, user_id, checkout_id, status, user_name, user_mobile, user_email,
      address, mrp_total_paise, subtotal_paise, coupon_discount_paise, delivery_paise, platform_fee_paise, cod_fee_paise,
      total_paise, payment_mode, payment_status, provider_order_id, provider_payment_id, provider_signature, created_at, updated_at)
    select 'B' || n, b.user_id, c.id, b.status, 'B', '9000000000', 'b@example.in', c.address, qty * price, qty * price,
      case when n % 4 = 0 then price / 10 else 0 end, 4900, 500, case when mode = 'COD' then 2900 else 0 end,
      qty * price + 5400 - case when n % 4 = 0 then price / 10 else 0 end + case when mode = 'COD' then 2900 else 0 end,
      mode, case when mode = 'COD' then 'COD_PENDING' else 'PAID' end, 'bench_' || n, 'pay_bench_' || n, 'sig', at, at
    from bench_orders b join checkouts c on c.provider_order_id = 'bench_' || b.n`);
  await db.execute(sql`insert into order_items (order_id, product_id, variant_id, product_name, variant, quantity, price_paise, mrp_paise)
    select o.id, v.pids[1 + b.n % cardinality(v.ids)], v.ids[1 + b.n % cardinality(v.ids)],
      'Bench product', v.ws[1 + b.n % cardinality(v.ids)], b.qty, b.price, b.price
    from bench_orders b join orders o on o.order_number = 'B' || b.n
    cross join (select array_agg(id order by id) as ids, array_agg(product_id order by id) as pids,
      array_agg(weight order by id) as ws from product_variants) v`);
  await db.execute(sql`insert into invoices (order_id, number, financial_year, seq, issued_at, place_of_supply, taxable_paise,
      cgst_paise, sgst_paise, igst_paise, total_paise, snapshot)
    select o.id, 'BENCH/' || o.id, 'bench', o.id, o.created_at, '29', o.total_paise * 100 / 105,
      o.total_paise * 25 / 1050, o.total_paise * 25 / 1050, 0, o.total_paise, '{}'::jsonb
    from orders o where o.order_number like 'B%' and o.status <> 'CANCELLED'`);
  await db.execute(sql`insert into cod_confirmations (order_id, status, confirm_by, created_at)
    select o.id, case when o.id % 10 = 0 then 'CANCELLED' when o.id % 17 = 0 then 'EXPIRED' else 'CONFIRMED' end,
      o.created_at + interval '1 day', o.created_at
    from orders o where o.payment_mode = 'COD' and o.order_number like 'B%'`);
  await db.execute(sql`insert into refunds (id, order_id, order_number, payment_id, request_key, amount_paise, status, created_at)
    select 'rf_bench_' || o.id, o.id, o.order_number, o.provider_payment_id, 'bench:' || o.id, o.total_paise / 4, 'processed', o.created_at
    from orders o where o.order_number like 'B%' and o.payment_mode = 'RAZORPAY' and o.id % 40 = 0`);
  // The storefront's counts: 20 visitors per order spread over the year, product views, searches.
  await db.execute(sql`insert into analytics_visits (day, visitor, steps)
    select (now() at time zone 'Asia/Kolkata')::date - (g % 365), md5(g::text), (array[1, 3, 3, 7, 15])[1 + g % 5]
    from generate_series(1, ${orders * 20}::int) g on conflict do nothing`);
  await db.execute(sql`insert into analytics_product_views (day, product_id, views)
    select (now() at time zone 'Asia/Kolkata')::date - d, p.id, 10 + (d * p.id) % 90
    from generate_series(0, 364) d cross join products p on conflict do nothing`);
  await db.execute(sql`insert into analytics_searches (day, term, searches, zero_results)
    select (now() at time zone 'Asia/Kolkata')::date - d, 'term ' || t, 1 + t % 7, case when t % 5 = 0 then 1 + t % 7 else 0 end
    from generate_series(0, 364) d cross join generate_series(1, 40) t`);
  // The days before yesterday rolled up, as the counter's daily roll-up leaves them.
  await createAnalyticsCounter(db, { productIdOf: async () => null }).rollUp();
  await db.execute(sql`analyze`);
}

async function timeReports(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const reports = createAnalyticsReports(db);
  const today = istDay(new Date());
  const ranges = [
    { name: 'last 30 days by day', range: { from: addDays(today, -29), to: today }, g: 'day' as const },
    { name: 'last 365 days by week', range: { from: addDays(today, -364), to: today }, g: 'week' as const },
  ];
  const timings: AnalyticsRun['timings'] = [];
  for (const r of ranges) {
    for (const report of ANALYTICS_REPORTS) {
      await reports[report](r.range, r.g); // warm-up
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        await reports[report](r.range, r.g);
        runs.push(performance.now() - t0);
      }
      timings.push({ report, range: r.name, ms: round(median(runs), 1) });
    }
  }
  return timings;
}

export async function benchAnalytics(
  postgresUrl: string,
  orders: number,
): Promise<{ result: AnalyticsRun[]; bars: Bar[] }> {
  const runs: AnalyticsRun[] = [];
  const measure = async (database: AnalyticsRun['database'], url: string) => {
    const opened = await openDatabase(url);
    try {
      await opened.migrate();
      // The demo catalogue's products and variants, for the items to name.
      const { seedDemoData } = await import('../apps/server/src/seed/demo-seed.ts');
      await seedDemoData(opened.db);
      const t0 = performance.now();
      await seed(opened.db, orders);
      const seedSeconds = round((performance.now() - t0) / 1000, 1);
      console.log(`  ${database}: ${orders.toLocaleString('en')} orders seeded in ${seedSeconds} s`);
      runs.push({ database, orders, seedSeconds, timings: await timeReports(opened.db) });
    } finally {
      await opened.close();
    }
  };
  heading(`(k) analytics reports over ${orders.toLocaleString('en')} orders: PostgreSQL and PGlite`);
  await withFreshDatabase(postgresUrl, (url) => measure('postgres', url));
  await measure('pglite', 'memory://');
  const rows = runs.flatMap((r) => r.timings.map((t) => [r.database, t.range, t.report, `${t.ms} ms`]));
  console.log(table(['database', 'range', 'report', 'median'], rows));
  const bars: Bar[] = runs.map((r) => {
    const limit = r.database === 'postgres' ? ANALYTICS_POSTGRES_MAX_MS : ANALYTICS_PGLITE_MAX_MS;
    const worst = r.timings.reduce((a, t) => (t.ms > a.ms ? t : a));
    return {
      benchmark: 'analytics',
      name: `Slowest analytics report on ${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${orders.toLocaleString('en')} orders (median of 3)`,
      target: `< ${limit} ms`,
      measured: `${worst.ms} ms (${worst.report}, ${worst.range})`,
      pass: worst.ms < limit,
    };
  });
  return { result: runs, bars };
}
