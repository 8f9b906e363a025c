// My Orders (GET /api/orders/customer/{mobile}) lists each shopper's own orders with exactly their
// own items: the one-round-trip list query once matched items by the wrong id and showed other
// orders' lines, so several shoppers with several orders each are checked against the order pages.
import { ProductList } from '@spice/shared/contracts/catalog';
import { OrderDetail, OrderSummary } from '@spice/shared/contracts/commerce';
import * as z from '@spice/shared/contracts/zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp } from '../../test/shoppers.ts';

let t: TestApp;
let products: z.infer<typeof ProductList>;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  products = ProductList.parse((await t.app.inject('/api/products')).json()).filter((p) => p.active);
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function order(s: Shopper, addressId: number, lines: { product: number; quantity: number }[]) {
  for (const line of lines) {
    const p = products[line.product % products.length]!;
    await addToCart(s, p.id, p.variants[0]!.weight, line.quantity);
  }
  const created = await createPaymentOrder(s, addressId);
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect([200, 201], placed.body).toContain(placed.statusCode);
}

it("lists each shopper's orders with only that order's items", async () => {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await signUp(t.app, `71${String(10_000_000 + i).slice(-8)}`);
    const addressId = await addAddress(s);
    // Different products and quantities per shopper and per order, so a mix-up shows.
    await order(s, addressId, [{ product: i, quantity: 1 }]);
    await order(s, addressId, [
      { product: i + 1, quantity: 2 },
      { product: i + 2, quantity: 3 },
    ]);
    shoppers.push(s);
  }
  for (const s of shoppers) {
    const list = z
      .array(OrderSummary)
      .parse((await s.request({ url: `/api/orders/customer/${s.mobile}` })).json());
    expect(list).toHaveLength(2);
    for (const summary of list) {
      const detail = OrderDetail.parse(
        (await s.request({ url: `/api/orders/${summary.orderNumber}` })).json(),
      );
      expect(summary.items.map((i) => [i.productName, i.variant, i.quantity])).toEqual(
        detail.items.map((i) => [i.productName, i.variant, i.quantity]),
      );
    }
    expect(list.map((o) => o.items.length).sort()).toEqual([1, 2]);
  }
});
