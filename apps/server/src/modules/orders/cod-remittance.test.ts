// COD remittance (issue 12): collected cash awaiting the courier's remittance, marked remitted once
// (two admins at once: one wins), audited, filtered by remitted and IST days, exported as CSV.
import { CodRemittancePage } from '@spice/shared/contracts/cod-remittance';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codHelpers } from '../../test/cod.ts';
import { signUp, verifyMobile } from '../../test/shoppers.ts';
import { auditLog } from '../admin/schema.ts';
import { orders } from './schema.ts';

let t: TestApp;
let adminCookie: string;
const h = codHelpers(
  () => t,
  () => adminCookie,
);
const DELIVER = ['CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED'];
/** Three delivered COD orders (cash collected), one COD order still packed. */
let delivered: { orderNumber: string; amount: number }[];
let packed: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  delivered = [];
  for (const quantity of [1, 2, 3]) {
    const o = await h.placedCodOrder(quantity);
    await h.walk(o.orderNumber, DELIVER);
    delivered.push(o);
  }
  packed = (await h.placedCodOrder(1)).orderNumber;
  await h.walk(packed, ['CONFIRMED', 'PACKED']);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const list = async (query = '') => {
  const res = await h.asAdmin('GET', `/api/admin/cod-remittance${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return CodRemittancePage.parse(res.json());
};
const remit = (orderNumbers: string[], reference?: string | null) =>
  h.asAdmin('POST', '/api/admin/cod-remittance/remit', { orderNumbers, reference });
const rupees = (paise: number) => paise / 100;

describe('access', () => {
  it('is for the store team only: 401 logged out, 403 for a shopper', async () => {
    const s = await signUp(t.app, h.nextMobile());
    for (const [method, url] of [
      ['GET', '/api/admin/cod-remittance'],
      ['GET', '/api/admin/cod-remittance.csv'],
      ['POST', '/api/admin/cod-remittance/remit'],
    ] as const) {
      const payload = method === 'POST' ? { orderNumbers: [delivered[0]!.orderNumber] } : undefined;
      expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
      expect((await s.request({ method, url, payload })).statusCode).toBe(403);
    }
    expect((await list()).totals.orders).toBe(3);
  });
});

describe('the remittance list', () => {
  it('lists collected COD orders not yet remitted, oldest first, with totals and who collected', async () => {
    const page = await list();
    expect(page.content.map((r) => r.orderNumber)).toEqual(delivered.map((o) => o.orderNumber));
    expect(page.content.map((r) => r.orderNumber)).not.toContain(packed);
    const sum = delivered.reduce((a, o) => a + o.amount, 0);
    expect(page.totals).toEqual({ orders: 3, amount: rupees(sum) });
    expect(page.outstanding).toEqual({ orders: 3, amount: rupees(sum) });
    expect(page.content[0]).toMatchObject({
      amount: rupees(delivered[0]!.amount),
      collectedBy: expect.any(String),
      collectedAt: expect.any(String),
      remittedAt: null,
      remittedBy: null,
      reference: null,
    });
  });

  it('refuses an unusable filter with 400', async () => {
    expect((await h.asAdmin('GET', '/api/admin/cod-remittance?remitted=maybe')).statusCode).toBe(400);
    expect((await h.asAdmin('GET', '/api/admin/cod-remittance?from=2026-13-45')).statusCode).toBe(400);
  });
});

describe('marking remitted', () => {
  it('records when, who and the reference, audited; the order moves to the remitted filter', async () => {
    const [first] = delivered;
    const res = await remit([first!.orderNumber], '  UTR-SBIN-0042  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      remitted: 1,
      amount: rupees(first!.amount),
      remittedAt: expect.any(String),
    });
    const still = await list();
    expect(still.content.map((r) => r.orderNumber)).not.toContain(first!.orderNumber);
    expect(still.outstanding.orders).toBe(2);
    const done = await list('?remitted=yes');
    expect(done.content).toEqual([
      expect.objectContaining({
        orderNumber: first!.orderNumber,
        remittedAt: res.json().remittedAt,
        remittedBy: expect.any(String),
        reference: 'UTR-SBIN-0042',
      }),
    ]);
    expect(done.totals).toEqual({ orders: 1, amount: rupees(first!.amount) });
    expect((await list('?remitted=all')).totals.orders).toBe(3);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.cod_remitted'), eq(auditLog.entityId, first!.orderNumber)));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.after).toMatchObject({ reference: 'UTR-SBIN-0042', amount: rupees(first!.amount) });
  });

  it('refuses an order already remitted, or not collected, with 409 and marks none of the selection', async () => {
    const [first, second] = delivered;
    const again = await remit([first!.orderNumber]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(first!.orderNumber);
    const mixed = await remit([second!.orderNumber, first!.orderNumber]);
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toContain(first!.orderNumber);
    expect(mixed.json().message).not.toContain(second!.orderNumber);
    expect((await remit([packed])).statusCode).toBe(409);
    expect((await remit(['KC000000-NOSUCH'])).statusCode).toBe(409);
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, second!.orderNumber));
    expect(row!.codRemittedAt).toBeNull();
    expect((await remit([])).statusCode).toBe(400);
  });

  it('lets exactly one of two admins racing for the same orders remit them', async () => {
    const numbers = delivered.slice(1).map((o) => o.orderNumber);
    const results = await Promise.all([remit(numbers, 'A-1'), remit(numbers, 'B-2'), remit([numbers[0]!])]);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    // Whichever call won remitted all of its orders and none of the losers' (the third names one).
    const remitted = results[2]!.statusCode === 200 ? [numbers[0]!] : numbers;
    const rows = await t.database.db.select().from(orders).where(inArray(orders.orderNumber, remitted));
    expect(rows.every((r) => r.codRemittedAt !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.codRemittanceRef)).size).toBe(1);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.cod_remitted'), inArray(auditLog.entityId, numbers)));
    expect(audited).toHaveLength(remitted.length);
    if (remitted.length < numbers.length) expect((await remit([numbers[1]!], 'C-3')).statusCode).toBe(200);
    expect((await list()).outstanding).toEqual({ orders: 0, amount: 0 });
  });
});

describe('date range and CSV', () => {
  it('filters by the IST day the cash was collected', async () => {
    const [first, second] = delivered;
    // 2026-03-31 20:00 UTC is 1 April in India.
    await t.database.db
      .update(orders)
      .set({ codCollectedAt: new Date('2026-03-31T20:00:00Z') })
      .where(eq(orders.orderNumber, first!.orderNumber));
    await t.database.db
      .update(orders)
      .set({ codCollectedAt: new Date('2026-03-31T18:00:00Z') })
      .where(eq(orders.orderNumber, second!.orderNumber));
    const april = await list('?remitted=all&from=2026-04-01&to=2026-04-01');
    expect(april.content.map((r) => r.orderNumber)).toEqual([first!.orderNumber]);
    const march = await list('?remitted=all&to=2026-03-31');
    expect(march.content.map((r) => r.orderNumber)).toEqual([second!.orderNumber]);
  });

  it('exports the filter as CSV: rupees with two decimals, IST times, fields escaped', async () => {
    const [first] = delivered;
    await t.database.db
      .update(orders)
      .set({ userName: 'Rao, "Asha"', codRemittanceRef: '=HYPERLINK("x")' })
      .where(eq(orders.orderNumber, first!.orderNumber));
    const res = await h.asAdmin(
      'GET',
      '/api/admin/cod-remittance.csv?remitted=yes&from=2026-04-01&to=2026-04-01',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="cod-remittance-yes-2026-04-01-to-2026-04-01.csv"',
    );
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, first!.orderNumber));
    const shown = (await list('?remitted=yes&from=2026-04-01&to=2026-04-01')).content[0]!;
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Order number,Customer,Delivered and collected at (IST),Amount (₹),Collected by,Remitted,Remitted at (IST),Remitted by,Reference',
    );
    const ist = (d: Date) =>
      new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(lines[1]).toBe(
      [
        first!.orderNumber,
        '"Rao, ""Asha"""',
        '2026-04-01 01:30:00',
        (first!.amount / 100).toFixed(2),
        shown.collectedBy,
        'Yes',
        ist(row!.codRemittedAt!),
        shown.remittedBy,
        `"'=HYPERLINK(""x"")"`,
      ].join(','),
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(
      (await h.asAdmin('GET', '/api/admin/cod-remittance.csv?remitted=no')).body.split('\r\n'),
    ).toHaveLength(2);
  });
});
