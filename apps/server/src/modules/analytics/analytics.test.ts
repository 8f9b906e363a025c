// The owner's reports (issue 40) over a known set of orders placed through the real API and moved
// into September and October 2026 (IST): prepaid and COD, cancelled, RTO, refunded, in four states.
// Every figure is checked, and the sales totals against the sums of the orders' and invoices' rows.
import type { CohortRow } from '@spice/shared/analytics';
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { AnalyticsAnswer } from '@spice/shared/contracts/analytics';
import { ProductList } from '@spice/shared/contracts/catalog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codHelpers } from '../../test/cod.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let adminCookie = '';
const cod = codHelpers(
  () => t,
  () => adminCookie,
);

const get = (url: string, cookie = adminCookie) => t.app.inject({ url, headers: { cookie } });
async function report(name: string, query: string) {
  const res = await get(`/api/admin/analytics/${name}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return AnalyticsAnswer.parse(res.json());
}

async function garam() {
  const list = ProductList.parse((await t.app.inject('/api/products')).json());
  const p = list.find((x) => x.slug === 'garam-masala')!;
  return { id: p.id, weight: p.variants[0]!.weight };
}

async function prepaid(s: Shopper, quantity: number): Promise<string> {
  const g = await garam();
  const address = await addAddress(s);
  await addToCart(s, g.id, g.weight, quantity);
  const { placed } = await payAndPlace(s, (await createPaymentOrder(s, address)).json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().orderNumber;
}

/** Moves an order to an IST time and a state, as if placed then and there. */
async function placeAt(orderNumber: string, ist: string, state: string) {
  const at = new Date(`${ist}+05:30`).toISOString();
  await t.database.db.execute(sql`update orders set created_at = ${at}::timestamptz,
    address = jsonb_set(address, '{state}', to_jsonb(${state}::text)) where order_number = ${orderNumber}`);
}

const orders: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  const [a, b, c, d, e, f] = await Promise.all(
    ['9844400001', '9844400002', '9844400003', '9844400004', '9844400005', '9844400006'].map((m) =>
      signUp(t.app, m),
    ),
  );
  // September: A prepaid delivered; B COD delivered; C COD returned (RTO); D prepaid cancelled.
  orders.a1 = await prepaid(a!, 2);
  await cod.walk(orders.a1, ['CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED']);
  orders.b1 = (await cod.placedCodOrder(1, b!)).orderNumber;
  await cod.walk(orders.b1, ['CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED']);
  orders.c1 = (await cod.placedCodOrder(3, c!)).orderNumber;
  await cod.walk(orders.c1, ['CONFIRMED', 'PACKED', 'SHIPPED', 'RTO']);
  orders.d1 = await prepaid(d!, 1);
  await cod.walk(orders.d1, ['CANCELLED']);
  // October: A again, prepaid, one of two packets refunded; B again COD; E COD awaiting its
  // confirmation at 23:30 IST on the 31st; F prepaid ten minutes into November (outside October).
  orders.a2 = await prepaid(a!, 2);
  const detail = AdminOrderDetail.parse((await cod.asAdmin('GET', `/api/admin/orders/${orders.a2}`)).json());
  const refund = await cod.asAdmin('POST', `/api/admin/orders/${orders.a2}/refunds`, {
    version: detail.version,
    lines: [{ itemId: detail.items[0]!.id, quantity: 1 }],
  });
  expect(refund.statusCode, refund.body).toBe(200);
  await t.app.jobWorker.runDue();
  orders.b2 = (await cod.placedCodOrder(2, b!)).orderNumber;
  orders.e1 = (await cod.placedCodOrder(1, e!, { awaitConfirmation: true })).orderNumber;
  orders.f1 = await prepaid(f!, 1);

  await placeAt(orders.a1, '2026-09-05T10:00:00', 'Karnataka');
  await placeAt(orders.b1, '2026-09-10T12:00:00', 'Maharashtra');
  await placeAt(orders.c1, '2026-09-20T09:00:00', 'Maharashtra');
  await placeAt(orders.d1, '2026-09-25T18:00:00', 'Kerala');
  await placeAt(orders.a2, '2026-10-03T08:00:00', 'Karnataka');
  await placeAt(orders.b2, '2026-10-15T20:00:00', 'Maharashtra');
  await placeAt(orders.e1, '2026-10-31T23:30:00', 'Tamil Nadu');
  await placeAt(orders.f1, '2026-11-01T00:10:00', 'Karnataka');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** The sums the sales report must equal, straight from the rows of the orders counted. */
async function sums(numbers: string[]) {
  const list = sql.join(
    numbers.map((n) => sql`${n}`),
    sql`, `,
  );
  const { rows } = (await t.database.db.execute(sql`
    select
      (select coalesce(sum(oi.price_paise * oi.quantity), 0)::float8 from order_items oi join orders o on o.id = oi.order_id where o.order_number in (${list})) as items,
      (select coalesce(sum(oi.quantity), 0)::int from order_items oi join orders o on o.id = oi.order_id where o.order_number in (${list})) as units,
      (select coalesce(sum(total_paise), 0)::float8 from orders where order_number in (${list})) as totals,
      (select coalesce(sum(coupon_discount_paise + prepaid_discount_paise), 0)::float8 from orders where order_number in (${list})) as discounts,
      (select coalesce(sum(delivery_paise + platform_fee_paise + cod_fee_paise), 0)::float8 from orders where order_number in (${list})) as fees,
      (select coalesce(sum(i.cgst_paise + i.sgst_paise + i.igst_paise), 0)::float8 from invoices i join orders o on o.id = i.order_id where o.order_number in (${list})) as gst,
      (select count(*)::int from invoices i join orders o on o.id = i.order_id where o.order_number in (${list})) as invoices,
      (select coalesce(sum(r.amount_paise), 0)::float8 from refunds r join orders o on o.id = r.order_id where o.order_number in (${list}) and r.status = 'processed') as refunds
  `)) as unknown as {
    rows: {
      items: number;
      units: number;
      totals: number;
      discounts: number;
      fees: number;
      gst: number;
      invoices: number;
      refunds: number;
    }[];
  };
  return rows[0]!;
}

describe('the sales report', () => {
  it('equals the sums over the orders and invoices of each month to the paisa', async () => {
    const oct = await report('sales', 'from=2026-10-01&to=2026-10-31&granularity=week');
    const sep = await report('sales', 'from=2026-09-01&to=2026-09-30&granularity=day');
    const expected = async (numbers: string[]) => {
      const s = await sums(numbers);
      expect(s.invoices).toBeGreaterThan(0); // GST is what the orders' invoices charged
      return {
        grossSales: s.items / 100,
        discounts: s.discounts / 100,
        deliveryAndFees: s.fees / 100,
        netSales: s.totals / 100,
        gst: s.gst / 100,
        refunds: s.refunds / 100,
        orders: numbers.length,
        units: s.units,
        averageOrderValue: Math.round(s.totals / numbers.length) / 100,
      };
    };
    // September: the cancelled order is not counted; the RTO is (it was a sale when placed).
    expect(sep.totals).toEqual(await expected([orders.a1!, orders.b1!, orders.c1!]));
    expect(sep.totals.units).toBe(6);
    expect(oct.totals).toEqual(await expected([orders.a2!, orders.b2!, orders.e1!]));
    expect(oct.totals.units).toBe(5);
    expect(oct.totals.refunds).toBeGreaterThan(0);
    // Gross less discounts plus delivery and fees is net.
    for (const x of [sep.totals, oct.totals])
      expect(Math.round((x.grossSales! - x.discounts! + x.deliveryAndFees!) * 100)).toBe(
        Math.round(x.netSales! * 100),
      );
    // October is compared with the 31 days before it: 31 Aug to 30 Sep.
    expect(oct.previousRange).toEqual({ from: '2026-08-31', to: '2026-09-30' });
    expect(oct.previousTotals).toEqual(sep.totals);
    // The series adds up to the totals, bucket by bucket (weeks start on Monday).
    expect(oct.series.map((s) => s.bucket)).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
    ]);
    expect(oct.series.map((s) => s.orders)).toEqual([1, 0, 1, 0, 1]);
    const add = (k: string) => Math.round(oct.series.reduce((a, s) => a + (s[k] as number) * 100, 0));
    for (const k of ['grossSales', 'discounts', 'deliveryAndFees', 'netSales', 'gst', 'refunds'])
      expect(add(k)).toBe(Math.round((oct.totals[k] as number) * 100));
    // Every day of the range has its bucket, days without orders at 0.
    expect(sep.series).toHaveLength(30);
    expect(sep.series.filter((s) => s.orders !== 0).map((s) => [s.bucket, s.orders])).toEqual([
      ['2026-09-05', 1],
      ['2026-09-10', 1],
      ['2026-09-20', 1],
    ]);
  });

  it('counts by the Indian day: 23:30 IST on 31 October is October, 00:10 on 1 November is not', async () => {
    const day31 = await report('sales', 'from=2026-10-31&to=2026-10-31');
    expect(day31.totals.orders).toBe(1);
    const nov1 = await report('sales', 'from=2026-11-01&to=2026-11-01');
    expect(nov1.totals.orders).toBe(1);
    expect(nov1.previousTotals).toEqual(day31.totals);
  });

  it('answers a CSV with the same figures, two decimals', async () => {
    const res = await get('/api/admin/analytics/sales.csv?from=2026-09-01&to=2026-09-30&granularity=month');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const json = await report('sales', 'from=2026-09-01&to=2026-09-30&granularity=month');
    const [header, row] = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toBe(
      'bucket,grossSales,discounts,deliveryAndFees,netSales,gst,refunds,orders,units,averageOrderValue',
    );
    const s = json.series[0]!;
    expect(row).toBe(
      [
        '2026-09-01',
        ...['grossSales', 'discounts', 'deliveryAndFees', 'netSales', 'gst', 'refunds'].map((k) =>
          (s[k] as number).toFixed(2),
        ),
        '3',
        '6',
        (s.averageOrderValue as number).toFixed(2),
      ].join(','),
    );
  });
});

describe('the other reports', () => {
  it('gives the payment mix, COD confirmation, RTO and cancellation rates, by week and state', async () => {
    const sep = await report('payments', 'from=2026-09-01&to=2026-09-30&granularity=week');
    // Placed 4: A prepaid, B COD, C COD (RTO), D prepaid cancelled. Known fates: A, B delivered, C RTO.
    expect(sep.totals).toEqual({
      orders: 3,
      codOrders: 2,
      prepaidOrders: 1,
      cancelledOrders: 1,
      rtoOrders: 1,
      codShare: 66.7,
      prepaidShare: 33.3,
      codConfirmationRate: 100,
      rtoRate: 33.3,
      cancellationRate: 25,
    });
    expect(sep.byState).toEqual([
      expect.objectContaining({ state: 'Maharashtra', orders: 2, codOrders: 2, rtoRate: 50 }),
      expect.objectContaining({ state: 'Karnataka', orders: 1, prepaidOrders: 1, rtoRate: 0 }),
      expect.objectContaining({ state: 'Kerala', orders: 0, cancelledOrders: 1, cancellationRate: 100 }),
    ]);
    expect(sep.series.map((s) => s.bucket)).toEqual([
      '2026-08-31',
      '2026-09-07',
      '2026-09-14',
      '2026-09-21',
      '2026-09-28',
    ]);
    expect(sep.series.at(-1)).toMatchObject({ orders: 0, codShare: null, rtoRate: null });
    const oct = await report('payments', 'from=2026-10-01&to=2026-10-31');
    // B2 confirmed by phone, E1 still waiting: one of one answered confirmed; nothing finished yet.
    expect(oct.totals).toMatchObject({
      orders: 3,
      codOrders: 2,
      prepaidOrders: 1,
      codShare: 66.7,
      codConfirmationRate: 100,
      rtoRate: null,
      cancellationRate: 0,
    });
  });

  it('tells new customers from returning ones, with the repeat-purchase rate', async () => {
    const sep = await report('customers', 'from=2026-09-01&to=2026-09-30&granularity=month');
    // D's only order was cancelled: not a customer.
    expect(sep.totals).toEqual({
      customers: 3,
      newCustomers: 3,
      returningCustomers: 0,
      orders: 3,
      ordersPerCustomer: 1,
      repeatPurchaseRate: 0,
    });
    const oct = await report('customers', 'from=2026-10-01&to=2026-10-31&granularity=month');
    expect(oct.totals).toEqual({
      customers: 3,
      newCustomers: 1,
      returningCustomers: 2,
      orders: 3,
      ordersPerCustomer: 1,
      repeatPurchaseRate: 66.7,
    });
    const both = await report('customers', 'from=2026-09-01&to=2026-10-31&granularity=month');
    expect(both.totals).toMatchObject({ customers: 4, newCustomers: 4, returningCustomers: 0, orders: 6 });
    expect(both.series).toEqual([
      expect.objectContaining({ bucket: '2026-09-01', newCustomers: 3, returningCustomers: 0 }),
      expect.objectContaining({ bucket: '2026-10-01', newCustomers: 1, returningCustomers: 2 }),
    ]);
  });

  it('builds the monthly cohort table', async () => {
    const res = await report('cohorts', 'from=2026-09-01&to=2026-11-30');
    const rows = res.series as unknown as CohortRow[];
    expect(rows).toEqual([
      {
        cohort: '2026-09',
        customers: 3,
        later: [
          { offset: 1, month: '2026-10', customers: 2, share: 66.7 },
          { offset: 2, month: '2026-11', customers: 0, share: 0 },
        ],
      },
      { cohort: '2026-10', customers: 1, later: [{ offset: 1, month: '2026-11', customers: 0, share: 0 }] },
      { cohort: '2026-11', customers: 1, later: [] },
    ]);
    expect(res.totals).toEqual({ cohorts: 3, customers: 5, orderedAgain: 2, orderedAgainRate: 40 });
    const csv = await get('/api/admin/analytics/cohorts.csv?from=2026-09-01&to=2026-11-30');
    expect(csv.body.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      'cohort,customers,month 1 %,month 2 %',
      '2026-09,3,66.7,0',
      '2026-10,1,0,',
      '2026-11,1,,',
    ]);
  });

  it('ranks products by revenue with units, sell-through and stock cover', async () => {
    const res = await report('products', 'from=2026-09-01&to=2026-10-31');
    const s = await sums([orders.a1!, orders.b1!, orders.c1!, orders.a2!, orders.b2!, orders.e1!]);
    expect(res.totals).toEqual({ revenue: s.items / 100, units: 11, products: 1, variants: 1 });
    const [row] = res.series;
    const { rows } = (await t.database.db.execute(
      sql`select stock from product_variants where id = ${row!.variantId as number}`,
    )) as unknown as { rows: { stock: number }[] };
    const stock = rows[0]!.stock;
    expect(row).toMatchObject({ product: 'Garam Masala', units: 11, revenue: s.items / 100, stock });
    expect(row!.sellThrough).toBe(Math.round((11 / (11 + stock)) * 1000) / 10);
    // Stock cover reads the last 30 days from now, whatever range is asked (E's and F's packets
    // today; none once the test runs 30 days after 1 November 2026).
    const recent = (await t.database.db.execute(sql`select coalesce(sum(oi.quantity), 0)::int as units
      from order_items oi join orders o on o.id = oi.order_id
      where o.status <> 'CANCELLED' and o.created_at > now() - interval '30 days'`)) as unknown as {
      rows: { units: number }[];
    };
    const units30 = recent.rows[0]!.units;
    expect(row!.stockCoverDays).toBe(units30 === 0 ? null : Math.round((stock * 30) / units30));
  });

  it('validates the range: 400 from after to, 400 over two years, 404 for an unknown report', async () => {
    const reversed = await get('/api/admin/analytics/sales?from=2026-10-02&to=2026-10-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('The start date must not be after the end date.');
    const long = await get('/api/admin/analytics/sales?from=2024-01-01&to=2026-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A range can cover at most 2 years.');
    expect((await get('/api/admin/analytics/sales?from=2024-01-02&to=2026-01-01')).statusCode).toBe(200);
    expect((await get('/api/admin/analytics/sales?from=2026-1-1&to=2026-01-01')).statusCode).toBe(400);
    expect((await get('/api/admin/analytics/visitors?from=2026-01-01&to=2026-01-01')).statusCode).toBe(404);
  });

  it('is for admins only: 401 logged out, 403 for a shopper', async () => {
    expect((await get('/api/admin/analytics/sales?from=2026-10-01&to=2026-10-31', '')).statusCode).toBe(401);
    const s = await signUp(t.app, '9844400099');
    expect(
      (await get('/api/admin/analytics/sales.csv?from=2026-10-01&to=2026-10-31', s.cookie)).statusCode,
    ).toBe(403);
  });
});

describe('the storefront counts (funnel, product views, search)', () => {
  it('counts visitors per step once a day, product views each time, and leaves out robots and the back office', async () => {
    const { counter } = t.app.services.analytics;
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    // The setup's own API calls (add to cart) were counted too: this test counts from here.
    await counter.flush();
    const before = (await report('funnel', `from=${today}&to=${today}`)).totals;
    const shopper = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile' };
    const other = { ip: '203.0.113.8', userAgent: shopper.userAgent };
    const bot = { ip: '66.249.66.1', userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' };
    expect(counter.page('/', 200, shopper)).toBe(true);
    expect(counter.page('/product/garam-masala', 200, shopper)).toBe(true);
    expect(counter.page('/hi/product/garam-masala.data', 200, shopper)).toBe(true);
    expect(counter.page('/product/garam-masala', 200, bot)).toBe(false);
    expect(counter.page('/admin/orders', 200, shopper)).toBe(false);
    expect(counter.page('/product/no-such-thing', 404, shopper)).toBe(false);
    expect(counter.page('/about', 200, other)).toBe(true);
    // The shop's own add to cart, through the API it already receives.
    const g = await garam();
    const s = await signUp(t.app, '9844400098');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: g.id, variant: g.weight, quantity: 1 },
      headers: { cookie: s.cookie, 'user-agent': shopper.userAgent },
      remoteAddress: shopper.ip,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(counter.page('/checkout', 200, shopper)).toBe(true);
    expect(counter.searched('Garam  Masala', 3, shopper)).toBe(true);
    expect(counter.searched('saffron', 0, shopper)).toBe(true);
    expect(counter.searched('Saffron ', 0, other)).toBe(true);
    expect(counter.searched('saffron', 0, bot)).toBe(false);
    await counter.flush();

    const funnel = await report('funnel', `from=${today}&to=${today}`);
    const delta = (k: string) => (funnel.totals[k] ?? 0) - (before[k] ?? 0);
    expect(['sessions', 'productViews', 'addToCart', 'checkoutStarted'].map(delta)).toEqual([2, 1, 1, 1]);
    expect(funnel.series).toEqual([
      {
        bucket: today,
        sessions: funnel.totals.sessions,
        productViews: funnel.totals.productViews,
        addToCart: funnel.totals.addToCart,
        checkoutStarted: funnel.totals.checkoutStarted,
        orders: funnel.totals.orders,
      },
    ]);
    expect(funnel.totals.productViewRate).toBe(
      Math.round((funnel.totals.productViews! / funnel.totals.sessions!) * 1000) / 10,
    );
    const search = await report('search', `from=${today}&to=${today}`);
    expect(search.totals).toEqual({ searches: 3, zeroResultSearches: 2, terms: 2, zeroResultRate: 66.7 });
    expect(search.series).toEqual([
      { term: 'saffron', searches: 2, zeroResults: 2 },
      { term: 'garam masala', searches: 1, zeroResults: 0 },
    ]);
    expect(search.zeroResults).toEqual([{ term: 'saffron', searches: 2, zeroResults: 2 }]);

    // Nothing personal is stored: a visitor is a 22-character hash; no address, no agent.
    const { rows } = (await t.database.db.execute(sql`select * from analytics_visits`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(rows).toHaveLength(funnel.totals.sessions!);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['day', 'steps', 'visitor']);
      expect(String(row.visitor)).toMatch(/^[\w-]{22}$/);
      expect(JSON.stringify(row)).not.toContain('203.0.113');
    }
  });

  it('rolls the days before yesterday up into one row each, deleting their hashes, with the same figures', async () => {
    const { counter } = t.app.services.analytics;
    await t.database.db.execute(sql`insert into analytics_visits (day, visitor, steps) values
      ('2026-09-10', 'a', 1), ('2026-09-10', 'b', 3), ('2026-09-10', 'c', 15), ('2026-09-11', 'd', 7)`);
    const before = await report('funnel', 'from=2026-09-01&to=2026-09-30&granularity=month');
    expect(before.totals).toMatchObject({
      sessions: 4,
      productViews: 3,
      addToCart: 2,
      checkoutStarted: 1,
      orders: 3,
    });
    await counter.rollUp('2026-09-13');
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from analytics_visits where day < '2026-09-12'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
    const after = await report('funnel', 'from=2026-09-01&to=2026-09-30&granularity=month');
    expect(after.totals).toEqual(before.totals);
    const days = await report('funnel', 'from=2026-09-10&to=2026-09-11&granularity=day');
    expect(days.series.map((s) => s.sessions)).toEqual([3, 1]);
  });

  it('lists products viewed often but rarely bought', async () => {
    const { counter } = t.app.services.analytics;
    for (let i = 0; i < 12; i++)
      counter.page('/product/chaat-masala', 200, {
        ip: `198.51.100.${i}`,
        userAgent: 'Mozilla/5.0 Firefox/133.0',
      });
    await counter.flush();
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const res = await report('products', `from=${today}&to=${today}`);
    expect(res.viewedNotBought).toEqual(
      expect.arrayContaining([expect.objectContaining({ views: 12, orders: 0, buyRate: 0 })]),
    );
  });
});
