// The shop is stateless on PostgreSQL (issue 17, decision 0022): three shop processes on one
// database behave as one shop. Sessions, rate limits, stock and coupon uses live in the database;
// cached catalogue data is dropped on every instance through the invalidation bus (LISTEN/NOTIFY).
// Skipped on PGlite, which serves one process.

import type { ChildProcess } from 'node:child_process';
import { ProductList } from '@spice/shared/contracts/catalog';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../modules/catalog/schema.ts';
import { coupons } from '../modules/coupons/schema.ts';
import { orderItems, orders } from '../modules/orders/schema.ts';
import { createTestApp, type TestApp } from './app.ts';
import { ADDRESS, placementPayload } from './commerce.ts';
import { startShop, stopShop } from './shop-process.ts';
import { signUp } from './shoppers.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read field by field in the test
  body: any;
}

/** One request over HTTP to a shop process, as a browser would send it. */
async function call(
  base: string,
  method: string,
  url: string,
  cookie?: string,
  payload?: object,
): Promise<Answer> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(cookie && { cookie }),
      ...(payload && { 'content-type': 'application/json' }),
      origin: base,
    },
    ...(payload && { body: JSON.stringify(payload) }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

/** Quote, simulated payment and placement on one instance: the placed order number or null. */
async function checkout(base: string, cookie: string, addressId: number, couponCode?: string) {
  let created = await call(base, 'POST', '/api/payment/create-razorpay-order', cookie, {
    amount: 1,
    addressId,
    couponCode,
  });
  if (created.status === 409 && typeof created.body.amount === 'number') {
    created = await call(base, 'POST', '/api/payment/create-razorpay-order', cookie, {
      amount: created.body.amount,
      addressId,
      couponCode,
    });
  }
  if (created.status !== 200 && created.status !== 201) return { ok: false, answer: created };
  const paid = await call(base, 'POST', `/api/payment/simulated/${created.body.orderId}/pay`, cookie);
  if (paid.status !== 200) return { ok: false, answer: paid };
  const placed = await call(base, 'POST', '/api/orders/place', cookie, placementPayload(paid.body));
  return { ok: placed.status === 200 || placed.status === 201, answer: placed };
}

describe.skipIf(!onPostgres)('three shop instances on one PostgreSQL', () => {
  let t: TestApp;
  const shops: { base: string; child: ChildProcess }[] = [];
  const base = (i: number) => shops[i % shops.length]!.base;

  beforeAll(async () => {
    t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
    const env = {
      OTP_SENDS_PER_IP_PER_HOUR: '3',
      CONTACT_PER_IP_PER_HOUR: '2',
      // Long enough that only the bus can explain another instance seeing a change at once.
      CATALOG_CACHE_SECONDS: '600',
      JOBS_WORKER: 'false',
    };
    shops.push(...(await Promise.all([0, 1, 2].map(() => startShop(t.database.url!, env)))));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(shops.map((s) => stopShop(s.child)));
    await t?.close();
  });

  it('a session made on one instance works on the others, and logout on one ends it on all', async () => {
    const { cookie } = await signUp(t.app, '9844411111');
    for (let i = 0; i < 3; i++) expect((await call(base(i), 'GET', '/api/auth/me', cookie)).status).toBe(200);
    expect((await call(base(1), 'POST', '/api/auth/logout', cookie)).status).toBeLessThan(300);
    for (let i = 0; i < 3; i++) expect((await call(base(i), 'GET', '/api/auth/me', cookie)).status).toBe(401);
  });

  it('shares the OTP limit per address and the contact limit across instances', async () => {
    const sends = [];
    for (let i = 0; i < 4; i++)
      sends.push(
        (await call(base(i), 'POST', '/api/auth/otp/send', undefined, { mobile: `98444200${i}0` })).status,
      );
    // One count for all: per-instance counts would let every one of the four through (limit 3).
    expect(sends.filter((x) => x === 200).length).toBeLessThanOrEqual(3);
    expect(sends.slice(0, 2)).toEqual([200, 200]);
    expect(sends[3]).toBe(429);

    const message = {
      name: 'Ritu Bansal',
      email: 'ritu.bansal@example.in',
      phone: '9876543210',
      message: 'Do you ship to Guwahati?',
    };
    const contact = [];
    for (let i = 0; i < 3; i++)
      contact.push((await call(base(i), 'POST', '/api/contact/send', undefined, message)).status);
    expect(contact).toEqual([201, 201, 429]);
  });

  it('a price change saved on one instance shows on the others at once', async () => {
    const list = async (i: number) => ProductList.parse((await call(base(i), 'GET', '/api/products')).body);
    const before = await Promise.all([0, 1, 2].map(list)); // every instance has it cached now
    const product = before[0]!.find((p) => p.slug === 'garam-masala')!;
    const variant = product.variants[0]!;
    const [row] = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    const newPrice = row!.pricePaise - 100;
    // Saved through the in-test instance (a fourth one), as the back office does: write, then invalidate.
    await t.database.db
      .update(productVariants)
      .set({ pricePaise: newPrice })
      .where(eq(productVariants.id, row!.id));
    const saved = Date.now();
    t.app.services.catalog.invalidate();
    for (let i = 0; i < 3; i++) {
      let seen = false;
      while (!seen && Date.now() - saved < 1000) {
        const p = (await list(i)).find((x) => x.id === product.id)!;
        seen = p.variants.find((v) => v.weight === row!.weight)!.price !== variant.price;
        if (!seen) await sleep(20);
      }
      expect(seen, `instance ${i} shows the new price within a second`).toBe(true);
    }
  });

  it('50 shoppers spread over the three instances racing for 5 units buy exactly 5', async () => {
    const products = ProductList.parse((await t.app.inject('/api/products')).json());
    const product = products.find((p) => p.slug === 'chaat-masala') ?? products[1]!;
    const variant = product.variants[0]!;
    await t.database.db
      .update(productVariants)
      .set({ stock: 5 })
      .where(
        sql`${productVariants.productId} = ${product.id} and ${productVariants.weight} = ${variant.weight}`,
      );
    t.app.services.catalog.invalidate();

    const shoppers = [];
    for (let n = 0; n < 50; n++) shoppers.push(await signUp(t.app, `97000${String(n).padStart(5, '0')}`));
    const ready = await Promise.all(
      shoppers.map(async (s, n) => {
        const at = base(n);
        const address = await call(at, 'POST', `/api/addresses/${s.mobile}`, s.cookie, ADDRESS);
        expect(address.status, JSON.stringify(address.body)).toBe(201);
        const cart = await call(at, 'POST', '/api/cart', s.cookie, {
          productId: product.id,
          variant: variant.weight,
          quantity: 1,
          phoneNumber: `+91${s.mobile}`,
        });
        expect(cart.status, JSON.stringify(cart.body)).toBe(201);
        return { s, at, addressId: address.body[0].id as number };
      }),
    );
    const results = await Promise.all(ready.map((r) => checkout(r.at, r.s.cookie, r.addressId)));
    const placed = results.filter((r) => r.ok);
    expect(placed).toHaveLength(5);
    // The others were told why (out of stock), not a server error.
    expect(results.filter((r) => !r.ok && r.answer.status >= 500)).toHaveLength(0);

    const sold = await t.database.db
      .select({ quantity: orderItems.quantity })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(sql`${orderItems.productId} = ${product.id} and ${orderItems.variant} = ${variant.weight}`);
    expect(sold.reduce((sum, r) => sum + r.quantity, 0)).toBe(5);
    const [left] = await t.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(
        sql`${productVariants.productId} = ${product.id} and ${productVariants.weight} = ${variant.weight}`,
      );
    expect(left!.stock).toBe(0);
    // Each purchase sent the levels it left: every instance's pages show the variant sold out.
    const soldOut = Date.now();
    for (let i = 0; i < 3; i++) {
      let shown: number | undefined;
      while (shown !== 0 && Date.now() - soldOut < 1000) {
        const list = ProductList.parse((await call(base(i), 'GET', '/api/products')).body);
        shown = list
          .find((p) => p.id === product.id)!
          .variants.find((v) => v.weight === variant.weight)!.stock;
        if (shown !== 0) await sleep(20);
      }
      expect(shown, `instance ${i} shows the variant sold out within a second`).toBe(0);
    }
  }, 180_000);

  it('a coupon limited to one use is used once across the instances', async () => {
    await t.database.db.insert(coupons).values({
      code: 'ONCEONLY',
      description: 'One use in all',
      discountType: 'FLAT',
      discountValue: 1000,
      usageLimit: 1,
    });
    const products = ProductList.parse((await t.app.inject('/api/products')).json());
    const product = products.find((p) => p.slug === 'garam-masala')!;
    const shoppers = [];
    for (let n = 0; n < 6; n++) shoppers.push(await signUp(t.app, `96000${String(n).padStart(5, '0')}`));
    const ready = await Promise.all(
      shoppers.map(async (s, n) => {
        const at = base(n);
        const address = await call(at, 'POST', `/api/addresses/${s.mobile}`, s.cookie, ADDRESS);
        await call(at, 'POST', '/api/cart', s.cookie, {
          productId: product.id,
          variant: product.variants[0]!.weight,
          quantity: 2,
          phoneNumber: `+91${s.mobile}`,
        });
        return { s, at, addressId: address.body[0].id as number };
      }),
    );
    const results = await Promise.all(ready.map((r) => checkout(r.at, r.s.cookie, r.addressId, 'ONCEONLY')));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'ONCEONLY'));
    expect(coupon!.usedCount).toBe(1);
    const withCoupon = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.couponCode, 'ONCEONLY'));
    expect(withCoupon).toHaveLength(1);
  }, 120_000);
});
