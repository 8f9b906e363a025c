// Stock rows are locked in variant order (catalog/stock.ts): carts holding the same variants in
// opposite orders, checked out at the same moment on PostgreSQL, all get their payment order
// instead of some failing with a deadlock (bench:cluster found it). On PGlite, one transaction runs
// at a time, so the race only runs where it can happen, but the purchases are checked everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder } from '../../test/commerce.ts';
import { signUp } from '../../test/shoppers.ts';

describe('stock taken by carts in opposite orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives every shopper a payment order, none a deadlock', async () => {
    const products = (await t.app.inject('/api/products')).json() as {
      id: number;
      active: boolean;
      variants: { weight: string; stock: number; price: number }[];
    }[];
    const [a, b, c] = products
      .filter((p) => p.active && p.variants[0]!.stock > 40 && p.variants[0]!.price > 0)
      .map((p) => ({ id: p.id, weight: p.variants[0]!.weight }));
    const shoppers = [];
    for (let i = 0; i < 12; i++) {
      const s = await signUp(t.app, `98123460${String(i).padStart(2, '0')}`);
      const order = i % 2 === 0 ? [a!, b!, c!] : [c!, b!, a!];
      for (const p of order) await addToCart(s, p.id, p.weight);
      shoppers.push({ s, addressId: await addAddress(s) });
    }
    const answers = await Promise.all(shoppers.map(({ s, addressId }) => createPaymentOrder(s, addressId)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
  });
});
