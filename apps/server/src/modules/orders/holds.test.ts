// One hold per shopper, prices from the database, and the cart after placing: the cases where
// several calls, instances or tabs meet one checkout.
import { ProductList } from '@spice/shared/contracts/catalog';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp } from '../../test/shoppers.ts';
import { productVariants } from '../catalog/schema.ts';
import { checkouts } from './schema.ts';

let t: TestApp;
let garam: { id: number; variants: { id: number; weight: string; price: number }[] };
let n = 0;
const nextMobile = () => `6${String(300000000 + n++).slice(-9)}`;

beforeAll(async () => {
  // A long catalogue cache, as on an instance that did not make the price change itself.
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000', CATALOG_CACHE_SECONDS: '3600' } });
  garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const variantRow = async (id: number) =>
  (await t.database.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!;
async function setStock(id: number, stock: number) {
  await t.database.db.update(productVariants).set({ stock }).where(eq(productVariants.id, id));
}
const pendingOf = (userId: number) =>
  t.database.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'pending')));

describe('one pending checkout per shopper', () => {
  it('holds the cart’s stock once for ten simultaneous create calls (a double-click), answering one order', async () => {
    const v = garam.variants[0]!;
    await setStock(v.id, 10);
    const s = await signUp(t.app, nextMobile());
    const address = await addAddress(s);
    await addToCart(s, garam.id, v.weight, 2);
    const probe = await createPaymentOrder(s, address);
    const amount = probe.json().amount;
    await t.app.services.orders.releaseExpired(new Date(Date.now() + 24 * 60 * 60_000));
    expect((await variantRow(v.id)).stock).toBe(10);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.request({
          method: 'POST',
          url: '/api/payment/create-razorpay-order',
          payload: { amount, addressId: address },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.json().orderId)).size).toBe(1);
    expect((await variantRow(v.id)).stock).toBe(8);
    expect(await pendingOf(s.id)).toHaveLength(1);
    const { placed } = await payAndPlace(s, results[0]!.json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await variantRow(v.id)).stock).toBe(8);
  });

  it('is enforced by the database itself: a second pending checkout for a shopper is refused', async () => {
    const s = await signUp(t.app, nextMobile());
    const address = await addAddress(s);
    await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
    const created = await createPaymentOrder(s, address);
    expect(created.statusCode, created.body).toBe(200);
    const [held] = await pendingOf(s.id);
    const { id: _id, ...copy } = held!;
    await expect(
      t.database.db.insert(checkouts).values({ ...copy, providerOrderId: `${held!.providerOrderId}_twin` }),
    ).rejects.toThrow();
  });

  it('extends the hold when the shopper reopens the payment window for the same cart', async () => {
    const s = await signUp(t.app, nextMobile());
    const address = await addAddress(s);
    await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
    const first = (await createPaymentOrder(s, address)).json();
    const [before] = await pendingOf(s.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = (await createPaymentOrder(s, address)).json();
    expect(again.orderId).toBe(first.orderId);
    const [after] = await pendingOf(s.id);
    expect(after!.expiresAt.getTime()).toBeGreaterThan(before!.expiresAt.getTime());
  });
});

describe('prices at checkout', () => {
  it('come from the database, not from a catalogue cache another instance has not refreshed', async () => {
    const v = garam.variants[1]!;
    await setStock(v.id, 10);
    const s = await signUp(t.app, nextMobile());
    const address = await addAddress(s);
    await addToCart(s, garam.id, v.weight, 1);
    const before = (await createPaymentOrder(s, address)).json().amount;
    const row = await variantRow(v.id);
    await t.app.inject('/api/products'); // this instance's cache, loaded before the change
    // Changed behind this instance's back (another instance's edit): no invalidate here.
    await t.database.db
      .update(productVariants)
      .set({ pricePaise: row.pricePaise + 1300, mrpPaise: Math.max(row.mrpPaise, row.pricePaise + 1300) })
      .where(eq(productVariants.id, v.id));
    const shown = ProductList.parse((await t.app.inject('/api/products')).json())
      .find((p) => p.id === garam.id)!
      .variants.find((x) => x.id === v.id)!;
    expect(shown.price).toBe(row.pricePaise / 100);
    const stale = await s.request({
      method: 'POST',
      url: '/api/payment/create-razorpay-order',
      payload: { amount: before, addressId: address },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().amount).toBe(before + 1300);
    const created = await createPaymentOrder(s, address);
    expect(created.json().amount).toBe(before + 1300);
    const { placed } = await payAndPlace(s, created.json().orderId);
    expect(placed.json().totalAmount).toBe((before + 1300) / 100);
  });
});

describe('the cart after placing', () => {
  it('keeps lines and units added after payment began', async () => {
    const [a, b, c] = [garam.variants[0]!, garam.variants[1]!, garam.variants[2]!];
    await setStock(a.id, 20);
    await setStock(b.id, 20);
    await setStock(c.id, 20);
    const s = await signUp(t.app, nextMobile());
    const address = await addAddress(s);
    await addToCart(s, garam.id, a.weight, 2);
    await addToCart(s, garam.id, c.weight, 3); // bought whole: the line goes
    const created = await createPaymentOrder(s, address);
    // Another tab adds while the payment window is open.
    await addToCart(s, garam.id, a.weight, 1);
    await addToCart(s, garam.id, b.weight, 1);
    const { placed } = await payAndPlace(s, created.json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    const cart = (await s.request({ url: `/api/cart/user/${s.mobile}` })).json() as {
      variant: string;
      quantity: number;
    }[];
    expect(cart.map((l) => [l.variant, l.quantity]).sort()).toEqual(
      [
        [a.weight, 1],
        [b.weight, 1],
      ].sort(),
    );
  });
});
