// The checkout's moves against the database: conditional UPDATEs that follow the transition table
// (packages/shared/src/checkout-status.ts), whatever status the caller believes the row is in.
import { ProductList } from '@spice/shared/contracts/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder } from '../../test/commerce.ts';
import { signUp } from '../../test/shoppers.ts';
import { coupons } from '../coupons/schema.ts';
import { markCheckoutPaid, moveCheckouts, pendingCouponUses } from './checkout-status.ts';
import { checkouts } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function newCheckout(mobile: string) {
  const s = await signUp(t.app, mobile);
  const address = await addAddress(s);
  const garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
  await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
  const created = await createPaymentOrder(s, address);
  expect(created.statusCode, created.body).toBe(200);
  const [row] = await t.database.db
    .select()
    .from(checkouts)
    .where(eq(checkouts.providerOrderId, created.json().orderId));
  return row!;
}

const statusOf = async (id: number) =>
  (await t.database.db.select({ status: checkouts.status }).from(checkouts).where(eq(checkouts.id, id)))[0]!
    .status;

describe('checkout moves', () => {
  it('releases a pending checkout once, then lets it be cancelled, and nothing leaves cancelled', async () => {
    const checkout = await newCheckout('6300000101');
    await t.database.db.transaction(async (tx) => {
      expect(await moveCheckouts(tx, [checkout.id], 'released')).toEqual([checkout.id]);
      expect(await moveCheckouts(tx, [checkout.id], 'released')).toEqual([]);
      expect(await moveCheckouts(tx, [checkout.id], 'cancelled')).toEqual([checkout.id]);
      expect(await moveCheckouts(tx, [checkout.id], 'paid')).toEqual([]);
      expect(await moveCheckouts(tx, [checkout.id], 'pending')).toEqual([]);
    });
    expect(await statusOf(checkout.id)).toBe('cancelled');
  });

  it('marks a pending checkout paid, and refuses to mark it paid again', async () => {
    const checkout = await newCheckout('6300000102');
    await t.database.db.transaction(async (tx) => {
      await markCheckoutPaid(tx, checkout.id);
      await expect(markCheckoutPaid(tx, checkout.id)).rejects.toThrow(/cannot become paid/);
    });
  });

  it('counts a shopper’s coupon uses held only by checkouts still pending', async () => {
    const checkout = await newCheckout('6300000103');
    const [coupon] = await t.database.db.select().from(coupons).limit(1);
    await t.database.db.update(checkouts).set({ couponId: coupon!.id }).where(eq(checkouts.id, checkout.id));
    expect(await pendingCouponUses(t.database.db, coupon!.id, checkout.userId)).toBe(1);
    await t.database.db.transaction((tx) => moveCheckouts(tx, [checkout.id], 'released'));
    expect(await pendingCouponUses(t.database.db, coupon!.id, checkout.userId)).toBe(0);
  });
});
