import { ProductList } from '@spice/shared/contracts/catalog';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, placementPayload } from '../../test/commerce.ts';
import { type Shopper, signUp } from '../../test/shoppers.ts';
import { postWebhook } from '../../test/webhooks.ts';
import { productVariants } from '../catalog/schema.ts';
import { checkouts, orders } from '../orders/schema.ts';
import { payments } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
}, 60_000);
afterAll(async () => {
  await t.close();
});

it('keeps every payment accounted for and stock exact under a mixed checkout load', async () => {
  const INITIAL = 6;
  const garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
  const v = garam.variants[0]!;
  let n = 0;
  const shopper = async () => {
    const s = await signUp(t.app, `95${String(40000000 + n++).slice(-8)}`);
    const address = await addAddress(s);
    await addToCart(s, garam.id, v.weight, 1);
    return { s, address };
  };
  const early = await Promise.all(Array.from({ length: 8 }, shopper));
  const late = await Promise.all(Array.from({ length: 6 }, shopper));
  await t.database.db.update(productVariants).set({ stock: INITIAL }).where(eq(productVariants.id, v.id));
  const probe = await early[0]!.s.request({
    method: 'POST',
    url: '/api/payment/create-razorpay-order',
    payload: { amount: 1, addressId: early[0]!.address },
  });
  const amount = probe.json().amount as number;
  const create = ({ s, address }: { s: Shopper; address: number }) =>
    s.request({
      method: 'POST',
      url: '/api/payment/create-razorpay-order',
      payload: { amount, addressId: address },
    });

  // The early shoppers take the stock (two double-click), then their holds lapse and newcomers take it.
  const first = await Promise.all([...early, early[0]!, early[1]!].map(create));
  const held = first
    .map((r, i) => ({ r, ...[...early, early[0]!, early[1]!][i]! }))
    .filter(({ r }) => r.statusCode === 200);
  await t.app.services.orders.releaseExpired(new Date(Date.now() + 24 * 60 * 60_000));
  const second = await Promise.all(late.map(create));
  const newcomers = second.map((r, i) => ({ r, ...late[i]! })).filter(({ r }) => r.statusCode === 200);

  // Every checkout is paid (some twice); verify and the webhook race for each payment.
  const sent = new Set<string>();
  const hook = (paymentId: string, orderId: string) => {
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR' } } },
    });
    return postWebhook(t, body);
  };
  const payments_ = [...held, ...newcomers, ...newcomers.slice(0, 2)].map(async ({ r, s }) => {
    const orderId = r.json().orderId as string;
    const paid = (await s.request({ method: 'POST', url: `/api/payment/simulated/${orderId}/pay` })).json();
    sent.add(paid.razorpayPaymentId);
    const [verified, hooked] = await Promise.all([
      s.request({ method: 'POST', url: '/api/orders/place', payload: placementPayload(paid) }),
      hook(paid.razorpayPaymentId, orderId),
    ]);
    expect([200, 409]).toContain(verified.statusCode);
    expect(hooked.statusCode).toBe(200);
  });
  await Promise.all(payments_);

  const ledger = await t.database.db.select().from(payments);
  const placedOrders = await t.database.db.select().from(orders);
  const mine = ledger.filter((p) => sent.has(p.paymentId));
  // Every payment recorded exactly once, each either placed or waiting for its refund.
  expect(mine).toHaveLength(sent.size);
  expect(new Set(mine.map((p) => p.paymentId)).size).toBe(sent.size);
  expect(mine.every((p) => p.status === 'placed' || p.status === 'refund_pending')).toBe(true);
  // A placed payment has exactly one order; every order has its placed payment.
  for (const p of mine.filter((p) => p.status === 'placed')) {
    expect(
      placedOrders.filter((o) => o.providerPaymentId === p.paymentId && o.orderNumber === p.orderNumber),
    ).toHaveLength(1);
  }
  for (const o of placedOrders) {
    expect(ledger.filter((p) => p.paymentId === o.providerPaymentId && p.status === 'placed')).toHaveLength(
      1,
    );
  }
  expect(mine.filter((p) => p.status === 'refund_pending').length).toBeGreaterThan(0);
  // Stock = initial − sold − held.
  const [{ sold }] = (
    (await t.database.db.execute(
      sql`select coalesce(sum(oi.quantity), 0)::int as sold from order_items oi join orders o on o.id = oi.order_id where oi.variant_id = ${v.id} and o.status <> 'CANCELLED'`,
    )) as unknown as { rows: { sold: number }[] }
  ).rows as [{ sold: number }];
  const pending = await t.database.db.select().from(checkouts).where(eq(checkouts.status, 'pending'));
  const heldUnits = pending
    .flatMap((c) => c.lines)
    .filter((l) => l.variantId === v.id)
    .reduce((a, l) => a + l.quantity, 0);
  const [row] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, v.id));
  expect(row!.stock).toBe(INITIAL - sold - heldUnits);
  expect(sold).toBeLessThanOrEqual(INITIAL);
}, 180_000);
