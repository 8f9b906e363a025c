// kill -9 under checkout load (PostgreSQL): a shop process dies while shoppers hold, pay and place;
// a new process takes over, the shoppers retry, and every payment they were handed ends in exactly
// one order or one recorded refund, with stock = initial − sold − held.
import { once } from 'node:events';
import { ProductList } from '@spice/shared/contracts/catalog';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, placementPayload } from '../../test/commerce.ts';
import { startShop } from '../../test/shop-process.ts';
import { type Shopper, signUp } from '../../test/shoppers.ts';
import { productVariants } from '../catalog/schema.ts';
import { checkouts, orders } from '../orders/schema.ts';
import { payments } from './schema.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function post(base: string, s: Shopper, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { cookie: s.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe.skipIf(!onPostgres)('a shop process killed under checkout load', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('loses no payment and no unit of stock', async () => {
    const INITIAL = 10;
    const SHOPPERS = 16;
    const garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
      (p) => p.slug === 'garam-masala',
    )!;
    const v = garam.variants[0]!;
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, i) => {
        const s = await signUp(t.app, `94${String(50000000 + i)}`);
        const addressId = await addAddress(s);
        await addToCart(s, garam.id, v.weight, 1);
        return { s, addressId };
      }),
    );
    await t.database.db.update(productVariants).set({ stock: INITIAL }).where(eq(productVariants.id, v.id));
    const amount = (
      await shoppers[0]!.s.request({
        method: 'POST',
        url: '/api/payment/create-razorpay-order',
        payload: { amount: 1, addressId: shoppers[0]!.addressId },
      })
    ).json().amount as number;

    // What each shopper was handed: a held checkout, then a payment (money taken).
    const held = new Map<Shopper, string>();
    const paid = new Map<Shopper, Record<string, string>>();
    let shop = await startShop(t.database.url!);
    let killed = false;
    let paidCount = 0;
    const flow = async ({ s, addressId }: (typeof shoppers)[number]) => {
      try {
        const created = await post(shop.base, s, '/api/payment/create-razorpay-order', { amount, addressId });
        if (created.status !== 200) return;
        held.set(s, created.json.orderId as string);
        const pay = await post(shop.base, s, `/api/payment/simulated/${created.json.orderId}/pay`);
        if (pay.status !== 200) return;
        paid.set(s, pay.json as Record<string, string>);
        // The third payment handed out kills the process: others are mid-hold, mid-pay, mid-place.
        if (++paidCount === 3 && !killed) {
          killed = true;
          shop.child.kill('SIGKILL');
        }
        await post(shop.base, s, '/api/orders/place', placementPayload(pay.json as never));
      } catch {
        // The process died under this request: the shopper retries below.
      }
    };
    await Promise.all(shoppers.map(flow));
    expect(killed).toBe(true);
    if (shop.child.exitCode === null && shop.child.signalCode === null) await once(shop.child, 'exit');

    // A new process on the same database. Every shopper with a payment retries placing it; the
    // others go through checkout again (a hold whose answer was lost is found again, not doubled).
    shop = await startShop(t.database.url!);
    try {
      for (const { s, addressId } of shoppers) {
        if (paid.has(s)) continue;
        const created = await post(shop.base, s, '/api/payment/create-razorpay-order', { amount, addressId });
        if (created.status === 200) held.set(s, created.json.orderId as string);
        const orderId = held.get(s);
        if (orderId) {
          const pay = await post(shop.base, s, `/api/payment/simulated/${orderId}/pay`);
          if (pay.status === 200) paid.set(s, pay.json as Record<string, string>);
        }
      }
      for (const [s, payment] of paid) {
        const placed = await post(shop.base, s, '/api/orders/place', placementPayload(payment as never));
        expect([200, 409], JSON.stringify(placed.json)).toContain(placed.status);
      }
    } finally {
      shop.child.kill('SIGKILL');
    }

    const sent = new Set([...paid.values()].map((p) => p.razorpayPaymentId!));
    expect(sent.size).toBeGreaterThan(3);
    const ledger = (await t.database.db.select().from(payments)).filter((p) => sent.has(p.paymentId));
    expect(ledger).toHaveLength(sent.size);
    expect(ledger.every((p) => p.status === 'placed' || p.status === 'refund_pending')).toBe(true);
    const placedOrders = await t.database.db.select().from(orders);
    for (const p of ledger.filter((p) => p.status === 'placed')) {
      expect(placedOrders.filter((o) => o.providerPaymentId === p.paymentId)).toHaveLength(1);
    }
    expect(placedOrders.length).toBe(ledger.filter((p) => p.status === 'placed').length);

    const sold = (
      (await t.database.db.execute(
        sql`select coalesce(sum(oi.quantity), 0)::int as sold from order_items oi join orders o on o.id = oi.order_id where oi.variant_id = ${v.id}`,
      )) as unknown as { rows: { sold: number }[] }
    ).rows[0]!.sold;
    const pending = await t.database.db.select().from(checkouts).where(eq(checkouts.status, 'pending'));
    const heldUnits = pending
      .flatMap((c) => c.lines)
      .filter((l) => l.variantId === v.id)
      .reduce((a, l) => a + l.quantity, 0);
    const [row] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, v.id));
    expect(row!.stock).toBe(INITIAL - sold - heldUnits);
    expect(sold).toBeLessThanOrEqual(INITIAL);
  }, 180_000);
});
