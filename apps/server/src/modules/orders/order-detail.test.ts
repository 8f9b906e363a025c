import { readFileSync } from 'node:fs';
import { ProductList } from '@spice/shared/contracts/catalog';
import { OrderDetail } from '@spice/shared/contracts/commerce';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ADDRESS, addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { productVariants } from '../catalog/schema.ts';
import { orderStatusHistory, orders } from './schema.ts';

let t: TestApp;
let asha: Shopper;
let ravi: Shopper;
let adminCookie: string;
let garam: { id: number; variants: { id: number; weight: string; price: number; mrp: number }[] };
let orderNumber: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  const list = ProductList.parse((await t.app.inject('/api/products')).json());
  garam = list.find((p) => p.slug === 'garam-masala')!;
  asha = await signUp(t.app, '9840000001');
  ravi = await signUp(t.app, '9840000002');
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  const addressId = await addAddress(asha);
  await addToCart(asha, garam.id, garam.variants[0]!.weight, 2);
  await addToCart(asha, garam.id, garam.variants[1]!.weight, 1);
  const created = await createPaymentOrder(asha, addressId);
  expect(created.statusCode, created.body).toBe(200);
  const { placed, payment } = await payAndPlace(asha, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  orderNumber = placed.json().orderNumber;
  expect(payment.razorpayPaymentId).toBeTruthy();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const moveTo = async (status: string, version: number, trackingId?: string) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderNumber}/status`,
    payload: { status, version, trackingId },
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('GET /api/orders/{orderNumber}', () => {
  it('answers 401 to a visitor without a session', async () => {
    const res = await t.app.inject(`/api/orders/${orderNumber}`);
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 to another shopper, with nothing of the order in the reply', async () => {
    const res = await ravi.request({ method: 'GET', url: `/api/orders/${orderNumber}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Order not found.' });
    expect(res.body).not.toContain(ADDRESS.addressLine);
  });

  it('answers 404 for an order number that does not exist', async () => {
    const res = await asha.request({ method: 'GET', url: '/api/orders/KC000000-NOPE00' });
    expect(res.statusCode).toBe(404);
  });

  it('gives the owner the order as charged: items with product ids and images, address, prices, payment', async () => {
    const res = await asha.request({ method: 'GET', url: `/api/orders/${orderNumber}` });
    expect(res.statusCode, res.body).toBe(200);
    const order = OrderDetail.parse(res.json());
    const [v0, v1] = garam.variants;
    expect(order.orderNumber).toBe(orderNumber);
    expect(order.orderStatus).toBe('PLACED');
    expect(order.items).toEqual([
      expect.objectContaining({
        productId: garam.id,
        variantId: v0!.id,
        productName: 'Garam Masala',
        variant: v0!.weight,
        quantity: 2,
        price: v0!.price,
        mrp: v0!.mrp,
        slug: 'garam-masala',
        buyable: true,
      }),
      expect.objectContaining({ productId: garam.id, variantId: v1!.id, variant: v1!.weight, quantity: 1 }),
    ]);
    expect(order.items[0]!.image).toMatch(/^\//);
    expect(order.deliveryAddress).toMatchObject({ name: ADDRESS.name, phone: ADDRESS.phone, type: 'Home' });
    expect(order.deliveryAddress.fullAddress).toContain(ADDRESS.addressLine);
    const subtotal = 2 * v0!.price + v1!.price;
    const totalMrp = 2 * v0!.mrp + v1!.mrp;
    const p = order.priceDetails;
    expect(p).toMatchObject({ subtotal, totalMrp, discount: totalMrp - subtotal, appliedCouponCode: null });
    expect(p.finalAmount).toBe(subtotal - p.couponDiscount + p.deliveryCharges + p.platformFee);
    expect(order.totalAmount).toBe(p.finalAmount);
    expect(order.paymentMode).toBe('RAZORPAY');
    expect(order.paymentId).toMatch(/^pay_/);
    expect(order.statusHistory).toEqual([{ status: 'PLACED', at: order.createdAt }]);
  });

  it('keeps the delivery window the delivery rules promised at placement', async () => {
    const order = OrderDetail.parse(
      (await asha.request({ method: 'GET', url: `/api/orders/${orderNumber}` })).json(),
    );
    const quoted = (await t.app.inject(`/api/pincodes/${ADDRESS.pincode}`)).json();
    expect(order.estimatedDelivery).toEqual(quoted.estimatedDelivery);
    expect(order.estimatedDelivery!.from <= order.estimatedDelivery!.to).toBe(true);
    // Kept on the order, not worked out again: a rule changed later does not move it.
    await t.database.db
      .update(orders)
      .set({ estimatedDelivery: { from: '2026-01-05', to: '2026-01-07' } })
      .where(eq(orders.orderNumber, orderNumber));
    const again = OrderDetail.parse(
      (await asha.request({ method: 'GET', url: `/api/orders/${orderNumber}` })).json(),
    );
    expect(again.estimatedDelivery).toEqual({ from: '2026-01-05', to: '2026-01-07' });
    await t.database.db
      .update(orders)
      .set({ estimatedDelivery: order.estimatedDelivery })
      .where(eq(orders.orderNumber, orderNumber));
  });

  it('adds each status change with its time to the history, and shows the tracking id', async () => {
    await moveTo('CONFIRMED', 1);
    await moveTo('PACKED', 2);
    await moveTo('SHIPPED', 3, 'DTDC-778899');
    const order = OrderDetail.parse(
      (await asha.request({ method: 'GET', url: `/api/orders/${orderNumber}` })).json(),
    );
    expect(order.orderStatus).toBe('SHIPPED');
    expect(order.trackingId).toBe('DTDC-778899');
    expect(order.statusHistory.map((h) => h.status)).toEqual(['PLACED', 'CONFIRMED', 'PACKED', 'SHIPPED']);
    const times = order.statusHistory.map((h) => Date.parse(h.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order.statusHistory.at(-1)!.at).toBe(row!.updatedAt.toISOString());
    const stored = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, row!.id));
    expect(stored).toHaveLength(4);
  });

  it('marks an item no longer buyable once its variant is out of stock', async () => {
    const v0 = garam.variants[0]!;
    const [before] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, v0.id));
    await t.database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, v0.id));
    t.app.services.catalog.invalidate();
    try {
      const order = OrderDetail.parse(
        (await asha.request({ method: 'GET', url: `/api/orders/${orderNumber}` })).json(),
      );
      expect(order.items.map((i) => i.buyable)).toEqual([false, true]);
    } finally {
      await t.database.db
        .update(productVariants)
        .set({ stock: before!.stock })
        .where(eq(productVariants.id, v0.id));
      t.app.services.catalog.invalidate();
    }
  });

  it('is listed in the API documentation', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.paths['/api/orders/{orderNumber}']?.get).toBeDefined();
  });

  it('gives orders placed before the history existed their placed time, and their status at the last update (migration backfill)', async () => {
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    await t.database.db.delete(orderStatusHistory);
    const migration = readFileSync(
      new URL('../../../drizzle/0007_order_status_history.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('INSERT'));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await t.database.db.execute(sql.raw(statement));
    const order = OrderDetail.parse(
      (await asha.request({ method: 'GET', url: `/api/orders/${orderNumber}` })).json(),
    );
    expect(order.statusHistory).toEqual([
      { status: 'PLACED', at: row!.createdAt.toISOString() },
      { status: row!.status, at: row!.updatedAt.toISOString() },
    ]);
  });
});
