// The owner's reports (issue 40): every statement in this file, read-only, so the analytics
// module looks across the orders, invoices, refunds and catalogue tables here rather than asking
// each module (as the dashboard did). Days are IST; an order counts from its placement, COD
// included, unless cancelled. Money is summed in paise (float8 is exact to 2^53) and answered in
// rupees at the edge. The funnel and search read the module's own counts (counter.ts).
import {
  bucketsOf,
  cohortTable,
  type DayRange,
  type Granularity,
  previousRange,
  rangeInstants,
  rarelyBought,
  rate,
  rupees,
} from '@spice/shared/analytics';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const IST = sql.raw(`'Asia/Kolkata'`);
const unit = (g: Granularity) => sql.raw(`'${g}'`);
/** An order's bucket as 'YYYY-MM-DD' (weeks start on Monday, as date_trunc's do). */
const bucket = (g: Granularity, column: SQL) =>
  sql`to_char(date_trunc(${unit(g)}, ${column} at time zone ${IST}), 'YYYY-MM-DD')`;
const placedIn = (r: DayRange) => {
  const { start, end } = rangeInstants(r);
  return sql`o.created_at >= ${start.toISOString()}::timestamptz and o.created_at < ${end.toISOString()}::timestamptz`;
};
const placedBeforeEnd = (r: DayRange) =>
  sql`o.created_at < ${rangeInstants(r).end.toISOString()}::timestamptz`;

type Num = Record<string, number | null>;

/** Every bucket of the range in order, an empty one where no row has it (a chart's days with none). */
function everyBucket<T>(
  r: DayRange,
  g: Granularity,
  list: T[],
  keyOf: (row: T) => string,
  empty: (bucket: string) => T,
): T[] {
  const byKey = new Map(list.map((row) => [keyOf(row), row]));
  return bucketsOf(r, g).map((b) => byKey.get(b) ?? empty(b));
}

export interface Report {
  range: DayRange;
  previousRange: DayRange;
  granularity: Granularity;
  totals: Num;
  previousTotals: Num;
  series: Record<string, unknown>[];
  byState?: Record<string, unknown>[];
  viewedNotBought?: Record<string, unknown>[];
  zeroResults?: Record<string, unknown>[];
}

export type AnalyticsReports = ReturnType<typeof createAnalyticsReports>;

export function createAnalyticsReports(db: Db, now: () => Date = () => new Date()) {
  // Both drivers (PGlite and node-postgres) answer raw queries with `{ rows }`.
  const rows = async <T>(query: SQL): Promise<T[]> =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  // ---- Sales -------------------------------------------------------------------------------
  interface SalesRow {
    bucket: string;
    gross: number;
    discounts: number;
    fees: number;
    net: number;
    gst: number;
    refunds: number;
    orders: number;
    units: number;
  }
  // Items and refunds are summed per order first (hash joins over the range's orders, no lookup
  // per order), then everything per bucket.
  const salesRows = (r: DayRange, g: Granularity) =>
    rows<SalesRow>(sql`
      with o as materialized (
        select o.id, ${bucket(g, sql`o.created_at`)} as bucket, o.subtotal_paise,
          o.coupon_discount_paise + o.prepaid_discount_paise as discounts,
          o.delivery_paise + o.platform_fee_paise + o.cod_fee_paise as fees, o.total_paise
        from orders o where ${placedIn(r)} and o.status <> 'CANCELLED'),
      u as (select oi.order_id, sum(oi.quantity) as units from order_items oi
        where oi.order_id in (select id from o) group by 1),
      rf as (select x.order_id, sum(x.amount_paise) as paise from refunds x
        where x.status = 'processed' and x.order_id in (select id from o) group by 1)
      select o.bucket,
        sum(o.subtotal_paise)::float8 as gross,
        sum(o.discounts)::float8 as discounts,
        sum(o.fees)::float8 as fees,
        sum(o.total_paise)::float8 as net,
        coalesce(sum(i.cgst_paise + i.sgst_paise + i.igst_paise), 0)::float8 as gst,
        coalesce(sum(rf.paise), 0)::float8 as refunds,
        count(*)::int as orders,
        coalesce(sum(u.units), 0)::int as units
      from o
      left join invoices i on i.order_id = o.id
      left join u on u.order_id = o.id
      left join rf on rf.order_id = o.id
      group by 1 order by 1`);

  function salesFigures(list: SalesRow[]) {
    const sum = (k: keyof Omit<SalesRow, 'bucket'>) => list.reduce((a, row) => a + Number(row[k]), 0);
    const orders = sum('orders');
    const net = sum('net');
    return {
      grossSales: rupees(sum('gross')),
      discounts: rupees(sum('discounts')),
      deliveryAndFees: rupees(sum('fees')),
      netSales: rupees(net),
      gst: rupees(sum('gst')),
      refunds: rupees(sum('refunds')),
      orders,
      units: sum('units'),
      averageOrderValue: orders ? rupees(Math.round(net / orders)) : 0,
    };
  }

  async function sales(r: DayRange, g: Granularity): Promise<Report> {
    const p = previousRange(r);
    const [current, previous] = await Promise.all([salesRows(r, g), salesRows(p, g)]);
    return {
      range: r,
      previousRange: p,
      granularity: g,
      totals: salesFigures(current),
      previousTotals: salesFigures(previous),
      series: everyBucket(
        r,
        g,
        current,
        (row) => row.bucket,
        (b) => ({
          bucket: b,
          gross: 0,
          discounts: 0,
          fees: 0,
          net: 0,
          gst: 0,
          refunds: 0,
          orders: 0,
          units: 0,
        }),
      ).map((row) => ({ bucket: row.bucket, ...salesFigures([row]) })),
    };
  }

  // ---- Payment mix and returns -------------------------------------------------------------
  interface PaymentRow {
    key: string;
    placed: number;
    orders: number;
    cod: number;
    prepaid: number;
    cancelled: number;
    finished: number;
    rto: number;
    decided: number;
    confirmed: number;
  }
  const paymentRows = (r: DayRange, key: SQL) =>
    rows<PaymentRow>(sql`
      select ${key} as key,
        count(*)::int as placed,
        count(*) filter (where o.status <> 'CANCELLED')::int as orders,
        count(*) filter (where o.status <> 'CANCELLED' and o.payment_mode = 'COD')::int as cod,
        count(*) filter (where o.status <> 'CANCELLED' and o.payment_mode <> 'COD')::int as prepaid,
        count(*) filter (where o.status = 'CANCELLED')::int as cancelled,
        count(*) filter (where o.status in ('DELIVERED', 'RTO'))::int as finished,
        count(*) filter (where o.status = 'RTO')::int as rto,
        count(cc.status) filter (where cc.status in ('CONFIRMED', 'CANCELLED', 'EXPIRED'))::int as decided,
        count(cc.status) filter (where cc.status = 'CONFIRMED')::int as confirmed
      from orders o
      left join cod_confirmations cc on cc.order_id = o.id
      where ${placedIn(r)}
      group by 1 order by 1`);

  function paymentFigures(list: PaymentRow[]) {
    const sum = (k: keyof Omit<PaymentRow, 'key'>) => list.reduce((a, row) => a + Number(row[k]), 0);
    return {
      orders: sum('orders'),
      codOrders: sum('cod'),
      prepaidOrders: sum('prepaid'),
      cancelledOrders: sum('cancelled'),
      rtoOrders: sum('rto'),
      codShare: rate(sum('cod'), sum('orders')),
      prepaidShare: rate(sum('prepaid'), sum('orders')),
      codConfirmationRate: rate(sum('confirmed'), sum('decided')),
      rtoRate: rate(sum('rto'), sum('finished')),
      cancellationRate: rate(sum('cancelled'), sum('placed')),
    };
  }

  async function payments(r: DayRange, g: Granularity): Promise<Report> {
    const p = previousRange(r);
    const state = sql`coalesce(nullif(o.address->>'state', ''), 'Not given')`;
    const [current, previous, byState] = await Promise.all([
      paymentRows(r, bucket(g, sql`o.created_at`)),
      paymentRows(p, sql`1`),
      paymentRows(r, state),
    ]);
    return {
      range: r,
      previousRange: p,
      granularity: g,
      totals: paymentFigures(current),
      previousTotals: paymentFigures(previous),
      series: everyBucket(
        r,
        g,
        current,
        (row) => row.key,
        (b) => ({
          key: b,
          placed: 0,
          orders: 0,
          cod: 0,
          prepaid: 0,
          cancelled: 0,
          finished: 0,
          rto: 0,
          decided: 0,
          confirmed: 0,
        }),
      ).map((row) => ({ bucket: row.key, ...paymentFigures([row]) })),
      byState: byState
        .map((row) => ({ state: row.key, ...paymentFigures([row]) }))
        .sort((a, b) => b.orders - a.orders || a.state.localeCompare(b.state)),
    };
  }

  // ---- Customers ---------------------------------------------------------------------------
  /** Each customer's first order (not cancelled), up to the range's end. */
  const firsts = (r: DayRange) => sql`
    select o.user_id, min(o.created_at) as first_at from orders o
    where o.status <> 'CANCELLED' and ${placedBeforeEnd(r)} group by o.user_id`;
  /** The same, with each one's orders up to the end, for the customers who ordered in the range only. */
  const customersOf = (r: DayRange) => sql`
    select o.user_id, min(o.created_at) as first_at, count(*)::int as lifetime from orders o
    where o.status <> 'CANCELLED' and ${placedBeforeEnd(r)}
      and o.user_id in (select o.user_id from orders o where ${placedIn(r)} and o.status <> 'CANCELLED')
    group by o.user_id`;

  interface CustomerRow {
    bucket: string;
    customers: number;
    new: number;
    returning: number;
    orders: number;
    repeat: number;
  }
  /**
   * By bucket and, in the same pass, over the whole range (the row whose bucket is null): new in a
   * bucket means the first order falls in that bucket, new over the range means in the range.
   */
  const customerRows = async (r: DayRange, g: Granularity) => {
    const { start } = rangeInstants(r);
    const list = await rows<CustomerRow & { bucket: string | null; newBucket: number; newRange: number }>(sql`
      with f as (${customersOf(r)}),
      x as (select ${bucket(g, sql`o.created_at`)} as b, ${bucket(g, sql`f.first_at`)} as first_b,
          f.first_at >= ${start.toISOString()}::timestamptz as new_in_range, o.user_id, f.lifetime
        from orders o join f on f.user_id = o.user_id
        where ${placedIn(r)} and o.status <> 'CANCELLED')
      select x.b as bucket,
        count(distinct x.user_id)::int as customers,
        count(distinct x.user_id) filter (where x.first_b = x.b)::int as "newBucket",
        count(distinct x.user_id) filter (where x.new_in_range)::int as "newRange",
        count(*)::int as orders,
        count(distinct x.user_id) filter (where x.lifetime > 1)::int as repeat
      from x group by grouping sets ((x.b), ())`);
    const shaped = (row: (typeof list)[number], isNew: number) => ({
      bucket: row.bucket ?? 'all',
      customers: row.customers,
      new: isNew,
      returning: row.customers - isNew,
      orders: row.orders,
      repeat: row.repeat,
    });
    return {
      series: list
        .filter((row) => row.bucket !== null)
        .map((row) => shaped(row, row.newBucket))
        .sort((a, b) => a.bucket.localeCompare(b.bucket)),
      total: list.filter((row) => row.bucket === null).map((row) => shaped(row, row.newRange))[0],
    };
  };

  function customerFigures(row: CustomerRow | undefined) {
    const c = row ?? { customers: 0, new: 0, returning: 0, orders: 0, repeat: 0 };
    return {
      customers: c.customers,
      newCustomers: c.new,
      returningCustomers: c.returning,
      orders: c.orders,
      ordersPerCustomer: c.customers ? Math.round((c.orders / c.customers) * 100) / 100 : null,
      repeatPurchaseRate: rate(c.repeat, c.customers),
    };
  }

  async function customers(r: DayRange, g: Granularity): Promise<Report> {
    const p = previousRange(r);
    const [{ series, total }, { total: previous }] = await Promise.all([
      customerRows(r, g),
      customerRows(p, g),
    ]);
    return {
      range: r,
      previousRange: p,
      granularity: g,
      totals: customerFigures(total),
      previousTotals: customerFigures(previous),
      series: everyBucket(
        r,
        g,
        series,
        (row) => row.bucket,
        (b) => ({
          bucket: b,
          customers: 0,
          new: 0,
          returning: 0,
          orders: 0,
          repeat: 0,
        }),
      ).map((row) => ({ bucket: row.bucket, ...customerFigures(row) })),
    };
  }

  // ---- Cohorts -----------------------------------------------------------------------------
  const cohortCounts = (r: DayRange) =>
    rows<{ cohort: string; month: string; customers: number }>(sql`
      with f as (${firsts(r)})
      select to_char(f.first_at at time zone ${IST}, 'YYYY-MM') as cohort,
        to_char(o.created_at at time zone ${IST}, 'YYYY-MM') as month,
        count(distinct o.user_id)::int as customers
      from f join orders o on o.user_id = f.user_id and o.status <> 'CANCELLED' and ${placedBeforeEnd(r)}
      where f.first_at >= ${rangeInstants({ from: `${r.from.slice(0, 7)}-01`, to: r.to }).start.toISOString()}::timestamptz
      group by 1, 2 order by 1, 2`);

  function cohortFigures(table: ReturnType<typeof cohortTable>, back: number) {
    const customers = table.reduce((a, c) => a + c.customers, 0);
    return { cohorts: table.length, customers, orderedAgain: back, orderedAgainRate: rate(back, customers) };
  }
  /** Customers of the range's cohorts who ordered in any later month (each once). */
  const orderedAgain = async (r: DayRange) => {
    const [row] = await rows<{ n: number }>(sql`
      with f as (${firsts(r)})
      select count(*)::int as n from f
      where f.first_at >= ${rangeInstants({ from: `${r.from.slice(0, 7)}-01`, to: r.to }).start.toISOString()}::timestamptz
        and exists (select 1 from orders o where o.user_id = f.user_id and o.status <> 'CANCELLED'
          and ${placedBeforeEnd(r)}
          and date_trunc('month', o.created_at at time zone ${IST}) > date_trunc('month', f.first_at at time zone ${IST}))`);
    return row?.n ?? 0;
  };

  async function cohorts(r: DayRange, g: Granularity): Promise<Report> {
    const p = previousRange(r);
    const [counts, previousCounts, back, previousBack] = await Promise.all([
      cohortCounts(r),
      cohortCounts(p),
      orderedAgain(r),
      orderedAgain(p),
    ]);
    const table = cohortTable(counts, r.to.slice(0, 7));
    return {
      range: r,
      previousRange: p,
      granularity: g,
      totals: cohortFigures(table, back),
      previousTotals: cohortFigures(cohortTable(previousCounts, p.to.slice(0, 7)), previousBack),
      series: table as unknown as Record<string, unknown>[],
    };
  }

  // ---- Products ----------------------------------------------------------------------------
  interface VariantRow {
    productId: number;
    variantId: number | null;
    product: string;
    variant: string;
    units: number;
    revenue: number;
    orders: number;
    stock: number | null;
    units30: number;
  }
  const variantRows = (r: DayRange) => {
    const today = new Date(now().getTime());
    const since = new Date(today.getTime() - 30 * 86_400_000);
    return rows<VariantRow>(sql`
      with sold as (
        select oi.product_id, oi.variant_id, max(oi.product_name) as product, max(oi.variant) as variant,
          sum(oi.quantity)::int as units, sum(oi.price_paise * oi.quantity)::float8 as revenue,
          count(distinct oi.order_id)::int as orders
        from order_items oi join orders o on o.id = oi.order_id
        where ${placedIn(r)} and o.status <> 'CANCELLED'
        group by oi.product_id, oi.variant_id),
      recent as (
        select oi.variant_id, sum(oi.quantity)::int as units from order_items oi join orders o on o.id = oi.order_id
        where o.status <> 'CANCELLED' and o.created_at > ${since.toISOString()}::timestamptz
          and o.created_at <= ${today.toISOString()}::timestamptz
          and oi.variant_id in (select variant_id from sold)
        group by oi.variant_id)
      select s.product_id as "productId", s.variant_id as "variantId", s.product, s.variant, s.units,
        s.revenue, s.orders, v.stock, coalesce(recent.units, 0)::int as units30
      from sold s left join product_variants v on v.id = s.variant_id
      left join recent on recent.variant_id = s.variant_id
      order by s.revenue desc, s.units desc, s.product, s.variant`);
  };

  const productTotals = (list: VariantRow[]) => ({
    revenue: rupees(list.reduce((a, v) => a + Number(v.revenue), 0)),
    units: list.reduce((a, v) => a + v.units, 0),
    products: new Set(list.map((v) => v.productId)).size,
    variants: list.length,
  });

  async function products(r: DayRange, g: Granularity): Promise<Report> {
    const p = previousRange(r);
    const [current, previous, views] = await Promise.all([
      variantRows(r),
      variantRows(p),
      rows<{ productId: number; product: string; views: number }>(sql`
        select pv.product_id as "productId", coalesce(pr.name, '#' || pv.product_id) as product,
          sum(pv.views)::int as views
        from analytics_product_views pv left join products pr on pr.id = pv.product_id
        where pv.day between ${r.from}::date and ${r.to}::date
        group by pv.product_id, pr.name order by 3 desc, 2 limit 200`),
    ]);
    const ordersByProduct = new Map<number, number>();
    for (const v of current)
      ordersByProduct.set(v.productId, (ordersByProduct.get(v.productId) ?? 0) + v.orders);
    return {
      range: r,
      previousRange: p,
      granularity: g,
      totals: productTotals(current),
      previousTotals: productTotals(previous),
      series: current.map((v) => ({
        productId: v.productId,
        variantId: v.variantId,
        product: v.product,
        variant: v.variant,
        units: v.units,
        revenue: rupees(Number(v.revenue)),
        stock: v.stock,
        // Of what there was to sell (sold in the range plus what is left), the share sold.
        sellThrough: v.stock === null ? null : rate(v.units, v.units + v.stock),
        // Days the stock lasts at the last 30 days' rate of sale.
        stockCoverDays: v.stock === null || v.units30 === 0 ? null : Math.round((v.stock * 30) / v.units30),
      })),
      viewedNotBought: views
        .map((v) => ({ ...v, orders: ordersByProduct.get(v.productId) ?? 0 }))
        .map((v) => ({ ...v, buyRate: rate(v.orders, v.views) }))
        .filter((v) => rarelyBought(v.views, v.orders))
        .slice(0, 20),
    };
  }

  // ---- Funnel ------------------------------------------------------------------------------
  interface FunnelRow {
    bucket: string;
    sessions: number;
    productViews: number;
    addToCart: number;
    checkoutStarted: number;
    orders: number;
  }
  const funnelRows = (r: DayRange, g: Granularity) =>
    rows<FunnelRow>(sql`
      with d as (
        select day, count(*)::int as sessions,
          count(*) filter (where steps & 2 <> 0)::int as product_views,
          count(*) filter (where steps & 4 <> 0)::int as add_to_cart,
          count(*) filter (where steps & 8 <> 0)::int as checkout_started
        from analytics_visits where day between ${r.from}::date and ${r.to}::date group by day
        union all
        select day, sessions, product_views, add_to_cart, checkout_started from analytics_funnel_days
        where day between ${r.from}::date and ${r.to}::date),
      v as (
        select to_char(date_trunc(${unit(g)}, day::timestamp), 'YYYY-MM-DD') as bucket,
          sum(sessions)::int as sessions, sum(product_views)::int as "productViews",
          sum(add_to_cart)::int as "addToCart", sum(checkout_started)::int as "checkoutStarted"
        from d group by 1),
      o as (
        select ${bucket(g, sql`o.created_at`)} as bucket, count(*)::int as orders from orders o
        where ${placedIn(r)} and o.status <> 'CANCELLED' group by 1)
      select coalesce(v.bucket, o.bucket) as bucket, coalesce(v.sessions, 0) as sessions,
        coalesce(v."productViews", 0) as "productViews", coalesce(v."addToCart", 0) as "addToCart",
        coalesce(v."checkoutStarted", 0) as "checkoutStarted", coalesce(o.orders, 0) as orders
      from v full join o on o.bucket = v.bucket order by 1`);

  function funnelFigures(list: FunnelRow[]) {
    const sum = (k: keyof Omit<FunnelRow, 'bucket'>) => list.reduce((a, row) => a + Number(row[k]), 0);
    const f = {
      sessions: sum('sessions'),
      productViews: sum('productViews'),
      addToCart: sum('addToCart'),
      checkoutStarted: sum('checkoutStarted'),
      orders: sum('orders'),
    };
    return {
      ...f,
      productViewRate: rate(f.productViews, f.sessions),
      addToCartRate: rate(f.addToCart, f.productViews),
      checkoutRate: rate(f.checkoutStarted, f.addToCart),
      orderRate: rate(f.orders, f.checkoutStarted),
      conversionRate: rate(f.orders, f.sessions),
    };
  }

  async function funnel(r: DayRange, g: Granularity): Promise<Report> {
    const p = previousRange(r);
    const [current, previous] = await Promise.all([funnelRows(r, g), funnelRows(p, g)]);
    return {
      range: r,
      previousRange: p,
      granularity: g,
      totals: funnelFigures(current),
      previousTotals: funnelFigures(previous),
      series: everyBucket(
        r,
        g,
        current,
        (row) => row.bucket,
        (b) => ({
          bucket: b,
          sessions: 0,
          productViews: 0,
          addToCart: 0,
          checkoutStarted: 0,
          orders: 0,
        }),
      ).map((row) => ({
        bucket: row.bucket,
        sessions: row.sessions,
        productViews: row.productViews,
        addToCart: row.addToCart,
        checkoutStarted: row.checkoutStarted,
        orders: row.orders,
      })),
    };
  }

  // ---- Search ------------------------------------------------------------------------------
  const searchTotals = async (r: DayRange) => {
    const [row] = await rows<{ searches: number; zero: number; terms: number }>(sql`
      select coalesce(sum(searches), 0)::int as searches, coalesce(sum(zero_results), 0)::int as zero,
        count(distinct term)::int as terms
      from analytics_searches where day between ${r.from}::date and ${r.to}::date`);
    const t = row ?? { searches: 0, zero: 0, terms: 0 };
    return {
      searches: t.searches,
      zeroResultSearches: t.zero,
      terms: t.terms,
      zeroResultRate: rate(t.zero, t.searches),
    };
  };
  const topTerms = (r: DayRange, zeroOnly: boolean) =>
    rows<{ term: string; searches: number; zeroResults: number }>(sql`
      select term, sum(searches)::int as searches, sum(zero_results)::int as "zeroResults"
      from analytics_searches where day between ${r.from}::date and ${r.to}::date
      group by term ${zeroOnly ? sql`having sum(zero_results) > 0` : sql``}
      order by ${zeroOnly ? sql`3 desc` : sql`2 desc`}, 1 limit 20`);

  async function search(r: DayRange, g: Granularity): Promise<Report> {
    const p = previousRange(r);
    const [totals, previousTotals, series, zeroResults] = await Promise.all([
      searchTotals(r),
      searchTotals(p),
      topTerms(r, false),
      topTerms(r, true),
    ]);
    return { range: r, previousRange: p, granularity: g, totals, previousTotals, series, zeroResults };
  }

  return { sales, payments, customers, cohorts, products, funnel, search };
}
