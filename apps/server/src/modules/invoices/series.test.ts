// Invoice numbers under load (issue 13): 50 prepaid orders placed at once get 50 consecutive
// numbers, none skipped or repeated. Run on PostgreSQL too (TEST_DATABASE_URL), where the
// placements really run in parallel and queue on the series row.
import { ProductList } from '@spice/shared/contracts/catalog';
import { documentNumber, financialYear } from '@spice/shared/gst';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp } from '../../test/shoppers.ts';
import { productVariants } from '../catalog/schema.ts';
import { orders } from '../orders/schema.ts';
import { documentSeries, invoices } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
}, 60_000);
afterAll(async () => {
  await t.close();
});

it('numbers 50 concurrent orders consecutively, without gaps or repeats', async () => {
  const list = ProductList.parse((await t.app.inject('/api/products')).json());
  const garam = list.find((p) => p.slug === 'garam-masala')!;
  const variant = garam.variants[0]!;
  await t.database.db.update(productVariants).set({ stock: 1000 }).where(eq(productVariants.id, variant.id));
  t.app.services.catalog.invalidate();

  const checkouts = [];
  for (let i = 0; i < 50; i++) {
    const s = await signUp(t.app, `9${String(400000000 + i)}`);
    const addressId = await addAddress(s);
    await addToCart(s, garam.id, variant.weight, 1);
    const created = await createPaymentOrder(s, addressId);
    expect(created.statusCode, created.body).toBe(200);
    checkouts.push({ s, orderId: created.json().orderId as string });
  }
  const placed = await Promise.all(checkouts.map(({ s, orderId }) => payAndPlace(s, orderId)));
  for (const { placed: p } of placed) expect(p.statusCode, p.body).toBe(200);

  const rows = await t.database.db
    .select({ number: invoices.number, seq: invoices.seq, order: orders.invoiceNumber })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .orderBy(asc(invoices.seq));
  expect(rows).toHaveLength(50);
  const fy = financialYear(new Date());
  rows.forEach((r, i) => {
    expect(r.seq).toBe(i + 1);
    expect(r.number).toBe(documentNumber('invoice', 'KC', fy, i + 1));
    expect(r.order).toBe(r.number);
  });
}, 240_000);

it('builds the number in the statement that takes it exactly as documentNumber does, up to the longest', async () => {
  const list = ProductList.parse((await t.app.inject('/api/products')).json());
  const garam = list.find((p) => p.slug === 'garam-masala')!;
  const fy = financialYear(new Date());
  // The counter's last value that still fits 16 characters (KC/yy-yy/ and seven digits).
  await t.database.db
    .update(documentSeries)
    .set({ lastSeq: 9_999_998 })
    .where(and(eq(documentSeries.kind, 'invoice'), eq(documentSeries.financialYear, fy)));
  const s = await signUp(t.app, '9400000999');
  const addressId = await addAddress(s);
  await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
  const created = await createPaymentOrder(s, addressId);
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  const [row] = await t.database.db
    .select({ number: invoices.number, order: orders.invoiceNumber })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(orders.orderNumber, placed.json().orderNumber));
  expect(row).toEqual({
    number: documentNumber('invoice', 'KC', fy, 9_999_999),
    order: `KC/${fy}/9999999`,
  });
});
