import {
  AdminOrderDetail,
  AdminOrderPage,
  AuditPage,
  TRACKING_REQUIRED,
} from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { ORDER_STATUSES, ORDER_TRANSITIONS } from '@spice/shared/order-status';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { csvField, ORDER_CHANGED_MEANWHILE } from '../orders/admin-service.ts';
import { orders } from '../orders/schema.ts';

let t: TestApp;
let shopper: Shopper;
let addressId: number;
let garam: { id: number; variants: { weight: string }[] };
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  const list = ProductList.parse((await t.app.inject('/api/products')).json());
  garam = list.find((p) => p.slug === 'garam-masala')!;
  shopper = await signUp(t.app, '9830000001');
  addressId = await addAddress(shopper);
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });

async function placeOrder(): Promise<string> {
  await addToCart(shopper, garam.id, garam.variants[0]!.weight, 2);
  const created = await createPaymentOrder(shopper, addressId);
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(shopper, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().orderNumber;
}

async function detail(orderNumber: string) {
  const res = await asAdmin({ url: `/api/admin/orders/${orderNumber}` });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderDetail.parse(res.json());
}

const move = (orderNumber: string, payload: object) =>
  asAdmin({ method: 'PUT', url: `/api/admin/orders/${orderNumber}/status`, payload });

describe('role checks on the order endpoints', () => {
  const endpoints: InjectOptions[] = [
    { method: 'GET', url: '/api/admin/orders' },
    { method: 'GET', url: '/api/admin/orders.csv' },
    { method: 'GET', url: '/api/admin/orders/KC000' },
    { method: 'PUT', url: '/api/admin/orders/KC000/status', payload: { status: 'CONFIRMED', version: 1 } },
    { method: 'GET', url: '/api/admin/audit' },
  ];
  it('answers 401 logged out and 403 to a shopper on every one', async () => {
    for (const endpoint of endpoints) {
      const anonymous = await t.app.inject(endpoint);
      expect(anonymous.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401);
      const asShopper = await shopper.request(endpoint);
      expect(asShopper.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(403);
    }
  });
});

describe('the orders list and detail', () => {
  let first: string;
  let second: string;
  beforeAll(async () => {
    first = await placeOrder();
    second = await placeOrder();
  }, 60_000);

  it('lists newest first with paging, and filters by status, search and date', async () => {
    const page = AdminOrderPage.parse((await asAdmin({ url: '/api/admin/orders?size=1' })).json());
    expect(page.totalElements).toBeGreaterThanOrEqual(2);
    expect(page.content[0]!.orderNumber).toBe(second);
    expect(page.content[0]).toMatchObject({ status: 'PLACED', itemCount: 2, mobile: '+919830000001' });

    const byNumber = AdminOrderPage.parse((await asAdmin({ url: `/api/admin/orders?q=${first}` })).json());
    expect(byNumber.content.map((o) => o.orderNumber)).toEqual([first]);
    const byMobile = AdminOrderPage.parse((await asAdmin({ url: '/api/admin/orders?q=9830000001' })).json());
    expect(byMobile.totalElements).toBeGreaterThanOrEqual(2);
    const nobody = AdminOrderPage.parse((await asAdmin({ url: '/api/admin/orders?q=9000000000' })).json());
    expect(nobody.content).toEqual([]);

    const shipped = AdminOrderPage.parse((await asAdmin({ url: '/api/admin/orders?status=SHIPPED' })).json());
    expect(shipped.content.every((o) => o.status === 'SHIPPED')).toBe(true);
    const past = AdminOrderPage.parse(
      (await asAdmin({ url: '/api/admin/orders?from=2020-01-01&to=2020-12-31' })).json(),
    );
    expect(past.totalElements).toBe(0);
    expect((await asAdmin({ url: '/api/admin/orders?from=yesterday' })).statusCode).toBe(400);
  });

  it('shows one order with items, address, payment ids and totals', async () => {
    const order = await detail(first);
    expect(order).toMatchObject({
      status: 'PLACED',
      version: 1,
      nextStatuses: ['CONFIRMED', 'CANCELLED'],
      customer: { mobile: '+919830000001', email: shopper.email },
      address: { pincode: '560001' },
      payment: { mode: 'RAZORPAY' },
      trackingId: null,
    });
    expect(order.items[0]).toMatchObject({ productName: 'Garam Masala', quantity: 2 });
    expect(order.payment.providerPaymentId).toMatch(/^pay_/);
    expect(order.totals.total).toBe(
      order.totals.subtotal - order.totals.couponDiscount + order.totals.delivery + order.totals.platformFee,
    );
    expect((await asAdmin({ url: '/api/admin/orders/KC-NOPE' })).statusCode).toBe(404);
  });
});

describe('status changes', () => {
  it('moves an order from placed to delivered, shipping with a tracking id, and tells the shopper', async () => {
    const orderNumber = await placeOrder();
    let version = 1;
    for (const status of ['CONFIRMED', 'PACKED'] as const) {
      const res = await move(orderNumber, { status, version });
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().version;
    }
    const withoutTracking = await move(orderNumber, { status: 'SHIPPED', version });
    expect(withoutTracking.statusCode).toBe(400);
    expect(withoutTracking.json().errors.trackingId).toBe(TRACKING_REQUIRED);

    const shipped = await move(orderNumber, { status: 'SHIPPED', trackingId: 'DTDC123456', version });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'SHIPPED',
      trackingId: 'DTDC123456',
      nextStatuses: ['DELIVERED', 'RTO'],
    });
    const delivered = await move(orderNumber, { status: 'DELIVERED', version: shipped.json().version });
    expect(delivered.json()).toMatchObject({
      status: 'DELIVERED',
      trackingId: 'DTDC123456',
      nextStatuses: [],
    });

    const mine = (
      await shopper.request({ method: 'GET', url: `/api/orders/customer/${shopper.mobile}` })
    ).json();
    expect(mine.find((o: { orderNumber: string }) => o.orderNumber === orderNumber)).toMatchObject({
      orderStatus: 'DELIVERED',
      trackingId: 'DTDC123456',
    });
    await t.app.jobWorker.runDue(); // order messages go out by job
    const mail = (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(shopper.email)}`)).json();
    expect(mail[0].subject).toBe(`Your Kesar Chakki order ${orderNumber} is delivered`);
    expect(mail.some((m: { text: string }) => m.text.includes('AWB / tracking number: DTDC123456'))).toBe(
      true,
    );

    const audit = AuditPage.parse((await asAdmin({ url: '/api/admin/audit' })).json());
    expect(audit.content[0]).toMatchObject({
      action: 'order.status',
      entityId: orderNumber,
      actorMobile: DEMO_ADMIN.mobile,
      before: { status: 'SHIPPED' },
      after: { status: 'DELIVERED' },
    });
  }, 30_000);

  it('allows exactly the moves of the transition table', async () => {
    const orderNumber = await placeOrder();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        await t.database.db.update(orders).set({ status: from, version: 1 }).where(eq(orders.id, row!.id));
        const res = await move(orderNumber, { status: to, version: 1, trackingId: 'T1' });
        const allowed = ORDER_TRANSITIONS[from].includes(to);
        expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(allowed ? 200 : 409);
        if (!allowed) expect(res.json().message).toMatch(/^An order that is \w+ cannot be marked \w+\.$/);
      }
    }
  }, 60_000);

  it('refuses the second of two admins acting on the same version, whoever is first', async () => {
    const orderNumber = await placeOrder();
    const [a, b] = await Promise.all([
      move(orderNumber, { status: 'CONFIRMED', version: 1 }),
      move(orderNumber, { status: 'CANCELLED', version: 1 }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const loser = a!.statusCode === 409 ? a! : b!;
    expect(loser.json().message).toBe(ORDER_CHANGED_MEANWHILE);
    const winner = a!.statusCode === 200 ? a!.json() : b!.json();
    expect((await detail(orderNumber)).status).toBe(winner.status);
    const stale = await move(orderNumber, { status: 'CANCELLED', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(ORDER_CHANGED_MEANWHILE);
  }, 30_000);
});

describe('cancelling an order', () => {
  it('puts its units back on the shelf and gives the shopper the coupon use back, once', async () => {
    const buyer = await signUp(t.app, '9830000077');
    const buyerAddress = await addAddress(buyer);
    const stockOf = async () => {
      const list = ProductList.parse((await t.app.inject('/api/products')).json());
      return list.find((p) => p.id === garam.id)!.variants[0]!.stock;
    };
    const validate = () =>
      buyer.request({
        method: 'POST',
        url: '/api/coupons/validate',
        payload: { code: 'WELCOME10', cartAmount: 400 },
      });
    const stockBefore = await stockOf();

    await addToCart(buyer, garam.id, garam.variants[0]!.weight, 5);
    const created = await createPaymentOrder(buyer, buyerAddress, 'WELCOME10');
    expect(created.statusCode, created.body).toBe(200);
    const { placed } = await payAndPlace(buyer, created.json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderNumber: string = placed.json().orderNumber;
    expect(await stockOf()).toBe(stockBefore - 5);
    // WELCOME10 allows one use per shopper, and this shopper has used it.
    expect((await validate()).statusCode).toBe(400);

    const cancelled = await move(orderNumber, { status: 'CANCELLED', version: 1 });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('CANCELLED');
    expect(await stockOf()).toBe(stockBefore);
    expect((await validate()).statusCode).toBe(200);

    // Nothing moves a cancelled order, so its stock cannot be returned twice.
    const again = await move(orderNumber, { status: 'CANCELLED', version: cancelled.json().version });
    expect(again.statusCode).toBe(409);
    expect(await stockOf()).toBe(stockBefore);

    const audit = AuditPage.parse((await asAdmin({ url: '/api/admin/audit' })).json());
    const entry = audit.content.find((e) => e.entityId === orderNumber && e.action === 'order.status');
    expect(entry?.after).toMatchObject({
      status: 'CANCELLED',
      restocked: [{ quantity: 5 }],
    });
  });
});

describe('CSV export', () => {
  it('exports the date range with rupee amounts and proper quoting', async () => {
    const orderNumber = await placeOrder();
    await t.database.db
      .update(orders)
      .set({
        userName: 'Rao, "Asha"',
        address: { ...(await detail(orderNumber)).address, fullAddress: '=1+1\nBlock B' },
      })
      .where(eq(orders.orderNumber, orderNumber));
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const res = await asAdmin({ url: `/api/admin/orders.csv?from=${today}&to=${today}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const body = res.body.replace(/^\uFEFF/, '');
    expect(body.split('\r\n')[0]).toMatch(/^Order number,Placed at \(IST\),Status,Customer,/);
    const order = await detail(orderNumber);
    expect(body).toContain(`${orderNumber},`);
    expect(body).toContain(`"Rao, ""Asha""",+919830000001,${shopper.email},"'=1+1\nBlock B",560001,2,`);
    expect(body).toContain(`,${order.totals.total.toFixed(2)},${order.payment.providerPaymentId},`);

    const empty = await asAdmin({ url: '/api/admin/orders.csv?from=2020-01-01&to=2020-01-31' });
    expect(
      empty.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  }, 30_000);

  it('quotes only what needs quoting', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('the dashboard figures', () => {
  it('counts today’s and this month’s orders and revenue, low stock, unreplied reviews and unread messages', async () => {
    const before = await t.app.services.dashboard.figures();
    const orderNumber = await placeOrder();
    const { totals } = await detail(orderNumber);
    const after = await t.app.services.dashboard.figures();
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.month.orders).toBe(before.month.orders + 1);
    expect(after.today.revenuePaise).toBe(before.today.revenuePaise + Math.round(totals.total * 100));
    expect(after.lowStock.every((v) => v.stock <= 10)).toBe(true);
    expect(after.unrepliedReviews).toBeGreaterThan(0);
    expect(after.unreadMessages).toBe(0);

    await move(orderNumber, { status: 'CANCELLED', version: 1 });
    expect((await t.app.services.dashboard.figures()).today.orders).toBe(before.today.orders);
  }, 30_000);
});
