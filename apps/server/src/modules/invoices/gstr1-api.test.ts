// GSTR-1 through the API (decision 0030): a large inter-state sale to an unregistered buyer is
// filed in B2CL and not B2CS, credit notes in CDNR/CDNUR, the document summary counts no invoice
// with a credit note as cancelled, and the portal JSON's figures are the CSVs'. Run on PostgreSQL
// too (TEST_DATABASE_URL).
import { ProductList } from '@spice/shared/contracts/catalog';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ADDRESS, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let admin: string;
let garam: { id: number; variants: { weight: string }[] };
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  const list = ProductList.parse((await t.app.inject('/api/products')).json());
  garam = list.find((p) => p.slug === 'garam-masala')!;
  admin = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const asAdmin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: admin } });

async function order(quantity: number, where: 'Karnataka' | 'Maharashtra', gstin?: string) {
  const s = await signUp(t.app, `7${String(500000000 + n++)}`);
  const address = where === 'Karnataka' ? ADDRESS : { ...ADDRESS, state: 'Maharashtra', pincode: '400001' };
  const added = await s.request({ method: 'POST', url: `/api/addresses/${s.mobile}`, payload: address });
  expect(added.statusCode, added.body).toBe(201);
  const addressId = added.json()[0].id;
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
  const detail = (await asAdmin('GET', `/api/admin/orders/${placed.json().orderNumber}`)).json();
  return {
    orderNumber: detail.orderNumber as string,
    invoice: detail.invoiceNumber as string,
    total: detail.totals.total as number,
  };
}

async function cancel(orderNumber: string) {
  const { version } = (await asAdmin('GET', `/api/admin/orders/${orderNumber}`)).json();
  const res = await asAdmin('PUT', `/api/admin/orders/${orderNumber}/status`, {
    status: 'CANCELLED',
    version,
  });
  expect(res.statusCode, res.body).toBe(200);
  // A paid order's credit note comes with its refund, processed by the refund job.
  for (let i = 0; i < 3; i++) await t.app.jobWorker.runDue();
}

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
const num = (s: string | undefined) => Number(s ?? 0);
const istMonth = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
const period = () => `${istMonth().slice(5)}${istMonth().slice(0, 4)}`;

it('files B2CL, B2CS, B2B and their credit notes in their own tables, and the JSON equals the CSVs', async () => {
  const small = await order(1, 'Karnataka');
  // The limit is a setting: ₹1,00,000 by default; here set to the small order's total, so the
  // small one is not above it and a three-pack order is.
  const settings = (await asAdmin('GET', '/api/admin/invoice-settings')).json();
  expect(settings.b2clThreshold).toBe(100_000);
  const saved = await asAdmin('PUT', '/api/admin/invoice-settings', {
    ...settings,
    b2clThreshold: small.total,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const large = await order(3, 'Karnataka');
  await order(3, 'Maharashtra'); // within the state: B2CS whatever its value
  const business = await order(1, 'Karnataka', '29AAGCB7383J1Z4');
  const returned = await order(3, 'Karnataka');
  await cancel(returned.orderNumber);
  await cancel(business.orderNumber);

  const b2cl = await exportOf('b2cl');
  expect(b2cl.map((r) => r['Invoice Number'])).toEqual([large.invoice, returned.invoice]);
  expect(b2cl[0]).toMatchObject({
    'Invoice Value': large.total.toFixed(2),
    'Place Of Supply': '29-Karnataka',
  });
  const b2cs = await exportOf('b2cs');
  expect(b2cs.map((r) => r['Place Of Supply']).sort()).toEqual(['27-Maharashtra', '29-Karnataka']);
  // B2CS holds only the small Karnataka order's taxable value: the large ones are in B2CL.
  const smallTaxable = (await asAdmin('GET', '/api/admin/invoices'))
    .json()
    .documents.find((d: { number: string }) => d.number === small.invoice).taxable;
  expect(num(b2cs.find((r) => r['Place Of Supply'] === '29-Karnataka')?.['Taxable Value'])).toBe(
    smallTaxable,
  );
  const maharashtra = b2cs.find((r) => r['Place Of Supply'] === '27-Maharashtra')!;
  expect(num(maharashtra['Central Tax Amount'])).toBeGreaterThan(0);
  expect(maharashtra['Central Tax Amount']).toBe(maharashtra['State/UT Tax Amount']);
  const b2b = await exportOf('b2b');
  expect(b2b.map((r) => [r['GSTIN/UIN of Recipient'], r['Invoice Number']])).toEqual([
    ['29AAGCB7383J1Z4', business.invoice],
  ]);
  const cdnr = await exportOf('cdnr');
  const cdnur = await exportOf('cdnur');
  expect(cdnr).toHaveLength(1);
  expect(cdnr[0]!['Note Number']).toMatch(/^KCC\/\d\d-\d\d\/\d{6}$/);
  expect(cdnur.map((r) => r['UR Type'])).toEqual(['B2CL']);
  // No credit note sits among the invoices.
  expect(b2b.every((r) => !r['Invoice Number']!.startsWith('KCC/'))).toBe(true);

  const hsn = await exportOf('hsn-b2c');
  expect(hsn[0]).toMatchObject({
    HSN: '0910',
    Description: 'Ginger, turmeric, other spices',
    UQC: 'PAC-PACKS',
  });
  // Sold 1 + 3 + 3 + 3 packs to unregistered buyers, 3 came back.
  expect(num(hsn[0]!['Total Quantity'])).toBe(7);

  const docs = await exportOf('docs');
  expect(docs.map((r) => [r['Nature of Document'], r['Total Number'], r.Cancelled])).toEqual([
    ['Invoices for outward supply', '5', '0'],
    ['Credit Note', '2', '0'],
  ]);

  // The JSON, figure for figure.
  const res = await asAdmin('GET', `/api/admin/gstr1?period=${period()}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="GSTR1_27AAKCK1234M1ZB_${period()}.json"`,
  );
  const g = res.json();
  expect(Object.keys(g)).toEqual(['gstin', 'fp', 'b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'doc_issue']);
  expect([g.gstin, g.fp]).toEqual(['27AAKCK1234M1ZB', period()]);

  type Item = { itm_det: { rt: number; txval: number; iamt?: number; camt?: number; samt?: number } };
  /** Figures compared as numbers ('0.00' and an absent head alike are 0), other fields as text. */
  const key = (...xs: (string | number | undefined)[]) =>
    xs.map((x) => (Number.isNaN(Number(x ?? 0)) ? x : Number(x ?? 0))).join('|');
  const itemKeys = (number: string, itms: Item[]) =>
    itms.map(({ itm_det: d }) => key(number, d.rt, d.txval, d.iamt, d.camt, d.samt));
  const csvKeys = (rows: Record<string, string>[], numberColumn: string) =>
    rows.map((r) =>
      key(
        r[numberColumn],
        r.Rate,
        r['Taxable Value'],
        r['Integrated Tax Amount'],
        r['Central Tax Amount'],
        r['State/UT Tax Amount'],
      ),
    );
  const sorted = (xs: string[]) => [...xs].sort();

  type Doc = { inum: string; val: number; itms: Item[] };
  type Note = { nt_num: string; val: number; itms: Item[] };
  const b2bInv: Doc[] = g.b2b.flatMap((c: { ctin: string; inv: Doc[] }) => c.inv);
  expect(g.b2b.map((c: { ctin: string }) => c.ctin)).toEqual(['29AAGCB7383J1Z4']);
  expect(sorted(b2bInv.flatMap((i) => itemKeys(i.inum, i.itms)))).toEqual(
    sorted(csvKeys(b2b, 'Invoice Number')),
  );
  const b2clInv: Doc[] = g.b2cl.flatMap((p: { pos: string; inv: Doc[] }) => p.inv);
  expect(g.b2cl.map((p: { pos: string }) => p.pos)).toEqual(['29']);
  expect(sorted(b2clInv.flatMap((i) => itemKeys(i.inum, i.itms)))).toEqual(
    sorted(csvKeys(b2cl, 'Invoice Number')),
  );
  expect(b2clInv.map((i) => i.val)).toEqual(b2cl.map((r) => num(r['Invoice Value'])));
  const cdnrNotes: Note[] = g.cdnr.flatMap((c: { nt: Note[] }) => c.nt);
  expect(sorted(cdnrNotes.flatMap((x) => itemKeys(x.nt_num, x.itms)))).toEqual(
    sorted(csvKeys(cdnr, 'Note Number')),
  );
  expect(sorted(g.cdnur.flatMap((x: Note) => itemKeys(x.nt_num, x.itms)))).toEqual(
    sorted(csvKeys(cdnur, 'Note Number')),
  );
  expect(g.cdnur.map((x: Note & { typ: string; ntty: string }) => [x.typ, x.ntty])).toEqual([['B2CL', 'C']]);
  expect(
    sorted(
      g.b2cs.map(
        (r: { pos: string; rt: number; txval: number; iamt?: number; camt?: number; samt?: number }) =>
          key(r.pos, r.rt, r.txval, r.iamt, r.camt, r.samt),
      ),
    ),
  ).toEqual(
    sorted(
      b2cs.map((r) =>
        key(
          r['Place Of Supply']!.slice(0, 2),
          r.Rate,
          r['Taxable Value'],
          r['Integrated Tax Amount'],
          r['Central Tax Amount'],
          r['State/UT Tax Amount'],
        ),
      ),
    ),
  );
  for (const [section, kind] of [
    ['hsn_b2b', 'hsn-b2b'],
    ['hsn_b2c', 'hsn-b2c'],
  ] as const) {
    const rows = await exportOf(kind);
    expect(
      g.hsn[section].map((r: Record<string, string | number>) =>
        key(r.hsn_sc, r.uqc, r.qty, r.rt, r.txval, r.iamt, r.camt, r.samt),
      ),
    ).toEqual(
      rows.map((r) =>
        key(
          r.HSN,
          r.UQC!.split('-')[0],
          r['Total Quantity'],
          r.Rate,
          r['Taxable Value'],
          r['Integrated Tax Amount'],
          r['Central Tax Amount'],
          r['State/UT Tax Amount'],
        ),
      ),
    );
  }
  expect(
    g.doc_issue.doc_det.map((d: { doc_typ: string; docs: { totnum: number; cancel: number }[] }) => [
      d.doc_typ,
      d.docs[0]!.totnum,
      d.docs[0]!.cancel,
    ]),
  ).toEqual([
    ['Invoices for outward supply', 5, 0],
    ['Credit Note', 2, 0],
  ]);
});

it('answers the JSON to admins only, and 400 to a period that is not MMYYYY', async () => {
  expect((await t.app.inject({ url: `/api/admin/gstr1?period=${period()}` })).statusCode).toBe(401);
  const shopper = await signUp(t.app, `7${String(500000000 + n++)}`);
  expect((await shopper.request({ url: `/api/admin/gstr1?period=${period()}` })).statusCode).toBe(403);
  for (const bad of ['2026-11', '132026', '11-2026', '']) {
    const res = await asAdmin('GET', `/api/admin/gstr1?period=${bad}`);
    expect(res.statusCode, bad).toBe(400);
    expect(res.json().message).toBe('Choose a return period as MMYYYY, like 112026.');
  }
  const empty = await asAdmin('GET', '/api/admin/gstr1?period=042026');
  expect(empty.statusCode).toBe(200);
  expect(empty.json()).toMatchObject({ b2b: [], b2cl: [], b2cs: [], hsn: { hsn_b2b: [], hsn_b2c: [] } });
});
