import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import {
  addAddress,
  addToCart,
  createPaymentOrder,
  payAndPlace,
  placementPayload,
} from '../../test/commerce.ts';
import { expectServerErrors } from '../../test/server-errors.ts';
import { type Shopper, signUp } from '../../test/shoppers.ts';
import { postWebhook } from '../../test/webhooks.ts';
import { productVariants } from '../catalog/schema.ts';
import { payments } from '../payments/schema.ts';
import { checkouts, orderItems, orderStatusHistory, orders } from './schema.ts';

// The characters the next order-number draws take (index 0 is 'A', 1 is 'B'); empty: random.
const forced = vi.hoisted(() => ({ draws: [] as number[] }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  const random = actual.randomInt as unknown as (...args: unknown[]) => number;
  const randomInt = (...args: unknown[]) =>
    args.length === 1 && forced.draws.length > 0 ? forced.draws.shift()! : random(...args);
  return { ...actual, default: { ...actual, randomInt }, randomInt };
});

/** The draws of one order number: six times the character at `index`. */
const number = (index: number) => Array<number>(6).fill(index);

let t: TestApp;
let product: { id: number; variants: { id: number; weight: string }[] };
beforeAll(async () => {
  // Test files share a worker's modules (vitest.config.ts): load the app afresh, with the mock.
  vi.resetModules();
  const { createTestApp } = await import('../../test/app.ts');
  t = await createTestApp();
  product = ((await t.app.inject('/api/products')).json() as (typeof product)[])[0]!;
});
afterAll(() => t.close());

async function shopper(mobile: string) {
  const s = await signUp(t.app, mobile);
  const addressId = await addAddress(s);
  await addToCart(s, product.id, product.variants[0]!.weight);
  return { s, addressId };
}

async function checkoutOf(s: Shopper, addressId: number) {
  const created = await createPaymentOrder(s, addressId);
  expect(created.statusCode, created.body).toBe(200);
  return created.json().orderId as string;
}

async function buy(mobile: string) {
  const { s, addressId } = await shopper(mobile);
  const { placed } = await payAndPlace(s, await checkoutOf(s, addressId));
  expect(placed.statusCode, placed.body).toBe(200);
  return { s, orderNumber: placed.json().orderNumber as string };
}

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;

/** The shopper's orders, each with its items and status rows: one attempt's, whole. */
async function ordersOf(userId: number) {
  const { db } = t.database;
  const rows = await db.select().from(orders).where(eq(orders.userId, userId));
  return Promise.all(
    rows.map(async (o) => ({
      orderNumber: o.orderNumber,
      items: await countOf(db.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, o.id))),
      statuses: await countOf(
        db.select({ n: count() }).from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id)),
      ),
    })),
  );
}

async function stock() {
  const [v] = await t.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, product.variants[0]!.id));
  return v!.stock;
}

it('places an order whose first number is taken under a number drawn again', async () => {
  forced.draws = number(0);
  const first = await buy('9812345601');
  expect(first.orderNumber).toMatch(/-AAAAAA$/);
  forced.draws = [...number(0), ...number(1)];
  const second = await buy('9812345602');
  expect(second.orderNumber).toMatch(/-BBBBBB$/);
  expect(forced.draws).toEqual([]);
  expect(await ordersOf(second.s.id)).toEqual([{ orderNumber: second.orderNumber, items: 1, statuses: 1 }]);
  // The payment recorded once, for the order under its second number.
  const [recorded] = await t.database.db
    .select({ orderNumber: payments.orderNumber })
    .from(payments)
    .innerJoin(checkouts, eq(checkouts.id, payments.checkoutId))
    .where(eq(checkouts.userId, second.s.id));
  expect(recorded).toEqual({ orderNumber: second.orderNumber });
});

it('places a cash on delivery order under a number drawn again, taking its stock once', async () => {
  const { s, addressId } = await shopper('9812345603');
  const probe = await s.request({
    method: 'POST',
    url: '/api/orders/place-cod',
    payload: { addressId, amount: 0 },
  });
  expect(probe.statusCode, probe.body).toBe(409);
  const before = await stock();
  forced.draws = [...number(0), ...number(2)];
  const placed = await s.request({
    method: 'POST',
    url: '/api/orders/place-cod',
    payload: { addressId, amount: probe.json().amount },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  expect(placed.json().orderNumber).toMatch(/-CCCCCC$/);
  expect(forced.draws).toEqual([]);
  expect(await ordersOf(s.id)).toEqual([{ orderNumber: placed.json().orderNumber, items: 1, statuses: 1 }]);
  expect(await stock()).toBe(before - 1);
});

it("places the webhook's order under a number drawn again", async () => {
  const { s, addressId } = await shopper('9812345604');
  const providerOrderId = await checkoutOf(s, addressId);
  const body = JSON.stringify({
    event: 'payment.captured',
    payload: { payment: { entity: { id: 'pay_clash_hook', order_id: providerOrderId, status: 'captured' } } },
  });
  forced.draws = [...number(0), ...number(3)];
  const hook = await postWebhook(t, body, 'evt_clash');
  expect(hook.json()).toEqual({ status: 'placed' });
  expect(forced.draws).toEqual([]);
  const placed = await ordersOf(s.id);
  expect(placed).toEqual([{ orderNumber: expect.stringMatching(/-DDDDDD$/), items: 1, statuses: 1 }]);
});

it('writes nothing when no number is left in five draws, and places the order when asked again', async () => {
  const { s, addressId } = await shopper('9812345605');
  const providerOrderId = await checkoutOf(s, addressId);
  const before = await stock();
  // Five attempts, each its number taken: a broken generator, answered 500.
  forced.draws = Array(5).fill(number(0)).flat();
  expectServerErrors();
  const { payment, placed } = await payAndPlace(s, providerOrderId);
  expect(placed.statusCode).toBe(500);
  expect(forced.draws).toEqual([]);
  expect(await ordersOf(s.id)).toEqual([]);
  const [checkout] = await t.database.db
    .select({ status: checkouts.status })
    .from(checkouts)
    .where(and(eq(checkouts.userId, s.id), eq(checkouts.providerOrderId, providerOrderId)));
  expect(checkout).toEqual({ status: 'pending' });
  expect(
    await countOf(
      t.database.db
        .select({ n: count() })
        .from(payments)
        .where(eq(payments.paymentId, payment.razorpayPaymentId)),
    ),
  ).toBe(0);
  // The checkout still holds its stock: the same payment placed again becomes the order.
  expect(await stock()).toBe(before);
  const again = await s.request({
    method: 'POST',
    url: '/api/orders/place',
    payload: placementPayload(payment),
  });
  expect(again.statusCode, again.body).toBe(200);
  expect(await ordersOf(s.id)).toEqual([{ orderNumber: again.json().orderNumber, items: 1, statuses: 1 }]);
});
