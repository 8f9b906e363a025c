// Invoice numbers under load (issue 13): 50 prepaid orders placed at once get 50 consecutive
// numbers, none skipped or repeated. Run on PostgreSQL too (TEST_DATABASE_URL), where the
// placements really run in parallel and queue on the series row.
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { documentNumber, financialYear, SERIES_PREFIX_INVALID } from '@spice/shared/gst';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addAddress,
  addToCart,
  confirmCodByPhone,
  createPaymentOrder,
  payAndPlace,
} from '../../test/commerce.ts';
import { signUp, verifyMobile } from '../../test/shoppers.ts';
import { auditLog } from '../admin/schema.ts';
import { productVariants } from '../catalog/schema.ts';
import { jobs } from '../jobs/schema.ts';
import { orders } from '../orders/schema.ts';
import { refunds } from '../refunds/schema.ts';
import { creditNotes, documentSeries, invoices } from './schema.ts';

let t: TestApp;
const runJobs = async () => {
  for (let i = 0; i < 3; i++) await t.app.jobWorker.runDue();
};
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

describe('a series at its end (decision 0030)', () => {
  const fy = financialYear(new Date());
  const full = (kind: 'invoice' | 'credit_note') =>
    `The ${kind === 'invoice' ? 'invoice' : 'credit note'} series has no numbers left this financial year. Shorten the invoice series prefix in GST settings (seriesPrefix) and try again.`;
  const setLast = (kind: 'invoice' | 'credit_note', lastSeq: number) =>
    t.database.db
      .insert(documentSeries)
      .values({ kind, financialYear: fy, lastSeq })
      .onConflictDoUpdate({ target: [documentSeries.kind, documentSeries.financialYear], set: { lastSeq } });
  const counts = async () => ({
    orders: (await t.database.db.select({ id: orders.id }).from(orders)).length,
    invoices: (await t.database.db.select({ id: invoices.id }).from(invoices)).length,
    notes: (await t.database.db.select({ id: creditNotes.id }).from(creditNotes)).length,
    series: await t.database.db.select().from(documentSeries).orderBy(asc(documentSeries.kind)),
    stock: (await t.database.db.select({ stock: productVariants.stock }).from(productVariants)).map(
      (v) => v.stock,
    ),
  });

  it("answers 409 to a paid order's placement when no invoice number is left, and places nothing", async () => {
    const list = ProductList.parse((await t.app.inject('/api/products')).json());
    const garam = list.find((p) => p.slug === 'garam-masala')!;
    await setLast('invoice', 9_999_999); // KC/yy-yy/9999999 is the last 16-character number
    const s = await signUp(t.app, '9400000998');
    const addressId = await addAddress(s);
    await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
    const created = await createPaymentOrder(s, addressId);
    expect(created.statusCode, created.body).toBe(200);
    const before = await counts();
    const { placed } = await payAndPlace(s, created.json().orderId);
    expect([placed.statusCode, placed.json().message]).toEqual([409, full('invoice')]);
    expect(await counts()).toEqual(before);
    await setLast('invoice', 100);
  });

  it('answers 409 to a cancellation when no credit note number is left, and the order stays as it was', async () => {
    const list = ProductList.parse((await t.app.inject('/api/products')).json());
    const garam = list.find((p) => p.slug === 'garam-masala')!;
    const s = await signUp(t.app, '9400000997');
    const addressId = await addAddress(s);
    await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
    const created = await createPaymentOrder(s, addressId);
    const { placed } = await payAndPlace(s, created.json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderNumber } = placed.json();
    const admin = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
    const detail = async () =>
      (await t.app.inject({ url: `/api/admin/orders/${orderNumber}`, headers: { cookie: admin } })).json();
    const cancel = async () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${orderNumber}/status`,
        headers: { cookie: admin },
        payload: { status: 'CANCELLED', version: (await detail()).version },
      });

    await setLast('credit_note', 999_999); // KCC/yy-yy/999999: six digits is all a 2-letter prefix has
    const shown = await detail();
    const before = await counts();
    const refused = await cancel();
    expect([refused.statusCode, refused.json().message]).toEqual([409, full('credit_note')]);
    expect(await counts()).toEqual(before);
    expect(await detail()).toEqual(shown);

    // With a shorter prefix the count goes on; one whose credit notes would read like this year's
    // invoices (K → KC/yy-yy/…) is refused.
    const settings = (
      await t.app.inject({ url: '/api/admin/invoice-settings', headers: { cookie: admin } })
    ).json();
    const save = (seriesPrefix: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/invoice-settings',
        headers: { cookie: admin },
        payload: { ...settings, seriesPrefix },
      });
    const clash = await save('K');
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors.seriesPrefix).toMatch(/^Numbers under this prefix would look like KC\//);
    const long = await save('KCX');
    expect([long.statusCode, long.json().errors.seriesPrefix]).toEqual([400, SERIES_PREFIX_INVALID]);
    const saved = await save('Q');
    expect(saved.statusCode, saved.body).toBe(200);
    const done = await cancel();
    expect(done.statusCode, done.body).toBe(200);
    // A paid order's credit note comes with its refund, processed by the refund job.
    await runJobs();
    const [note] = await t.database.db.select({ number: creditNotes.number }).from(creditNotes);
    expect(note!.number).toBe(`QC/${fy}/1000000`);
  });
  it('answers 409 to shipping a COD order at the invoice series end, and to its RTO at the credit note end', async () => {
    const list = ProductList.parse((await t.app.inject('/api/products')).json());
    const garam = list.find((p) => p.slug === 'garam-masala')!;
    const s = await signUp(t.app, '9400000996');
    const addressId = await addAddress(s);
    await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
    const probe = await s.request({
      method: 'POST',
      url: '/api/orders/place-cod',
      payload: { addressId, amount: 0 },
    });
    const placed = await s.request({
      method: 'POST',
      url: '/api/orders/place-cod',
      payload: { addressId, amount: probe.json().amount },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderNumber } = placed.json();
    const admin = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
    await confirmCodByPhone(t.app, admin, orderNumber);
    const detail = async () =>
      (await t.app.inject({ url: `/api/admin/orders/${orderNumber}`, headers: { cookie: admin } })).json();
    const move = async (status: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${orderNumber}/status`,
        headers: { cookie: admin },
        payload: {
          status,
          version: (await detail()).version,
          ...(status === 'SHIPPED' && { trackingId: `AWB${orderNumber}` }),
        },
      });
    for (const status of ['CONFIRMED', 'PACKED']) expect((await move(status)).statusCode).toBe(200);

    const prefix = (
      await t.app.inject({ url: '/api/admin/invoice-settings', headers: { cookie: admin } })
    ).json().seriesPrefix as string;
    // The last number that fits 16 characters under this prefix.
    const last = (kind: 'invoice' | 'credit_note') =>
      10 ** (16 - documentNumber(kind, prefix, fy, 1).replace(/\d+$/, '').length) - 1;
    await setLast('invoice', last('invoice'));
    let shown = await detail();
    let before = await counts();
    const ship = await move('SHIPPED');
    expect([ship.statusCode, ship.json().message]).toEqual([409, full('invoice')]);
    expect(await counts()).toEqual(before);
    expect(await detail()).toEqual(shown);

    await setLast('invoice', 200);
    expect((await move('SHIPPED')).statusCode).toBe(200);
    await setLast('credit_note', last('credit_note'));
    shown = await detail();
    before = await counts();
    const rto = await move('RTO');
    expect([rto.statusCode, rto.json().message]).toEqual([409, full('credit_note')]);
    expect(await counts()).toEqual(before);
    expect(await detail()).toEqual(shown);
  });
  /** A paid order of 2 units of garam masala, as the back office shows it. */
  async function paidOrder(mobile: string) {
    const list = ProductList.parse((await t.app.inject('/api/products')).json());
    const garam = list.find((p) => p.slug === 'garam-masala')!;
    const s = await signUp(t.app, mobile);
    const addressId = await addAddress(s);
    await addToCart(s, garam.id, garam.variants[0]!.weight, 2);
    const { placed } = await payAndPlace(s, (await createPaymentOrder(s, addressId)).json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderNumber = placed.json().orderNumber as string;
    const admin = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
    const detail = async () =>
      AdminOrderDetail.parse(
        (await t.app.inject({ url: `/api/admin/orders/${orderNumber}`, headers: { cookie: admin } })).json(),
      );
    const refundOne = async () => {
      const shown = await detail();
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderNumber}/refunds`,
        headers: { cookie: admin },
        payload: { version: shown.version, lines: [{ itemId: shown.items[0]!.id, quantity: 1 }] },
      });
    };
    const prefix = (
      await t.app.inject({ url: '/api/admin/invoice-settings', headers: { cookie: admin } })
    ).json().seriesPrefix as string;
    const lastNote = 10 ** (16 - documentNumber('credit_note', prefix, fy, 1).replace(/\d+$/, '').length) - 1;
    return { orderNumber, detail, refundOne, lastNote };
  }
  const refundCounts = async () => ({
    ...(await counts()),
    refunds: (await t.database.db.select({ id: refunds.id }).from(refunds)).length,
    jobs: (await t.database.db.select({ id: jobs.id }).from(jobs)).length,
  });

  it('answers 409 to refunding lines of an invoiced order at the credit note end, and asks for no refund', async () => {
    const { detail, refundOne, lastNote } = await paidOrder('9400000995');
    await setLast('credit_note', lastNote);
    const shown = await detail();
    const before = await refundCounts();
    const refused = await refundOne();
    expect([refused.statusCode, refused.json().message]).toEqual([409, full('credit_note')]);
    expect(await refundCounts()).toEqual(before);
    expect(await detail()).toEqual(shown);
    await setLast('credit_note', 300);
  });

  it('settles a refund whose credit note finds the series full: the note is owed and said so, the job is done', async () => {
    const { orderNumber, detail, refundOne, lastNote } = await paidOrder('9400000994');
    await setLast('credit_note', 300);
    const asked = await refundOne();
    expect(asked.statusCode, asked.body).toBe(200);
    // The series fills up before the gateway answers (another refund, or the job ran late).
    await setLast('credit_note', lastNote);
    await runJobs();
    const after = await detail();
    expect(after.refunds.map((r) => r.status)).toEqual(['processed']);
    expect(after.payment.status).toBe('PARTIALLY_REFUNDED');
    expect(after.creditNotes).toEqual([]);
    const [series] = await t.database.db
      .select({ lastSeq: documentSeries.lastSeq })
      .from(documentSeries)
      .where(and(eq(documentSeries.kind, 'credit_note'), eq(documentSeries.financialYear, fy)));
    expect(series!.lastSeq).toBe(lastNote);
    const refundJobs = await t.database.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.name, 'refund'));
    expect(refundJobs.every((j) => j.status === 'done')).toBe(true);
    const [owed] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'credit-note.owed'), eq(auditLog.entityId, orderNumber)));
    expect(owed?.after).toEqual({
      refundId: after.refunds[0]!.id,
      amount: after.refunds[0]!.amount,
      reason: full('credit_note'),
    });
    await setLast('credit_note', 300);
  });
});
