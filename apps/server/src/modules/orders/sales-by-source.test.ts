import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Attribution, encodeAttribution, touchOf } from '@spice/shared/attribution';
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { PurchaseEventBody, SalesBySource } from '@spice/shared/contracts/sales-sources';
import { parse as parseCsv } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codHelpers } from '../../test/cod.ts';
import { signUp, verifyMobile } from '../../test/shoppers.ts';
import { jobs } from '../jobs/schema.ts';
import { META_CAPI_JOB, normalisedPhone, sha256 } from '../marketing/meta-capi.ts';

// The loopback stand-in for Meta's Graph API: records each request, answers 500 while `failures` > 0.
// biome-ignore lint/suspicious/noExplicitAny: the fake keeps whatever JSON was sent, as sent
const received: { url: string; body: Record<string, any> }[] = [];
let failures = 0;
const fake = createServer(async (req: IncomingMessage, res) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  received.push({ url: req.url ?? '', body: JSON.parse(text) });
  if (failures > 0) {
    failures--;
    res.writeHead(500).end('{"error":{"message":"try later"}}');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"events_received":1}');
});

let t: TestApp;
let adminCookie: string;
const h = codHelpers(
  () => t,
  () => adminCookie,
);
const PIXEL = '123456789012';
const TOKEN = 'EAAB-test-conversions-api-token';

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      META_PIXEL_ID: PIXEL,
      META_CAPI_TOKEN: TOKEN,
      META_CAPI_URL: `http://127.0.0.1:${port}/v21.0`,
      JOBS_RETRY_BASE_MS: '10',
    },
  });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

const touch = (query: string, at: string, referrer?: string) =>
  touchOf(new URL(`https://shop.example/${query}`), referrer, 'shop.example', new Date(at))!;
const cookieFor = (a: Attribution, consent?: 'all' | 'necessary') =>
  `kc_src=${encodeURIComponent(encodeAttribution(a))}${consent ? `; kc_consent=${consent}` : ''}`;

/** A COD order placed with these cookies beside the session (as the browser sends them). */
async function codOrderWith(cookies: string, quantity = 1) {
  const s = await signUp(t.app, h.nextMobile());
  const withCookies = {
    ...s,
    request: (o: Parameters<typeof s.request>[0]) =>
      t.app.inject({ ...o, headers: { ...(o.headers ?? {}), cookie: `${s.cookie}; ${cookies}` } }),
  };
  return h.placedCodOrder(quantity, withCookies);
}

const report = async (query = '') => {
  const res = await t.app.inject({
    url: `/api/admin/reports/sales-by-source${query}`,
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return SalesBySource.parse(res.json());
};

describe('attribution on the order', () => {
  it('keeps the first and last touch the cookie held, on the back-office order', async () => {
    const first = touch(
      '?utm_source=google&utm_medium=cpc&utm_campaign=diwali&gclid=g1',
      '2026-11-20T10:00:00Z',
    );
    const last = touch(
      '?utm_source=whatsapp&utm_medium=message&utm_campaign=recovery',
      new Date().toISOString(),
    );
    const { orderNumber } = await codOrderWith(cookieFor({ first, last }));
    const res = await h.asAdmin('GET', `/api/admin/orders/${orderNumber}`);
    expect(AdminOrderDetail.parse(res.json()).attribution).toEqual({ first, last });
  });

  it('stores none for a direct visit, and none from a cookie the shopper garbled', async () => {
    const { orderNumber } = await codOrderWith('kc_src=%7Bnot-json');
    const res = await h.asAdmin('GET', `/api/admin/orders/${orderNumber}`);
    expect(AdminOrderDetail.parse(res.json()).attribution).toBeNull();
  });
});

describe('GET /api/admin/reports/sales-by-source', () => {
  it('adds up to the orders, by last and by first touch, with COD share and RTO rate', async () => {
    const before = await report();
    const now = new Date().toISOString();
    const insta = touch('?utm_source=instagram&utm_medium=paid_social&utm_campaign=winter', now);
    const google = touch('?gclid=abc', now);
    const a = await codOrderWith(cookieFor({ first: google, last: insta }), 1);
    const b = await codOrderWith(cookieFor({ first: insta, last: insta }), 2);
    await h.walk(b.orderNumber, ['CONFIRMED', 'PACKED', 'SHIPPED', 'RTO']);
    const after = await report();

    expect(after.totals.orders).toBe(before.totals.orders + 2);
    for (const table of [after.lastTouch, after.firstTouch]) {
      expect(table.reduce((n, r) => n + r.orders, 0)).toBe(after.totals.orders);
      expect(Math.round(table.reduce((n, r) => n + r.revenue, 0) * 100)).toBe(
        Math.round(after.totals.revenue * 100),
      );
    }
    const winter = after.lastTouch.find((r) => r.source === 'instagram' && r.campaign === 'winter')!;
    expect(winter).toMatchObject({ medium: 'paid_social', orders: 2, codShare: 1, rtoRate: 0.5 });
    expect(winter.revenue).toBe((a.amount + b.amount) / 100);
    expect(winter.averageOrderValue).toBe(Math.round((a.amount + b.amount) / 2) / 100);
    const googleAds = (r: { source: string; medium: string; campaign: string }) =>
      r.source === 'google' && r.medium === 'cpc' && r.campaign === '(not set)';
    expect(after.firstTouch.find(googleAds)!.orders).toBe(
      (before.firstTouch.find(googleAds)?.orders ?? 0) + 1,
    );
    expect(after.lastTouch.some((r) => r.source === '(direct)' && r.medium === '(none)')).toBe(true);

    // A period before the orders has none of them.
    expect((await report('?from=2020-01-01&to=2020-01-31')).totals.orders).toBe(0);

    const csv = await t.app.inject({
      url: '/api/admin/reports/sales-by-source.csv',
      headers: { cookie: adminCookie },
    });
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.filter((r) => r.Touch === 'last').reduce((n, r) => n + Number(r.Orders), 0)).toBe(
      after.totals.orders,
    );
    expect((await t.app.inject('/api/admin/reports/sales-by-source')).statusCode).toBe(401);
  });
});

describe('purchase events', () => {
  it('answers the shopper’s own order as GA4’s purchase, items by SKU', async () => {
    const { s, orderNumber, amount } = await h.placedCodOrder(2);
    const res = await s.request({ url: `/api/orders/${orderNumber}/purchase-event` });
    expect(res.statusCode, res.body).toBe(200);
    const event = PurchaseEventBody.parse(res.json());
    expect(event).toMatchObject({
      transaction_id: orderNumber,
      currency: 'INR',
      value: amount / 100,
      payment_type: 'COD',
    });
    expect(event.items).toEqual([
      expect.objectContaining({
        item_id: expect.stringMatching(/^GM-/),
        quantity: 2,
        item_category: 'Spices & Masalas',
      }),
    ]);
    expect(event.tax).toBeGreaterThanOrEqual(0);
    const other = await signUp(t.app, h.nextMobile());
    expect((await other.request({ url: `/api/orders/${orderNumber}/purchase-event` })).statusCode).toBe(404);
  });

  it('sends the Conversions API Purchase by job, hashed, with the browser’s event id, retrying a failure', async () => {
    received.length = 0;
    const fbclick = touch('?fbclid=FBCLID1', new Date().toISOString());
    const { s, orderNumber } = await codOrderWith(
      `${cookieFor({ first: fbclick, last: fbclick }, 'all')}; _fbp=fb.1.1700000000000.42`,
    );
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, META_CAPI_JOB), eq(jobs.key, `${META_CAPI_JOB}:${orderNumber}`)));
    expect(job).toBeDefined();

    failures = 1;
    for (
      let i = 0;
      i < 20 && received.filter((r) => r.body.data[0].event_id === orderNumber).length < 2;
      i++
    ) {
      await t.app.jobWorker.runDue();
      await new Promise((r) => setTimeout(r, 30));
    }
    const sent = received.filter((r) => r.body.data[0].event_id === orderNumber);
    expect(sent).toHaveLength(2); // the failure, then the retry
    expect(sent[1]!.url).toBe(`/v21.0/${PIXEL}/events?access_token=${TOKEN}`);
    const [event] = sent[1]!.body.data;
    expect(event).toMatchObject({ event_name: 'Purchase', event_id: orderNumber, action_source: 'website' });
    expect(event.user_data.ph).toEqual([sha256(`91${s.mobile}`)]);
    expect(normalisedPhone(`+91 ${s.mobile}`)).toBe(`91${s.mobile}`);
    expect(event.user_data.em).toEqual([sha256(s.email.toLowerCase())]);
    expect(event.user_data.fbc).toBe(`fb.1.${Date.parse(fbclick.at)}.FBCLID1`);
    expect(event.user_data.fbp).toBe('fb.1.1700000000000.42');
    expect(event.user_data.client_user_agent).toBeTypeOf('string');
    expect(event.custom_data).toMatchObject({ currency: 'INR', order_id: orderNumber });
    const [done] = await t.database.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done!.status).toBe('done');
  });

  it('sends nothing for a shopper who chose only the necessary cookies, or chose nothing', async () => {
    for (const consent of ['necessary', undefined] as const) {
      const a = touch('?utm_source=x', new Date().toISOString());
      const { orderNumber } = await codOrderWith(cookieFor({ first: a, last: a }, consent));
      const queued = await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `${META_CAPI_JOB}:${orderNumber}`));
      expect(queued).toHaveLength(0);
    }
  });
});

describe('the banner’s consent record', () => {
  it('keeps a signed-in shopper’s choice with the words shown and the time (decision 0042)', async () => {
    const s = await signUp(t.app, h.nextMobile());
    const res = await s.request({
      method: 'PUT',
      url: '/api/user/consents',
      payload: { purpose: 'tracking', given: true, source: 'banner' },
      headers: { 'accept-language': 'hi' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json();
    expect(state.tracking).toBe(true);
    expect(state.history[0]).toMatchObject({
      purpose: 'tracking',
      given: true,
      source: 'banner',
      language: 'hi',
    });
    expect(state.history[0].textShown).toContain('Meta Pixel');
  });
});
