// Money back (issues 30, 31, 32) through the real app: a line may appear once per refund and never
// beyond what is left of it; an RTO or cancellation of a paid order refunds the rest; every
// processed refund of an invoiced order gets its own credit note for exactly its amount, the notes
// tying out with the invoice; the payment status follows; the packing slip ships what is left.
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { OrderDetail } from '@spice/shared/contracts/commerce';
import { and, asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { creditNotes, invoices } from '../invoices/schema.ts';
import { jobs } from '../jobs/schema.ts';
import { orders } from '../orders/schema.ts';
import { payments } from '../payments/schema.ts';
import { refunds } from './schema.ts';

let t: TestApp;
let adminCookie: string;
let list: Products;
type Products = ReturnType<typeof ProductList.parse>;
let n = 0;
const nextMobile = () => `97444${String(10000 + n++).slice(-5)}`;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  list = ProductList.parse((await t.app.inject('/api/products')).json());
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: adminCookie } });
const adminOrder = async (orderNumber: string) =>
  AdminOrderDetail.parse((await admin('GET', `/api/admin/orders/${orderNumber}`)).json());
const mine = async (s: Shopper, orderNumber: string) =>
  OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
const paise = (rupees: number) => Math.round(rupees * 100);
const runJobs = async () => {
  for (let i = 0; i < 3; i++) await t.app.jobWorker.runDue();
};

/** A prepaid order of 3 units of one product and 2 of another (the turmeric and chaat). */
async function paidOrder() {
  const s = await signUp(t.app, nextMobile());
  const address = await addAddress(s);
  const [a, b] = list.filter((p) => p.variants.some((v) => v.stock > 5));
  await addToCart(s, a!.id, a!.variants[0]!.weight, 3);
  await addToCart(s, b!.id, b!.variants[0]!.weight, 2);
  const { placed } = await payAndPlace(s, (await createPaymentOrder(s, address)).json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  const orderNumber = placed.json().orderNumber as string;
  return { s, orderNumber, order: await adminOrder(orderNumber) };
}

const refundLines = (orderNumber: string, version: number, lines: { itemId: number; quantity: number }[]) =>
  admin('POST', `/api/admin/orders/${orderNumber}/refunds`, { version, lines });

async function moveTo(orderNumber: string, status: string, extra: object = {}) {
  const { version } = await adminOrder(orderNumber);
  const res = await admin('PUT', `/api/admin/orders/${orderNumber}/status`, { status, version, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderDetail.parse(res.json());
}

async function ship(orderNumber: string) {
  await moveTo(orderNumber, 'CONFIRMED');
  await moveTo(orderNumber, 'PACKED');
  return moveTo(orderNumber, 'SHIPPED', {
    courier: 'other',
    trackingId: `AWB${orderNumber.replace(/\W/g, '')}`,
  });
}

async function pdfText(body: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

/** The order's invoice and credit notes as stored (their snapshots are what GSTR-1 reads). */
async function documents(orderNumber: string) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order!.id));
  const notes = await t.database.db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoice!.id))
    .orderBy(asc(creditNotes.id));
  return { invoice: invoice!, notes };
}

const heads = (s: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }) =>
  [s.taxablePaise, s.cgstPaise, s.sgstPaise, s.igstPaise] as const;

describe('refunding lines', () => {
  it("refuses a line listed twice with 'Each line may appear once.' and refunds nothing", async () => {
    const { orderNumber, order } = await paidOrder();
    const line = order.items[0]!;
    const res = await refundLines(orderNumber, order.version, [
      { itemId: line.id, quantity: 1 },
      { itemId: line.id, quantity: 1 },
      { itemId: line.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Each line may appear once.');
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderNumber, orderNumber))).toEqual(
      [],
    );
  });

  it('checks the units asked against what earlier refunds left of the line', async () => {
    const { orderNumber, order } = await paidOrder();
    const line = order.items[0]!;
    const first = await refundLines(orderNumber, order.version, [{ itemId: line.id, quantity: 2 }]);
    expect(first.statusCode, first.body).toBe(200);
    const after = AdminOrderDetail.parse(first.json());
    expect(after.items[0]).toMatchObject({ quantity: 3, refundedQuantity: 2 });
    const tooMany = await refundLines(orderNumber, after.version, [{ itemId: line.id, quantity: 2 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(`Only 1 of ${line.productName} ${line.variant} left to refund.`);
    const rest = await refundLines(orderNumber, after.version, [{ itemId: line.id, quantity: 1 }]);
    expect(rest.statusCode, rest.body).toBe(200);
    const none = await refundLines(orderNumber, AdminOrderDetail.parse(rest.json()).version, [
      { itemId: line.id, quantity: 1 },
    ]);
    expect(none.json().message).toBe(`Only 0 of ${line.productName} ${line.variant} left to refund.`);
  });
});

describe('RTO of a paid order', () => {
  it('an RTO of a shipped prepaid order ends refunded with a credit note and REFUNDED', async () => {
    const { s, orderNumber, order } = await paidOrder();
    const total = paise(order.totals.total);
    await ship(orderNumber);
    const rto = await moveTo(orderNumber, 'RTO');
    // In the RTO's transaction: the refund of everything, the ledger's refund_pending, the message.
    expect(rto.refunds).toMatchObject([{ amount: order.totals.total, status: 'pending' }]);
    const [ledger] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentId, order.payment.providerPaymentId));
    expect(ledger!.status).toBe('refund_pending');
    const told = (await t.database.db.select().from(jobs)).filter(
      (j) => (j.payload as { orderNumber?: string; event?: string }).orderNumber === orderNumber,
    );
    expect(told.map((j) => (j.payload as { event: string }).event)).toContain('returned');

    await runJobs();
    const detail = await mine(s, orderNumber);
    expect(detail.paymentStatus).toBe('REFUNDED');
    expect(detail.refunds).toMatchObject([{ amount: order.totals.total, status: 'processed' }]);
    expect(detail.items.map((i) => i.refundedQuantity)).toEqual(detail.items.map((i) => i.quantity));
    expect(detail.creditNotes).toEqual([
      {
        number: expect.stringMatching(/^KCC\/\d\d-\d\d\/\d{6}$/),
        amount: order.totals.total,
        issuedAt: expect.any(String),
      },
    ]);
    const [done] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentId, order.payment.providerPaymentId));
    expect(done!.status).toBe('refunded');

    const { invoice, notes } = await documents(orderNumber);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ reason: 'RTO', totalPaise: total, refundedPaise: total });
    expect(heads(notes[0]!.snapshot)).toEqual(heads(invoice.snapshot));

    const number = detail.creditNotes[0]!.number;
    const pdf = await s.request({
      url: `/api/orders/${orderNumber}/credit-notes/${encodeURIComponent(number)}`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of ['Credit Note', number, invoice.number, 'Returned undelivered']) {
      expect(text).toContain(expected);
    }
    const latest = await s.request({ url: `/api/orders/${orderNumber}/credit-note` });
    expect(latest.headers['content-disposition']).toContain(number.replaceAll('/', '-'));
    const dashed = await s.request({
      url: `/api/orders/${orderNumber}/credit-notes/${number.replaceAll('/', '-')}`,
    });
    expect(dashed.statusCode).toBe(200);

    const mail = (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(s.email)}`)).json();
    const subjects = mail.map((m: { subject: string }) => m.subject);
    expect(subjects.some((x: string) => x.endsWith('came back to us'))).toBe(true);
    expect(subjects.filter((x: string) => x.startsWith('Refund for'))).toHaveLength(1);
  }, 60_000);

  it('an RTO of a COD order refunds nothing and credits its invoice in full', async () => {
    const s = await signUp(t.app, nextMobile());
    const address = await addAddress(s);
    await addToCart(s, list[0]!.id, list[0]!.variants[0]!.weight, 1);
    const quote = await s.request({
      method: 'POST',
      url: '/api/orders/place-cod',
      payload: { addressId: address, amount: 1 },
    });
    const cod = await s.request({
      method: 'POST',
      url: '/api/orders/place-cod',
      payload: { addressId: address, amount: quote.json().amount },
    });
    expect(cod.statusCode, cod.body).toBe(201);
    const orderNumber = cod.json().orderNumber as string;
    // The demo asks COD shoppers to confirm (issue 34): the owner confirms after calling.
    const confirmed = await admin('POST', `/api/admin/orders/${orderNumber}/cod-confirmation`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await ship(orderNumber);
    const rto = await moveTo(orderNumber, 'RTO');
    await runJobs();
    expect(rto.refunds).toEqual([]);
    const detail = await mine(s, orderNumber);
    expect(detail.paymentStatus).toBe('COD_PENDING');
    expect(detail.creditNotes).toHaveLength(1);
    const { invoice, notes } = await documents(orderNumber);
    expect(notes[0]).toMatchObject({ reason: 'RTO', totalPaise: invoice.totalPaise, refundId: null });
  }, 60_000);
});

describe('one credit note per refund', () => {
  it('two partial refunds give two credit notes whose sums tie out, and the cancel the rest', async () => {
    const { s, orderNumber, order } = await paidOrder();
    const [a, b] = order.items;
    const first = await refundLines(orderNumber, order.version, [{ itemId: a!.id, quantity: 2 }]);
    expect(first.statusCode, first.body).toBe(200);
    await runJobs();
    let detail = await mine(s, orderNumber);
    expect(detail.paymentStatus).toBe('PARTIALLY_REFUNDED');
    const second = await refundLines(orderNumber, (await adminOrder(orderNumber)).version, [
      { itemId: b!.id, quantity: 1 },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    await runJobs();
    detail = await mine(s, orderNumber);
    expect(detail.items.map((i) => i.refundedQuantity)).toEqual([2, 1]);
    expect(detail.refunds.map((r) => r.status)).toEqual(['processed', 'processed']);
    expect(detail.creditNotes).toHaveLength(2);
    // Each note is exactly its refund; both together never more than the invoice.
    expect(detail.creditNotes.map((c) => c.amount)).toEqual(detail.refunds.map((r) => r.amount));
    const { invoice, notes } = await documents(orderNumber);
    for (const [i, note] of notes.entries()) {
      const rows = [...note.snapshot.goods, ...note.snapshot.charges];
      expect(note.refundId).toBe(detail.refunds[i]!.id);
      expect(rows.reduce((sum, r) => sum + r.totalPaise, 0) + note.snapshot.roundOffPaise).toBe(
        note.totalPaise,
      );
      expect(note.snapshot.grandTotalPaise).toBe(note.totalPaise);
      const [taxable, cgst, sgst, igst] = heads(note.snapshot);
      expect(taxable + cgst + sgst + igst + note.snapshot.roundOffPaise).toBe(note.totalPaise);
    }
    // The first note credits only the first line's 2 units (and the fees' share), the second the other line's.
    expect(notes[0]!.snapshot.goods.map((g) => g.quantity)).toEqual([2, 0]);
    expect(notes[1]!.snapshot.goods.map((g) => g.quantity)).toEqual([0, 1]);
    expect(notes.reduce((sum, note) => sum + note.totalPaise, 0)).toBeLessThan(invoice.totalPaise);

    // The owner's back office shows what is left to ship and to refund.
    const owner = await adminOrder(orderNumber);
    expect(owner.payment.status).toBe('PARTIALLY_REFUNDED');
    expect(owner.creditNotes.map((c) => c.number)).toEqual(detail.creditNotes.map((c) => c.number));
    const slip = await admin('GET', `/api/admin/orders/${orderNumber}/label.pdf`);
    expect(slip.statusCode).toBe(200);
    const slipText = await pdfText(slip.rawPayload);
    expect(slipText).toContain('× 1 (of 3, 2 refunded)');
    expect(slipText).toContain('× 1 (of 2, 1 refunded)');

    // Cancelling refunds the rest: a third note, and together they are the invoice, head by head.
    await moveTo(orderNumber, 'CANCELLED');
    await runJobs();
    detail = await mine(s, orderNumber);
    expect(detail.paymentStatus).toBe('REFUNDED');
    expect(detail.creditNotes).toHaveLength(3);
    const all = await documents(orderNumber);
    const sum = (pick: (s: (typeof all.notes)[number]['snapshot']) => number) =>
      all.notes.reduce((total, note) => total + pick(note.snapshot), 0);
    expect(sum((x) => x.grandTotalPaise)).toBe(all.invoice.totalPaise);
    expect([
      sum((x) => x.taxablePaise),
      sum((x) => x.cgstPaise),
      sum((x) => x.sgstPaise),
      sum((x) => x.igstPaise),
    ]).toEqual(heads(all.invoice.snapshot));
    expect(all.notes.map((x) => x.reason)).toEqual(['REFUND', 'REFUND', 'CANCELLED']);
    expect(detail.refunds.reduce((total, r) => total + paise(r.amount), 0)).toBe(paise(order.totals.total));

    // Someone else's order: 404, as for invoices.
    const stranger = await signUp(t.app, nextMobile());
    const number = encodeURIComponent(detail.creditNotes[0]!.number);
    expect(
      (await stranger.request({ url: `/api/orders/${orderNumber}/credit-notes/${number}` })).statusCode,
    ).toBe(404);
    expect((await admin('GET', `/api/orders/${orderNumber}/credit-notes/${number}`)).statusCode).toBe(200);
    expect(
      (await s.request({ url: `/api/orders/${orderNumber}/credit-notes/KC-CN-00-00-999` })).statusCode,
    ).toBe(404);
  }, 90_000);

  it('two refunds settling at once end REFUNDED with two notes that make up the invoice', async () => {
    const { s, orderNumber, order } = await paidOrder();
    const [a, b] = order.items;
    const first = await refundLines(orderNumber, order.version, [{ itemId: a!.id, quantity: 3 }]);
    const second = await refundLines(orderNumber, AdminOrderDetail.parse(first.json()).version, [
      { itemId: b!.id, quantity: 2 },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const pending = await t.database.db.select().from(refunds).where(eq(refunds.orderNumber, orderNumber));
    await Promise.all(pending.map((r) => t.app.services.refunds.execute(r.id)));
    const detail = await mine(s, orderNumber);
    expect(detail.paymentStatus).toBe('REFUNDED');
    const { invoice, notes } = await documents(orderNumber);
    expect(notes).toHaveLength(2);
    expect(notes.reduce((sum, note) => sum + note.totalPaise, 0)).toBe(invoice.totalPaise);
  });

  it('a failed refund issues no credit note and gives its units back', async () => {
    const { orderNumber, order } = await paidOrder();
    const res = await refundLines(orderNumber, order.version, [{ itemId: order.items[0]!.id, quantity: 1 }]);
    expect(res.statusCode).toBe(200);
    await t.database.db
      .update(refunds)
      .set({ status: 'failed' })
      .where(and(eq(refunds.orderNumber, orderNumber), eq(refunds.status, 'pending')));
    await runJobs();
    const owner = await adminOrder(orderNumber);
    expect(owner.items[0]!.refundedQuantity).toBe(0);
    expect(owner.creditNotes).toEqual([]);
    expect(owner.payment.status).toBe('PAID');
  });
});
