// Every captured payment ends in an order or a recorded refund: through verify and the webhook,
// late, repeated, doubled and for cancelled orders; and the owner sees them.
import { AdminPaymentPage } from '@spice/shared/contracts/admin-payments';
import { ProductList } from '@spice/shared/contracts/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addAddress,
  addToCart,
  createPaymentOrder,
  payAndPlace,
  placementPayload,
} from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { postWebhook } from '../../test/webhooks.ts';
import { productVariants } from '../catalog/schema.ts';
import { checkouts, orders } from '../orders/schema.ts';
import { payments } from './schema.ts';

let t: TestApp;
let variantId: number;
let weight: string;
let productId: number;
let adminCookie: string;
let n = 0;
const nextMobile = () => `7${String(200000000 + n++).slice(-9)}`;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  const garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
  productId = garam.id;
  variantId = garam.variants[0]!.id;
  weight = garam.variants[0]!.weight;
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function setStock(stock: number) {
  await t.database.db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));
  t.app.services.catalog.invalidate();
}
async function stock() {
  const [v] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  return v!.stock;
}
const ledgerRow = async (paymentId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.paymentId, paymentId)))[0];
const ordersOf = (providerOrderId: string) =>
  t.database.db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));

/** A shopper whose checkout for `quantity` units holds stock: answers the gateway order. */
async function checkoutFor(quantity = 1) {
  const s = await signUp(t.app, nextMobile());
  const address = await addAddress(s);
  await addToCart(s, productId, weight, quantity);
  const created = await createPaymentOrder(s, address);
  expect(created.statusCode, created.body).toBe(200);
  return { s, address, order: created.json() as { orderId: string; amount: number } };
}

const pay = async (s: Shopper, orderId: string) =>
  (await s.request({ method: 'POST', url: `/api/payment/simulated/${orderId}/pay` })).json();
const verify = (s: Shopper, payment: Parameters<typeof placementPayload>[0]) =>
  s.request({ method: 'POST', url: '/api/orders/place', payload: placementPayload(payment) });

function webhook(
  entity: { id: string; order_id: string; amount?: number; currency?: string; error_description?: string },
  event = 'payment.captured',
  eventId = `evt_${entity.id}_${event}`,
) {
  const body = JSON.stringify({ event, payload: { payment: { entity: { currency: 'INR', ...entity } } } });
  return postWebhook(t, body, eventId);
}

/** The hold lapses now (as the sweeper does after CHECKOUT_HOLD_MINUTES), without waiting. */
const lapseHolds = () => t.app.services.orders.releaseExpired(new Date(Date.now() + 24 * 60 * 60_000));

describe('the payments ledger', () => {
  it('records a placed payment once, with its order number and amount, and a replay adds nothing', async () => {
    const { s, order } = await checkoutFor(2);
    const { payment, placed } = await payAndPlace(s, order.orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await ledgerRow(payment.razorpayPaymentId)).toMatchObject({
      status: 'placed',
      orderNumber: placed.json().orderNumber,
      amountPaise: order.amount,
      source: 'verify',
      reason: null,
    });
    expect((await verify(s, payment)).json().orderNumber).toBe(placed.json().orderNumber);
    const sent = await webhook({
      id: payment.razorpayPaymentId,
      order_id: order.orderId,
      amount: order.amount,
    });
    expect(sent.json()).toEqual({ status: 'already-placed' });
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, order.orderId));
    expect(rows).toHaveLength(1);
  });

  it('refunds a late payment whose stock sold meanwhile: 409 saying so, recorded once, stock untouched', async () => {
    await setStock(1);
    const { s, order } = await checkoutFor(1);
    await lapseHolds();
    expect(await stock()).toBe(1);
    const other = await checkoutFor(1);
    expect((await payAndPlace(other.s, other.order.orderId)).placed.statusCode).toBe(200);
    expect(await stock()).toBe(0);

    const payment = await pay(s, order.orderId);
    const late = await verify(s, payment);
    expect(late.statusCode).toBe(409);
    const rupees = `₹${order.amount / 100}`;
    expect(late.json().message).toBe(
      `This item sold out while you were paying. Your payment of ${rupees} will be refunded to your account in 5–7 working days.`,
    );
    expect(await ledgerRow(payment.razorpayPaymentId)).toMatchObject({
      status: 'refund_pending',
      reason: 'sold_out',
      orderNumber: null,
      amountPaise: order.amount,
    });
    expect(await ordersOf(order.orderId)).toHaveLength(0);
    expect(await stock()).toBe(0);
    // The browser retries and the gateway's webhook comes too: the same answer, nothing new.
    expect((await verify(s, payment)).json().message).toBe(late.json().message);
    const hook = await webhook({
      id: payment.razorpayPaymentId,
      order_id: order.orderId,
      amount: order.amount,
    });
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ status: 'refund_pending' });
    expect(await ordersOf(order.orderId)).toHaveLength(0);
    // The cart is kept: nothing was bought.
    expect((await s.request({ url: `/api/cart/user/${s.mobile}` })).json()).toHaveLength(1);
  });

  it('answers a late webhook-only payment with no stock 200 and records the refund, so retries stop', async () => {
    await setStock(1);
    const { order } = await checkoutFor(1);
    await lapseHolds();
    await setStock(0);
    const paymentId = `pay_late_${n}`;
    const first = await webhook({ id: paymentId, order_id: order.orderId, amount: order.amount });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'refund_pending' });
    const retry = await webhook(
      { id: paymentId, order_id: order.orderId, amount: order.amount },
      'order.paid',
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ status: 'refund_pending' });
    expect(await ledgerRow(paymentId)).toMatchObject({ status: 'refund_pending', source: 'webhook' });
    expect(await stock()).toBe(0);
  });

  it('places a late payment whose stock is still there', async () => {
    await setStock(5);
    const { s, order } = await checkoutFor(2);
    await lapseHolds();
    expect(await stock()).toBe(5);
    const { placed, payment } = await payAndPlace(s, order.orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await stock()).toBe(3);
    expect((await ledgerRow(payment.razorpayPaymentId))!.status).toBe('placed');
  });

  it('refunds a second payment for an order already paid, and for a cancelled order', async () => {
    await setStock(10);
    const { s, order } = await checkoutFor(1);
    const { placed } = await payAndPlace(s, order.orderId);
    const orderNumber = placed.json().orderNumber;
    const second = await pay(s, order.orderId);
    const again = await verify(s, second);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /^This order was already paid with another payment\. Your payment of ₹/,
    );
    expect(await ledgerRow(second.razorpayPaymentId)).toMatchObject({
      status: 'refund_pending',
      reason: 'already_paid',
    });

    await t.database.db
      .update(orders)
      .set({ status: 'CANCELLED' })
      .where(eq(orders.orderNumber, orderNumber));
    const third = await pay(s, order.orderId);
    const cancelled = await verify(s, third);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toMatch(/^This order was cancelled before your payment arrived\./);
    const hook = await webhook({ id: `pay_hook_${n}`, order_id: order.orderId, amount: order.amount });
    expect(hook.json()).toEqual({ status: 'refund_pending' });
    expect(await ordersOf(order.orderId)).toHaveLength(1);
  });

  it('refunds a webhook capture whose amount is not the checkout’s, and places none', async () => {
    const { order } = await checkoutFor(1);
    const res = await webhook({ id: `pay_short_${n}`, order_id: order.orderId, amount: order.amount - 100 });
    expect(res.json()).toEqual({ status: 'refund_pending' });
    expect(await ledgerRow(`pay_short_${n}`)).toMatchObject({
      reason: 'amount_mismatch',
      amountPaise: order.amount - 100,
    });
    expect(await ordersOf(order.orderId)).toHaveLength(0);
  });

  it('records a failed attempt, and places the order when the same payment is captured later', async () => {
    const { order } = await checkoutFor(1);
    const paymentId = `pay_flaky_${n}`;
    const failed = await webhook(
      { id: paymentId, order_id: order.orderId, amount: order.amount, error_description: 'Bank timed out' },
      'payment.failed',
    );
    expect(failed.json()).toEqual({ status: 'failed' });
    expect(await ledgerRow(paymentId)).toMatchObject({ status: 'failed', reason: 'Bank timed out' });
    const captured = await webhook({ id: paymentId, order_id: order.orderId, amount: order.amount });
    expect(captured.json()).toEqual({ status: 'placed' });
    const [placedOrder] = await ordersOf(order.orderId);
    expect(await ledgerRow(paymentId)).toMatchObject({
      status: 'placed',
      orderNumber: placedOrder!.orderNumber,
    });
  });

  it('makes one order and one ledger row of a verify and webhooks arriving at once', async () => {
    const { s, order } = await checkoutFor(1);
    const payment = await pay(s, order.orderId);
    const results = await Promise.all([
      verify(s, payment),
      verify(s, payment),
      webhook({ id: payment.razorpayPaymentId, order_id: order.orderId, amount: order.amount }),
      webhook({ id: payment.razorpayPaymentId, order_id: order.orderId, amount: order.amount }, 'order.paid'),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await ordersOf(order.orderId)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, order.orderId));
    expect(rows).toHaveLength(1);
  });
});

describe('the ledger in the back office', () => {
  it('is for the store team only', async () => {
    expect((await t.app.inject('/api/admin/payments')).statusCode).toBe(401);
    const s = await signUp(t.app, nextMobile());
    expect((await s.request({ url: '/api/admin/payments' })).statusCode).toBe(403);
  });

  it('lists payments newest first in rupees, and filters those needing attention', async () => {
    const res = await t.app.inject({ url: '/api/admin/payments?size=100', headers: { cookie: adminCookie } });
    expect(res.statusCode, res.body).toBe(200);
    const page = AdminPaymentPage.parse(res.json());
    const all = await t.database.db.select().from(payments);
    expect(page.totalElements).toBe(all.length);
    const times = page.content.map((p) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const soldOut = all.find((p) => p.reason === 'sold_out')!;
    expect(page.content.find((p) => p.paymentId === soldOut.paymentId)).toEqual({
      paymentId: soldOut.paymentId,
      amount: soldOut.amountPaise / 100,
      status: 'refund_pending',
      orderNumber: null,
      reason: 'Stock sold out after the hold lapsed',
      createdAt: soldOut.createdAt.toISOString(),
    });

    const attention = AdminPaymentPage.parse(
      (
        await t.app.inject({
          url: '/api/admin/payments?attention=true&size=100',
          headers: { cookie: adminCookie },
        })
      ).json(),
    );
    const needing = all.filter((p) => p.status === 'refund_pending' || p.status === 'failed');
    expect(needing.length).toBeGreaterThan(0);
    expect(attention.totalElements).toBe(needing.length);
    expect(attention.attentionCount).toBe(needing.length);
    expect(attention.content.every((p) => p.status === 'refund_pending' || p.status === 'failed')).toBe(true);
    expect(
      (await t.app.inject({ url: '/api/admin/payments?attention=maybe', headers: { cookie: adminCookie } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('checkouts', () => {
  it('keep a replaced checkout’s payment for refund', async () => {
    await setStock(10);
    const { s, address, order } = await checkoutFor(1);
    await addToCart(s, productId, weight, 1);
    const newer = await createPaymentOrder(s, address);
    expect(newer.statusCode, newer.body).toBe(200);
    expect(newer.json().orderId).not.toBe(order.orderId);
    const [old] = await t.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.providerOrderId, order.orderId));
    expect(old!.status).toBe('cancelled');
    const stale = await verify(s, await pay(s, order.orderId));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This checkout was replaced by a newer one/);
    const { placed } = await payAndPlace(s, newer.json().orderId);
    expect(placed.statusCode).toBe(200);
  });
});
