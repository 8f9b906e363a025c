// Bulk work on orders through the real app (issue 41): confirm, pack, ship with Shiprocket (a
// loopback fake that records what it was asked) and mark delivered many orders at once, some
// refused with their reason and left exactly as they were; all orders matching a filter; the
// labels of many orders in one PDF; the line export's rows, GST and shipping columns.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@spice/shared/app-error';
import { COD_CONFIRMATION_MESSAGES } from '@spice/shared/cod-confirmation';
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { BULK_TOO_MANY, BulkOrderResult } from '@spice/shared/contracts/bulk';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codHelpers } from '../../test/cod.ts';
import { verifyMobile } from '../../test/shoppers.ts';
import { auditLog } from '../admin/schema.ts';
import { createBulkOrders, NO_COURIER_API, NO_SUCH_ORDER, UNEXPECTED_FAILURE } from './bulk-actions.ts';
import { ORDER_LINES_HEADER } from './lines-export.ts';

let fake: Server;
let booked: string[] = [];
let t: TestApp;
let adminCookie: string;
const cod = codHelpers(
  () => t,
  () => adminCookie,
);

beforeAll(async () => {
  let ids = 9000;
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const send = (status: number, answer: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      if (path === '/v1/external/auth/login') return send(200, { token: 'tok-1' });
      if (req.headers.authorization !== 'Bearer tok-1') return send(401, { message: 'Token has expired' });
      if (path === '/v1/external/orders/create/adhoc') {
        booked.push(String(body.order_id));
        ids += 1;
        return send(200, { order_id: ids, shipment_id: ids });
      }
      if (path === '/v1/external/courier/assign/awb') {
        const id = (body as { shipment_id: number }).shipment_id;
        return send(200, {
          awb_assign_status: 1,
          response: { data: { awb_code: `SR${id}`, courier_name: 'Delhivery Surface' } },
        });
      }
      if (path === '/v1/external/courier/generate/label') return send(200, { label_created: 1 });
      send(404, { message: `fake: no ${req.method} ${path}` });
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    env: {
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      SHIPROCKET_EMAIL: 'ops@shop.in',
      SHIPROCKET_PASSWORD: 'secret-pass',
      SHIPROCKET_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    },
  });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});
beforeEach(() => {
  booked = [];
});

async function detail(orderNumber: string) {
  return AdminOrderDetail.parse((await cod.asAdmin('GET', `/api/admin/orders/${orderNumber}`)).json());
}

async function bulk(payload: object) {
  const res = await cod.asAdmin('POST', '/api/admin/orders/bulk', payload);
  expect(res.statusCode, res.body).toBe(200);
  return BulkOrderResult.parse(res.json());
}

const auditEntries = async (orderNumber: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderNumber)));

describe('bulk actions on orders', () => {
  it('answers 401 signed out and 403 to a shopper', async () => {
    const { s } = await cod.placedCodOrder(1);
    for (const endpoint of [
      {
        method: 'POST' as const,
        url: '/api/admin/orders/bulk',
        payload: { action: 'CONFIRM', orders: ['X'] },
      },
      { method: 'GET' as const, url: '/api/admin/orders/labels.pdf?orders=X' },
      { method: 'GET' as const, url: '/api/admin/orders/lines.csv' },
    ]) {
      expect((await t.app.inject(endpoint)).statusCode).toBe(401);
      expect((await s.request(endpoint)).statusCode).toBe(403);
    }
  });

  it('confirms the orders it may and refuses the others with the reason, leaving them untouched', async () => {
    const a = (await cod.placedCodOrder(1)).orderNumber;
    const b = (await cod.placedCodOrder(1)).orderNumber;
    const waiting = (await cod.placedCodOrder(1, undefined, { awaitConfirmation: true })).orderNumber;
    const confirmed = (await cod.placedCodOrder(1)).orderNumber;
    await cod.walk(confirmed, ['CONFIRMED']);
    const before = { waiting: await detail(waiting), confirmed: await detail(confirmed) };
    const auditBefore = (await auditEntries(waiting)).length + (await auditEntries(confirmed)).length;

    const result = await bulk({ action: 'CONFIRM', orders: [a, waiting, b, confirmed, 'KC-NOPE', a] });

    expect(result).toMatchObject({ action: 'CONFIRM', done: 2, refused: 3 });
    expect(result.results).toEqual([
      { orderNumber: a, outcome: 'done', status: 'CONFIRMED', message: null },
      {
        orderNumber: waiting,
        outcome: 'refused',
        status: 'PLACED',
        message: COD_CONFIRMATION_MESSAGES.waitForShopper,
      },
      { orderNumber: b, outcome: 'done', status: 'CONFIRMED', message: null },
      {
        orderNumber: confirmed,
        outcome: 'refused',
        status: 'CONFIRMED',
        message: 'An order that is confirmed cannot be marked confirmed.',
      },
      { orderNumber: 'KC-NOPE', outcome: 'refused', status: null, message: NO_SUCH_ORDER },
    ]);
    // The refused ones did not move at all: same version, no audit entry.
    expect((await detail(waiting)).version).toBe(before.waiting.version);
    expect((await detail(confirmed)).version).toBe(before.confirmed.version);
    expect((await auditEntries(waiting)).length + (await auditEntries(confirmed)).length).toBe(auditBefore);
    // The moved ones went through the status change: history and audit as for one order.
    expect((await auditEntries(a)).some((e) => (e.after as { status?: string }).status === 'CONFIRMED')).toBe(
      true,
    );
  }, 60_000);

  it('packs every order the filter matches, ships them through Shiprocket and prints their labels', async () => {
    // The shopper's first order stays PLACED: shipping refuses it without asking the courier.
    const { s, orderNumber: placed } = await cod.placedCodOrder(1);
    const mobile = s.mobile.replace(/^\+91/, '');
    const one = (await cod.placedCodOrder(1, s)).orderNumber;
    const two = (await cod.placedCodOrder(1, s)).orderNumber;
    await bulk({ action: 'CONFIRM', orders: [one, two] });

    const packed = await bulk({ action: 'PACK', filter: { q: mobile, status: 'CONFIRMED' } });
    expect(packed.results.map((r) => [r.orderNumber, r.outcome, r.status])).toEqual([
      [two, 'done', 'PACKED'],
      [one, 'done', 'PACKED'],
    ]);

    const shipped = await bulk({ action: 'SHIP', orders: [one, placed, two] });
    expect(shipped).toMatchObject({ done: 2, refused: 1 });
    expect(shipped.results[1]).toEqual({
      orderNumber: placed,
      outcome: 'refused',
      status: 'PLACED',
      message: 'An order that is placed cannot be marked shipped.',
    });
    // Shiprocket was asked for the two packed orders only.
    expect(booked).toEqual([one, two]);
    const awb = (await detail(one)).tracking?.awb;
    expect(awb).toMatch(/^SR\d+$/);

    // Found by AWB, and by the invoice the COD order got when it shipped.
    const byAwb = await cod.asAdmin('GET', `/api/admin/orders?q=${awb}`);
    expect(byAwb.json().content.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([one]);
    const invoice = (await detail(two)).invoiceNumber!;
    const byInvoice = await cod.asAdmin('GET', `/api/admin/orders?q=${invoice}`);
    expect(byInvoice.json().content.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([two]);

    const pdf = await cod.asAdmin('GET', `/api/admin/orders/labels.pdf?q=${mobile}&status=SHIPPED`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);

    const delivered = await bulk({ action: 'DELIVER', orders: [one, two, placed] });
    expect(delivered).toMatchObject({ done: 2, refused: 1 });
    expect((await detail(one)).payment.status).toBe('COD_COLLECTED');
  }, 90_000);

  it('exports one row per order line with GST from the invoice, payment and shipping', async () => {
    const { orderNumber } = await cod.placedCodOrder(2);
    const notInvoiced = (await cod.placedCodOrder(1)).orderNumber;
    await bulk({ action: 'CONFIRM', orders: [orderNumber] });
    await bulk({ action: 'PACK', orders: [orderNumber] });
    await bulk({ action: 'SHIP', orders: [orderNumber] });
    const order = await detail(orderNumber);

    const res = await cod.asAdmin('GET', `/api/admin/orders/lines.csv?orders=${orderNumber},${notInvoiced}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([...ORDER_LINES_HEADER]);
    const col = (name: (typeof ORDER_LINES_HEADER)[number]) => ORDER_LINES_HEADER.indexOf(name);
    const shipped = rows.filter((r) => r[col('Order number')] === orderNumber);
    expect(shipped).toHaveLength(order.items.length);
    const line = shipped[0]!;
    expect(line[col('Invoice number')]).toBe(order.invoiceNumber);
    expect(line[col('Payment mode')]).toMatch(/cash/i);
    expect(line[col('AWB')]).toBe(order.tracking!.awb);
    expect(line[col('Courier')]).toBe('Delhivery Surface');
    expect(line[col('Quantity')]).toBe('2');
    const [taxable, cgst, sgst, igst, amount, discount] = [
      'Taxable value (₹)',
      'CGST (₹)',
      'SGST (₹)',
      'IGST (₹)',
      'Line amount (₹)',
      'Discount share (₹)',
    ].map((c) => Math.round(Number(line[col(c as (typeof ORDER_LINES_HEADER)[number])]) * 100));
    expect(line[col('GST rate')]).toMatch(/%$/);
    // The invoice's split adds back to what the shopper paid for the line.
    expect(taxable! + cgst! + sgst! + igst!).toBe(amount! - discount!);
    const waiting = rows.filter((r) => r[col('Order number')] === notInvoiced);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]![col('CGST (₹)')]).toBe('');
    expect(waiting[0]![col('Invoice number')]).toBe('');
  }, 60_000);
});

describe('the bulk runner on its own', () => {
  const admin = { id: 1 } as never;
  const states = new Map([
    ['A', { status: 'PACKED' as const, version: 3 }],
    ['B', { status: 'PACKED' as const, version: 1 }],
    ['C', { status: 'PACKED' as const, version: 2 }],
  ]);
  const logged: object[] = [];
  const runner = (automatic: 'shiprocket' | null, ship: (n: string) => Promise<void>) =>
    createBulkOrders({} as never, {
      adminOrders: {
        statesOf: async (numbers) => new Map([...states].filter(([n]) => numbers.includes(n))),
        numbersMatching: async (_filter, limit) => Array.from({ length: limit }, (_, i) => `N${i}`),
        changeStatus: async () => {
          throw new Error('not here');
        },
      },
      shipping: {
        options: () => ({ couriers: [], automatic }),
        ship: async (_admin, n) => {
          await ship(n);
          return { status: 'SHIPPED' } as never;
        },
      },
      log: { error: (obj) => void logged.push(obj) },
    });

  it('refuses shipping with Shiprocket when no courier API is set up, asking nobody', async () => {
    const asked: string[] = [];
    const result = await runner(null, async (n) => void asked.push(n)).run(admin, {
      action: 'SHIP',
      orders: ['A', 'B'],
    });
    expect(result.results.map((r) => r.message)).toEqual([NO_COURIER_API, NO_COURIER_API]);
    expect(asked).toEqual([]);
  });

  it('goes on after an order fails unexpectedly, and logs that one', async () => {
    const result = await runner('shiprocket', async (n) => {
      if (n === 'B') throw new Error('socket hang up');
      if (n === 'C') throw new AppError('conflict', 'This order changed meanwhile. Reload and try again.');
    }).run(admin, { action: 'SHIP', orders: ['A', 'B', 'C'] });
    expect(result.results.map((r) => [r.orderNumber, r.outcome, r.message])).toEqual([
      ['A', 'done', null],
      ['B', 'refused', UNEXPECTED_FAILURE],
      ['C', 'refused', 'This order changed meanwhile. Reload and try again.'],
    ]);
    expect(logged).toHaveLength(1);
  });

  it('refuses a filter matching more orders than one action takes', async () => {
    await expect(
      runner('shiprocket', async () => {}).run(admin, { action: 'PACK', filter: {} }),
    ).rejects.toThrow(BULK_TOO_MANY);
  });
});
