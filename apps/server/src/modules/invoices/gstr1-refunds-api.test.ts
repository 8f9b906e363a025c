// GSTR-1 with several partial credit notes against one invoice (issue 31): each refund's own
// credit note reduces the B2C (Others) and HSN rows by exactly what it credits, so the invoice
// less its notes ties out in the CSVs and in the portal JSON, and a cancellation that refunds the
// rest brings the rows to nothing. Run on PostgreSQL too (TEST_DATABASE_URL).
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ADDRESS, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  admin = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: admin } });
const detail = async (orderNumber: string) =>
  AdminOrderDetail.parse((await asAdmin('GET', `/api/admin/orders/${orderNumber}`)).json());
const runJobs = async () => {
  for (let i = 0; i < 3; i++) await t.app.jobWorker.runDue();
};
const paise = (rupees: string | number | undefined) => Math.round(Number(rupees ?? 0) * 100);

/** RFC 4180 rows of a CSV export (byte-order mark and header dropped), as objects by column. */
function csv(body: string): Record<string, string>[] {
  const [header = [], ...rows] = body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '')),
    )
    .map((cells) => cells.slice(0, -1));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
const exportOf = async (kind: string) => {
  const res = await asAdmin('GET', `/api/admin/invoices/export/${kind}`);
  expect(res.statusCode, res.body).toBe(200);
  return csv(res.body);
};
const istMonth = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
const period = () => `${istMonth().slice(5)}${istMonth().slice(0, 4)}`;

type Heads = { taxable: number; igst: number; cgst: number; sgst: number };
const sumOf = (rows: Heads[]): Heads =>
  rows.reduce(
    (a, r) => ({
      taxable: a.taxable + r.taxable,
      igst: a.igst + r.igst,
      cgst: a.cgst + r.cgst,
      sgst: a.sgst + r.sgst,
    }),
    { taxable: 0, igst: 0, cgst: 0, sgst: 0 },
  );
const csvHeads = (r: Record<string, string>): Heads => ({
  taxable: paise(r['Taxable Value']),
  igst: paise(r['Integrated Tax Amount']),
  cgst: paise(r['Central Tax Amount']),
  sgst: paise(r['State/UT Tax Amount']),
});
const jsonHeads = (r: { txval: number; iamt?: number; camt?: number; samt?: number }): Heads => ({
  taxable: paise(r.txval),
  igst: paise(r.iamt),
  cgst: paise(r.camt),
  sgst: paise(r.samt),
});

it('two partial refunds of an invoiced order give two credit notes that, with the invoice, tie out in B2CS, HSN and the JSON', async () => {
  // A prepaid order within the seller's state (Maharashtra): 3 of one product, 2 of another.
  const list = ProductList.parse((await t.app.inject('/api/products')).json());
  const [a, b] = list.filter((p) => p.variants.some((v) => v.stock > 5));
  const s = await signUp(t.app, '7400000001');
  const added = await s.request({
    method: 'POST',
    url: `/api/addresses/${s.mobile}`,
    payload: { ...ADDRESS, state: 'Maharashtra', pincode: '400001', city: 'Mumbai' },
  });
  expect(added.statusCode, added.body).toBe(201);
  await addToCart(s, a!.id, a!.variants[0]!.weight, 3);
  await addToCart(s, b!.id, b!.variants[0]!.weight, 2);
  const { placed } = await payAndPlace(s, (await createPaymentOrder(s, added.json()[0].id)).json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  const orderNumber = placed.json().orderNumber as string;

  const refund = async (lines: { item: number; quantity: number }[]) => {
    const shown = await detail(orderNumber);
    const res = await asAdmin('POST', `/api/admin/orders/${orderNumber}/refunds`, {
      version: shown.version,
      lines: lines.map((l) => ({ itemId: shown.items[l.item]!.id, quantity: l.quantity })),
    });
    expect(res.statusCode, res.body).toBe(200);
    await runJobs();
  };
  await refund([{ item: 0, quantity: 2 }]);
  await refund([
    { item: 0, quantity: 1 },
    { item: 1, quantity: 1 },
  ]);
  const order = await detail(orderNumber);
  expect(order.payment.status).toBe('PARTIALLY_REFUNDED');
  expect(order.creditNotes).toHaveLength(2);
  for (const note of order.creditNotes) expect(note.number).toMatch(/^KCC\/\d\d-\d\d\/\d{6}$/);

  // The register's invoice less its two notes, head by head.
  type RegisterDoc = Heads & { kind: string; number: string };
  const register = (await asAdmin('GET', '/api/admin/invoices')).json().documents as RegisterDoc[];
  const inPaise = (d: RegisterDoc): Heads => ({
    taxable: paise(d.taxable),
    igst: paise(d.igst),
    cgst: paise(d.cgst),
    sgst: paise(d.sgst),
  });
  const invoice = inPaise(register.find((d) => d.kind === 'invoice')!);
  const notes = register.filter((d) => d.kind === 'credit_note');
  expect(notes.map((d) => d.number)).toEqual(order.creditNotes.map((c) => c.number));
  const credited = sumOf(notes.map(inPaise));
  expect(credited.taxable).toBeGreaterThan(0);
  const net: Heads = {
    taxable: invoice.taxable - credited.taxable,
    igst: invoice.igst - credited.igst,
    cgst: invoice.cgst - credited.cgst,
    sgst: invoice.sgst - credited.sgst,
  };
  expect(net.cgst).toBeGreaterThan(0);
  expect(net.igst).toBe(0);

  // B2CS: the month's only place of supply, the invoice net of both notes.
  const b2cs = await exportOf('b2cs');
  expect(b2cs.every((r) => r['Place Of Supply'] === '27-Maharashtra')).toBe(true);
  expect(sumOf(b2cs.map(csvHeads))).toEqual(net);
  // HSN (B2C): 5 units sold, 2 + 1 + 1 refunded; the value net of both notes.
  const hsn = await exportOf('hsn-b2c');
  expect(hsn.reduce((q, r) => q + Number(r['Total Quantity']), 0)).toBe(1);
  expect(sumOf(hsn.map(csvHeads))).toEqual(net);
  expect(await exportOf('cdnur')).toEqual([]);
  const docs = await exportOf('docs');
  expect(docs.map((r) => [r['Nature of Document'], r['Total Number']])).toEqual([
    ['Invoices for outward supply', '1'],
    ['Credit Note', '2'],
  ]);

  // The portal JSON: the same figures.
  const res = await asAdmin('GET', `/api/admin/gstr1?period=${period()}`);
  expect(res.statusCode, res.body).toBe(200);
  const g = res.json();
  expect(sumOf(g.b2cs.map(jsonHeads))).toEqual(net);
  expect(sumOf(g.hsn.hsn_b2c.map(jsonHeads))).toEqual(net);
  expect(g.hsn.hsn_b2c.reduce((q: number, r: { qty: number }) => q + r.qty, 0)).toBe(1);
  expect(g.cdnur).toEqual([]);

  // Cancelling refunds the rest: a third note, and the order's rows come to nothing.
  const cancelled = await asAdmin('PUT', `/api/admin/orders/${orderNumber}/status`, {
    status: 'CANCELLED',
    version: (await detail(orderNumber)).version,
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  await runJobs();
  expect((await detail(orderNumber)).creditNotes).toHaveLength(3);
  expect(await exportOf('b2cs')).toEqual([]);
  expect(await exportOf('hsn-b2c')).toEqual([]);
  const after = (await asAdmin('GET', `/api/admin/gstr1?period=${period()}`)).json();
  expect([after.b2cs, after.hsn.hsn_b2c]).toEqual([[], []]);
}, 90_000);
