// Paise inside, rupees at the edge: the catalogue snapshot keeps each variant's paise beside the
// wire views built from them, and the cart prices itself in paise from the same snapshot.
import { Product } from '@spice/shared/contracts/catalog';
import { toPaise } from '@spice/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addToCart } from '../../test/commerce.ts';
import { signUp } from '../../test/shoppers.ts';
import { productVariants } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('money in the catalogue snapshot', () => {
  it('holds every variant price and MRP in paise as stored, and the API gives the same in rupees', async () => {
    const rows = await t.database.db.select().from(productVariants);
    const snap = await t.app.services.catalog.snapshot();
    expect(snap.prices.size).toBe(rows.length);
    for (const v of rows)
      expect(snap.prices.get(v.id)).toEqual({ pricePaise: v.pricePaise, mrpPaise: v.mrpPaise });

    const res = await t.app.inject('/api/products');
    expect(res.statusCode).toBe(200);
    for (const p of Product.array().parse(res.json())) {
      for (const v of p.variants) {
        expect(toPaise(v.price)).toBe(snap.prices.get(v.id)!.pricePaise);
        expect(toPaise(v.mrp)).toBe(snap.prices.get(v.id)!.mrpPaise);
      }
    }
  });

  it("prices a shopper's cart in paise as the cart's lines show it in rupees", async () => {
    const s = await signUp(t.app, '9870000101');
    const [first, second] = await t.app.services.catalog.listActive();
    await addToCart(s, first!.id, first!.variants[0]!.weight, 3);
    await addToCart(s, second!.id, second!.variants.at(-1)!.weight, 2);
    const user = { id: s.id, mobile: s.mobile };
    const lines = await t.app.services.cart.list(user);
    const fromLines = lines.reduce((sum, l) => sum + toPaise(l.price) * l.quantity, 0);
    expect(fromLines).toBeGreaterThan(0);
    expect(await t.app.services.cart.subtotalPaise(s.id)).toBe(fromLines);
  });
});
