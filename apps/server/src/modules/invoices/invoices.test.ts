// GST invoices and credit notes (issue 13) through the API: issued at placement (prepaid) and at
// shipping (COD), numbered without gaps, a credit note on cancellation, PDFs for the right people
// with the text the rules require, settings validated and audited, and the register's CSVs.
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { OrderDetail } from '@spice/shared/contracts/commerce';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  ADDRESS,
  addToCart,
  confirmCodByPhone,
  createPaymentOrder,
  payAndPlace,
} from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { products } from '../catalog/schema.ts';
import { orders } from '../orders/schema.ts';
import { invoiceSettings, invoices } from './schema.ts';

let t: TestApp;
let adminCookie: string;
let garam: { id: number; name: string; variants: { weight: string }[] };
let n = 0;
const nextMobile = () => `8${String(300000000 + n++).slice(-9)}`;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  const list = ProductList.parse((await t.app.inject('/api/products')).json());
  garam = list.find((p) => p.slug === 'garam-masala')!;
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const asAdmin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: adminCookie } });

/** A real pincode in each state the tests deliver to (the address must match its pincode's state). */
const PINCODE_IN: Record<string, string> = { maharashtra: '400001', orissa: '751001', odisha: '751001' };

async function shopper(state = ADDRESS.state): Promise<{ s: Shopper; addressId: number }> {
  const s = await signUp(t.app, nextMobile());
  const res = await s.request({
    method: 'POST',
    url: `/api/addresses/${s.mobile}`,
    payload: { ...ADDRESS, state, pincode: PINCODE_IN[state.trim().toLowerCase()] ?? ADDRESS.pincode },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { s, addressId: res.json()[0].id };
}

async function prepaidOrder(state?: string, quantity = 2, gstin?: string) {
  const { s, addressId } = await shopper(state);
  await addToCart(s, garam.id, garam.variants[0]!.weight, quantity);
  let created = await createPaymentOrder(s, addressId);
  if (gstin) {
    created = await s.request({
      method: 'POST',
      url: '/api/payment/create-razorpay-order',
      payload: { amount: created.json().amount, addressId, gstin },
    });
  }
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  return { s, orderNumber: placed.json().orderNumber as string };
}

async function pdfText(body: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

describe('invoices', () => {
  it('issues a prepaid order its invoice at placement; the PDF goes to its shopper and admins only', async () => {
    const { s, orderNumber } = await prepaidOrder('Karnataka');
    const detail = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(detail.invoiceNumber).toMatch(/^KC\/\d\d-\d\d\/\d{6}$/);

    const mine = await s.request({ url: `/api/orders/${orderNumber}/invoice` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(
      `inline; filename="${detail.invoiceNumber!.replaceAll('/', '-')}.pdf"`,
    );
    const text = await pdfText(mine.rawPayload);
    for (const expected of [
      'Tax Invoice',
      'Kesar Chakki Foods Private Limited',
      'Trade name: Kesar Chakki',
      'Vikhroli West, Mumbai 400083',
      'GSTIN: 27AAKCK1234M1ZB',
      'FSSAI Lic. No.: 11521999000123',
      detail.invoiceNumber!,
      orderNumber,
      'Asha Rao',
      'Indiranagar',
      'Place of Supply',
      'Karnataka (29)',
      'IGST',
      'HSN/SAC',
      '0910',
      'Delivery charges',
      'Platform fee',
      'Grand total',
      'Rupees',
      'Whether tax is payable on reverse charge: No',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CGST');

    expect((await t.app.inject({ url: `/api/orders/${orderNumber}/invoice` })).statusCode).toBe(401);
    const stranger = await signUp(t.app, nextMobile());
    expect([403, 404]).toContain(
      (await stranger.request({ url: `/api/orders/${orderNumber}/invoice` })).statusCode,
    );
    const admin = await asAdmin('GET', `/api/orders/${orderNumber}/invoice`);
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-type']).toBe('application/pdf');
    expect((await s.request({ url: `/api/orders/${orderNumber}/credit-note` })).statusCode).toBe(404);
  });

  it("taxes each line at its product's own HSN code and rate, read as the order is placed", async () => {
    const { db } = t.database;
    await db.update(products).set({ hsnCode: '09109100', gstRateBp: 1200 }).where(eq(products.id, garam.id));
    try {
      const { orderNumber } = await prepaidOrder('Karnataka');
      const [invoice] = await db
        .select({ snapshot: invoices.snapshot })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(eq(orders.orderNumber, orderNumber));
      expect(invoice!.snapshot.goods.map((g) => [g.hsn, g.rateBp])).toEqual([['09109100', 1200]]);
    } finally {
      await db.update(products).set({ hsnCode: '0910', gstRateBp: 500 }).where(eq(products.id, garam.id));
    }
  });

  it('lists every line of a several-line order in the order they were added, each at its own rate', async () => {
    const { db } = t.database;
    const list = ProductList.parse((await t.app.inject('/api/products')).json());
    const other = list.find((p) => p.id !== garam.id && p.variants.some((v) => v.stock > 0))!;
    const [was] = await db
      .select({ hsnCode: products.hsnCode, gstRateBp: products.gstRateBp })
      .from(products)
      .where(eq(products.id, other.id));
    await db.update(products).set({ hsnCode: '09109100', gstRateBp: 1200 }).where(eq(products.id, other.id));
    try {
      const { s, addressId } = await shopper();
      await addToCart(s, other.id, other.variants.find((v) => v.stock > 0)!.weight, 1);
      await addToCart(s, garam.id, garam.variants[0]!.weight, 3);
      const created = await createPaymentOrder(s, addressId);
      expect(created.statusCode, created.body).toBe(200);
      const { placed } = await payAndPlace(s, created.json().orderId);
      expect(placed.statusCode, placed.body).toBe(200);
      const [invoice] = await db
        .select({ snapshot: invoices.snapshot })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(eq(orders.orderNumber, placed.json().orderNumber));
      expect(invoice!.snapshot.goods.map((g) => [g.description.split(' ')[0], g.quantity, g.rateBp])).toEqual(
        [
          [other.name.split(' ')[0], 1, 1200],
          [garam.name.split(' ')[0], 3, 500],
        ],
      );
    } finally {
      await db.update(products).set(was!).where(eq(products.id, other.id));
    }
  });

  it('charges CGST and SGST in halves within Maharashtra, and prints amounts in words', async () => {
    const { s, orderNumber } = await prepaidOrder('maharashtra ');
    const text = await pdfText((await s.request({ url: `/api/orders/${orderNumber}/invoice` })).rawPayload);
    expect(text).toContain('Maharashtra (27)');
    expect(text).toContain('CGST');
    expect(text).toContain('SGST');
    expect(text).toMatch(/Rupees [A-Z][A-Za-z -]+ Only/);
  });

  it('invoices a COD order when it ships (404 before), and a cancellation gets a credit note', async () => {
    const { s, addressId } = await shopper('Orissa');
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
    await confirmCodByPhone(t.app, adminCookie, orderNumber);
    const invoiceUrl = `/api/orders/${orderNumber}/invoice`;
    const before = await s.request({ url: invoiceUrl });
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe('No invoice has been issued for this order yet.');

    const move = async (status: string) => {
      const { version } = AdminOrderDetail.parse(
        (await asAdmin('GET', `/api/admin/orders/${orderNumber}`)).json(),
      );
      const trackingId = status === 'SHIPPED' ? `AWB${orderNumber}` : undefined;
      const res = await asAdmin('PUT', `/api/admin/orders/${orderNumber}/status`, {
        status,
        version,
        trackingId,
      });
      expect(res.statusCode, res.body).toBe(200);
      return AdminOrderDetail.parse(res.json());
    };
    await move('CONFIRMED');
    await move('PACKED');
    expect((await s.request({ url: invoiceUrl })).statusCode).toBe(404);
    const shipped = await move('SHIPPED');
    expect(shipped.invoiceNumber).toMatch(/^KC\//);
    const text = await pdfText((await s.request({ url: invoiceUrl })).rawPayload);
    expect(text).toContain('Odisha (21)');
    expect(text).toContain('Cash on delivery fee');

    await move('RTO');
    const note = await s.request({ url: `/api/orders/${orderNumber}/credit-note` });
    expect(note.statusCode).toBe(200);
    const noteText = await pdfText(note.rawPayload);
    expect(noteText).toContain('Credit Note');
    expect(noteText).toMatch(/KCC\/\d\d-\d\d\/\d{6}/);
    expect(noteText).toContain(shipped.invoiceNumber!);
    // The invoice stays: a number is never withdrawn.
    expect((await s.request({ url: invoiceUrl })).statusCode).toBe(200);
  });

  it('puts a valid buyer GSTIN on the invoice and refuses a wrong one', async () => {
    const { s, addressId } = await shopper();
    await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
    const wrong = await s.request({
      method: 'POST',
      url: '/api/payment/create-razorpay-order',
      payload: { amount: 1, addressId, gstin: '29AAGCB7383J1Z5' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.gstin).toBe('This GSTIN has a wrong check digit.');
    const { s: buyer, orderNumber } = await prepaidOrder('Karnataka', 1, '29aagcb7383j1z4');
    const text = await pdfText(
      (await buyer.request({ url: `/api/orders/${orderNumber}/invoice` })).rawPayload,
    );
    expect(text).toContain('GSTIN: 29AAGCB7383J1Z4');
    const b2b = await asAdmin('GET', '/api/admin/invoices/export/b2b');
    expect(b2b.statusCode).toBe(200);
    expect(b2b.body).toContain('29AAGCB7383J1Z4');
  });

  it('validates and audits the store settings', async () => {
    const current = (await asAdmin('GET', '/api/admin/invoice-settings')).json();
    expect(current.gstin).toBe('27AAKCK1234M1ZB');
    const bad = await asAdmin('PUT', '/api/admin/invoice-settings', { ...current, gstin: '27AAKCK1234M1ZC' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.gstin).toBe('This GSTIN has a wrong check digit.');
    // A valid GSTIN of Karnataka (29) for a store registered in Maharashtra (27).
    const otherState = await asAdmin('PUT', '/api/admin/invoice-settings', {
      ...current,
      gstin: '29AAGCB7383J1Z4',
    });
    const mismatch =
      "The GSTIN's first two digits must be the state code of the registered address (27 for Maharashtra).";
    expect([otherState.statusCode, otherState.json().message, otherState.json().errors.gstin]).toEqual([
      400,
      mismatch,
      mismatch,
    ]);
    // The address's pincode (400083, Mumbai) says Maharashtra even when another state is chosen.
    const wrongState = await asAdmin('PUT', '/api/admin/invoice-settings', {
      ...current,
      gstin: '29AAGCB7383J1Z4',
      stateCode: '29',
    });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().errors).toEqual({
      gstin: mismatch,
      stateCode: 'Choose the state of the registered address: Maharashtra (27).',
    });
    // A state named in the address counts first.
    const named = await asAdmin('PUT', '/api/admin/invoice-settings', {
      ...current,
      address: 'No. 12, 3rd Cross, Indiranagar, Bengaluru, Karnataka',
    });
    expect(named.json().errors?.gstin).toBe(
      "The GSTIN's first two digits must be the state code of the registered address (29 for Karnataka).",
    );
    const ok = await asAdmin('PUT', '/api/admin/invoice-settings', {
      ...current,
      tradeName: 'Kesar Chakki Masale',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().version).toBe(current.version + 1);
    const stale = await asAdmin('PUT', '/api/admin/invoice-settings', current);
    expect(stale.statusCode).toBe(409);
    const audit = (await asAdmin('GET', '/api/admin/audit?size=5')).json();
    expect(JSON.stringify(audit)).toContain('invoice-settings.update');
    const shopperRes = await (await signUp(t.app, nextMobile())).request({
      url: '/api/admin/invoice-settings',
    });
    expect(shopperRes.statusCode).toBe(403);
  });

  it('lists the month with totals per head, and exports the GSTR-1 CSVs', async () => {
    const reg = await asAdmin('GET', '/api/admin/invoices');
    expect(reg.statusCode, reg.body).toBe(200);
    const body = reg.json();
    expect(body.documents.length).toBeGreaterThanOrEqual(4);
    expect(body.invoiceTotals.cgst).toBe(body.invoiceTotals.sgst);
    expect(body.documents.some((d: { kind: string }) => d.kind === 'credit_note')).toBe(true);
    const hsn = await asAdmin('GET', '/api/admin/invoices/export/hsn');
    expect(hsn.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(hsn.body).toContain('HSN,Description,UQC,Total Quantity');
    expect(hsn.body).toContain('0910');
    const b2c = await asAdmin('GET', '/api/admin/invoices/export/b2c');
    expect(b2c.body).toContain('29-Karnataka');
    const docs = await asAdmin('GET', '/api/admin/invoices/export/docs');
    expect(docs.body).toContain('Invoices for outward supply');
    expect(docs.body).toContain('Credit Note');
    expect((await asAdmin('GET', '/api/admin/invoices?month=2026-13')).statusCode).toBe(400);
  });

  it('saves the first store settings when none were ever saved (version 0), once', async () => {
    const saved = (await asAdmin('GET', '/api/admin/invoice-settings')).json();
    await t.database.db.delete(invoiceSettings);
    expect((await asAdmin('GET', '/api/admin/invoice-settings')).json()).toMatchObject({
      gstin: '',
      version: 0,
    });
    const changed = 'These settings changed meanwhile. Reload and try again.';
    const atVersion = await asAdmin('PUT', '/api/admin/invoice-settings', { ...saved, version: 1 });
    expect([atVersion.statusCode, atVersion.json().message]).toEqual([409, changed]);
    expect(await t.database.db.select().from(invoiceSettings)).toEqual([]);
    const first = await asAdmin('PUT', '/api/admin/invoice-settings', { ...saved, version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ...saved, version: 1 });
    const again = await asAdmin('PUT', '/api/admin/invoice-settings', { ...saved, version: 0 });
    expect([again.statusCode, again.json().message]).toEqual([409, changed]);
  });
});
