import { CustomerDetail, CustomerPage } from '@spice/shared/contracts/admin-customers';
import { ProductList } from '@spice/shared/contracts/catalog';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ADDRESS, addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { users } from '../accounts/schema.ts';

let t: TestApp;
let meera: Shopper;
let kabir: Shopper;
let adminCookie: string;
let garam: { id: number; variants: { weight: string; price: number }[] };
const totals: number[] = [];

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });

async function rename(s: Shopper, firstName: string, lastName: string) {
  await t.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, s.id));
}

async function placeOrder(s: Shopper, addressId: number, quantity: number) {
  await addToCart(s, garam.id, garam.variants[0]!.weight, quantity);
  const created = await createPaymentOrder(s, addressId);
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  totals.push(placed.json().totalAmount);
  return placed.json().orderNumber as string;
}

async function search(q: string) {
  const res = await asAdmin({ url: `/api/admin/customers?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return CustomerPage.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  meera = await signUp(t.app, '9850000001', 'meera.iyer@example.in');
  kabir = await signUp(t.app, '9850000002', 'kabir@example.in');
  await rename(meera, 'Meera', 'Iyer');
  await rename(kabir, '=HYPERLINK("http://evil.example","Kabir")', 'Shah, Jr');
  const address = await addAddress(meera);
  await addAddress(meera);
  await placeOrder(meera, address, 1);
  const cancelled = await placeOrder(meera, address, 2);
  const { version } = (await asAdmin({ url: `/api/admin/orders/${cancelled}` })).json();
  const moved = await asAdmin({
    method: 'PUT',
    url: `/api/admin/orders/${cancelled}/status`,
    payload: { status: 'CANCELLED', version },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const review = await meera.request({
    method: 'POST',
    url: '/api/reviews',
    payload: { productId: garam.id, rating: 5, title: 'Lovely', description: 'Fresh and fragrant.' },
  });
  expect(review.statusCode, review.body).toBeLessThan(300);
}, 90_000);
afterAll(async () => {
  await t.close();
});

describe('who may see customers', () => {
  const endpoints: InjectOptions[] = [
    { method: 'GET', url: '/api/admin/customers' },
    { method: 'GET', url: '/api/admin/customers.csv' },
    { method: 'GET', url: '/api/admin/customers/1' },
  ];
  it('answers 401 logged out and 403 to a shopper on every customer endpoint', async () => {
    for (const endpoint of endpoints) {
      const anonymous = await t.app.inject(endpoint);
      expect(anonymous.statusCode, `${endpoint.url}`).toBe(401);
      const asShopper = await meera.request(endpoint);
      expect(asShopper.statusCode, `${endpoint.url}`).toBe(403);
      expect(asShopper.body).not.toContain('meera.iyer@example.in');
    }
  });
});

describe('the customer list', () => {
  it('finds a customer by part of the mobile, with or without +91', async () => {
    expect((await search('50000001')).content.map((c) => c.mobile)).toEqual([meera.mobile]);
    expect((await search('+91 98500 00001')).content.map((c) => c.mobile)).toEqual([meera.mobile]);
  });

  it('finds a customer by full name or e-mail, ignoring case', async () => {
    expect((await search('meera iyer')).content.map((c) => c.id)).toEqual([meera.id]);
    expect((await search('KABIR@EXAMPLE')).content.map((c) => c.id)).toEqual([kabir.id]);
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect((await search('%')).content).toEqual([]);
    expect((await search('_')).content).toEqual([]);
  });

  it('shows orders, money spent on orders not cancelled, addresses and reviews per customer', async () => {
    const [row] = (await search(meera.mobile)).content;
    expect(row).toMatchObject({
      name: 'Meera Iyer',
      email: 'meera.iyer@example.in',
      role: 'customer',
      orderCount: 2,
      totalSpent: totals[0],
      addressCount: 2,
      reviewCount: 1,
    });
    expect(row!.lastOrderAt).not.toBeNull();
    const [none] = (await search(kabir.mobile)).content;
    expect(none).toMatchObject({ orderCount: 0, totalSpent: 0, lastOrderAt: null, addressCount: 0 });
  });

  it('pages through every account, newest first', async () => {
    const first = CustomerPage.parse((await asAdmin({ url: '/api/admin/customers?size=1' })).json());
    expect(first.totalElements).toBeGreaterThanOrEqual(3);
    expect(first.totalPages).toBe(first.totalElements);
    expect(first.content.map((c) => c.id)).toEqual([kabir.id]);
    const second = CustomerPage.parse((await asAdmin({ url: '/api/admin/customers?size=1&page=1' })).json());
    expect(second.content.map((c) => c.id)).toEqual([meera.id]);
    expect((await asAdmin({ url: '/api/admin/customers?size=1000' })).statusCode).toBe(400);
  });
});

describe('one customer', () => {
  it('lists their addresses, orders (the cancelled one too) and reviews', async () => {
    const res = await asAdmin({ url: `/api/admin/customers/${meera.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const detail = CustomerDetail.parse(res.json());
    expect(detail.addresses).toHaveLength(2);
    expect(detail.addresses[0]).toMatchObject({ name: ADDRESS.name, isDefault: true });
    expect(detail.addresses[0]!.fullAddress).toBe(
      `${ADDRESS.addressLine}, ${ADDRESS.locality}, ${ADDRESS.city}, ${ADDRESS.state}, ${ADDRESS.pincode}`,
    );
    expect(detail.orders.map((o) => o.status)).toEqual(['CANCELLED', 'PLACED']);
    expect(detail.orders.map((o) => o.itemCount)).toEqual([2, 1]);
    expect(detail.totalSpent).toBe(totals[0]);
    expect(detail.reviews).toEqual([
      expect.objectContaining({ productId: garam.id, productName: 'Garam Masala', rating: 5, hidden: false }),
    ]);
  });

  it('answers 404 for an account that does not exist and 400 for an id that is not one', async () => {
    expect((await asAdmin({ url: '/api/admin/customers/999999' })).statusCode).toBe(404);
    expect((await asAdmin({ url: '/api/admin/customers/abc' })).statusCode).toBe(400);
  });
});

describe('the CSV export', () => {
  it('is text/csv with a header, quoted fields and formulas defused', async () => {
    const res = await asAdmin({ url: '/api/admin/customers.csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Customer id,Name,Mobile,E-mail,Role,Joined (IST),Orders,Total spent (₹),Last order (IST),Addresses,Reviews',
    );
    const kabirLine = lines.find((l) => l.includes(kabir.mobile))!;
    expect(kabirLine).toContain(`,"'=HYPERLINK(""http://evil.example"",""Kabir"") Shah, Jr",`);
    const meeraLine = lines.find((l) => l.includes(meera.mobile))!;
    expect(meeraLine).toMatch(
      new RegExp(
        `^${meera.id},Meera Iyer,${meera.mobile},meera\\.iyer@example\\.in,customer,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,2,${totals[0]!.toFixed(2).replace('.', '\\.')},\\d{4}-.+,2,1$`,
      ),
    );
  });

  it('exports only the customers the search matches', async () => {
    const res = await asAdmin({ url: `/api/admin/customers.csv?q=${meera.mobile}` });
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(meera.mobile);
  });
});

describe('total spent', () => {
  it('counts what the shopper kept paying: refunds taken off, unpaid cash on delivery left out', async () => {
    const priya = await signUp(t.app, '9850000003', 'priya@example.in');
    const address = await addAddress(priya);
    const kept = await placeOrder(priya, address, 1);
    const partly = await placeOrder(priya, address, 3);
    const [keptTotal, partlyTotal] = totals.slice(-2) as [number, number];
    const order = (await asAdmin({ url: `/api/admin/orders/${partly}` })).json();
    const refunded = await asAdmin({
      method: 'POST',
      url: `/api/admin/orders/${partly}/refunds`,
      payload: { version: order.version, lines: [{ itemId: order.items[0].id, quantity: 1 }] },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refund = refunded.json().refunds.at(-1).amount as number;
    expect(refund).toBeGreaterThan(0);
    // A COD order not delivered yet: its cash is not the shop's.
    await addToCart(priya, garam.id, garam.variants[0]!.weight, 1);
    const probe = await priya.request({
      method: 'POST',
      url: '/api/orders/place-cod',
      payload: { addressId: address, amount: 0 },
    });
    const cod = await priya.request({
      method: 'POST',
      url: '/api/orders/place-cod',
      payload: { addressId: address, amount: probe.json().amount },
    });
    expect(cod.statusCode, cod.body).toBe(201);

    const expected = Math.round((keptTotal + partlyTotal - refund) * 100) / 100;
    const [row] = (await search(priya.mobile)).content;
    expect(row).toMatchObject({ orderCount: 3, totalSpent: expected });
    const detail = CustomerDetail.parse((await asAdmin({ url: `/api/admin/customers/${priya.id}` })).json());
    expect(detail.totalSpent).toBe(expected);
    expect(kept).not.toBe(partly);
  });
});
