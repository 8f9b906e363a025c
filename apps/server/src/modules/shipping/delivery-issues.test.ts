// Failed deliveries end to end (issue 34): Shiprocket's webhook → DELIVERY_FAILED event → the
// shopper's message with the link → the link's API → Shiprocket's NDR action, checked by a loopback
// fake; the manual courier's 'Delivery failed', a Hindi order's link, a later attempt replacing the
// link, expiry, and the back office's NDR queue and actions.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { DeliveryIssue, NdrQueue } from '@spice/shared/contracts/delivery-issues';
import { reattemptDates } from '@spice/shared/delivery-issue';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codHelpers } from '../../test/cod.ts';
import { expectServerErrors } from '../../test/server-errors.ts';
import { verifyMobile } from '../../test/shoppers.ts';
import { jobs } from '../jobs/schema.ts';
import { outboxMessages } from '../messaging/schema.ts';
import { orders } from '../orders/schema.ts';
import { deliveryIssues } from './schema.ts';

const TOKEN = 'test-webhook-token-0123456789';
interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  type: string | undefined;
  body: Record<string, unknown> | null;
}
let fake: Server;
let seen: Seen[] = [];
let refuseNdr = false;
let t: TestApp;
let adminCookie: string;
const cod = codHelpers(
  () => t,
  () => adminCookie,
);

beforeAll(async () => {
  let shipmentIds = 7000;
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      seen.push({
        method: req.method ?? '',
        path,
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body,
      });
      const send = (status: number, answer: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      if (path === '/v1/external/auth/login') return send(200, { token: 'tok-1' });
      if (req.headers.authorization !== 'Bearer tok-1') return send(401, { message: 'Token has expired' });
      if (path === '/v1/external/orders/create/adhoc') {
        shipmentIds += 1;
        return send(200, { order_id: shipmentIds, shipment_id: shipmentIds });
      }
      if (path === '/v1/external/courier/assign/awb') {
        const id = (body as { shipment_id: number }).shipment_id;
        return send(200, {
          awb_assign_status: 1,
          response: { data: { awb_code: `SR${id}`, courier_name: 'Delhivery Surface' } },
        });
      }
      if (path === '/v1/external/courier/generate/label') return send(200, { label_created: 1 });
      const ndr = /^\/v1\/external\/ndr\/(SR\d+)\/action$/.exec(path);
      if (req.method === 'POST' && ndr) {
        if (refuseNdr) return send(422, { message: 'NDR action not allowed for this AWB' });
        return send(200, { status: true, message: 'Action taken successfully' });
      }
      send(404, { message: `fake: no ${req.method} ${path}` });
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      SHIPROCKET_EMAIL: 'ops@shop.in',
      SHIPROCKET_PASSWORD: 'secret-pass',
      SHIPROCKET_BASE_URL: baseUrl,
      SHIPROCKET_WEBHOOK_TOKEN: TOKEN,
    },
  });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});
beforeEach(() => {
  seen = [];
  refuseNdr = false;
});

async function detail(orderNumber: string) {
  return AdminOrderDetail.parse((await cod.asAdmin('GET', `/api/admin/orders/${orderNumber}`)).json());
}

/** A COD order shipped through Shiprocket ('auto') or the manual courier: its number, AWB, shopper. */
async function shippedOrder(courier: 'auto' | 'manual') {
  const { orderNumber, s } = await cod.placedCodOrder(1);
  await cod.walk(orderNumber, ['CONFIRMED', 'PACKED']);
  const { version } = await detail(orderNumber);
  const res = await cod.asAdmin('PUT', `/api/admin/orders/${orderNumber}/status`, {
    status: 'SHIPPED',
    version,
    ...(courier === 'auto' ? { courier: 'auto' } : { courier: 'delhivery', trackingId: `DL${orderNumber}` }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { orderNumber, awb: AdminOrderDetail.parse(res.json()).tracking!.awb, s };
}

const hook = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shipping/webhook/shiprocket',
    headers: { 'x-api-key': TOKEN },
    payload,
  });

/** The newest delivery link the shopper's SMS carries (the outbox in tests), and its language path. */
async function linkSentTo(mobile: string) {
  await t.app.jobWorker.runDue();
  const [sms] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.text, '%/delivery-issue/%'))
    .orderBy(desc(outboxMessages.id))
    .limit(50)
    .then((rows) => rows.filter((r) => r.channel === 'sms' && r.to.endsWith(mobile)));
  expect(sms, 'an SMS with the delivery link').toBeDefined();
  const m = /(\/hi)?\/delivery-issue\/([A-Za-z0-9_-]{43})/.exec(sms!.text)!;
  return { token: m[2]!, hindi: m[1] === '/hi', text: sms!.text };
}

const getIssue = (token: string) => t.app.inject({ url: `/api/delivery-issues/${token}` });
const answer = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/delivery-issues/${token}`, payload });
const queue = async () => NdrQueue.parse((await cod.asAdmin('GET', '/api/admin/ndr')).json()).content;

describe('a failed delivery through Shiprocket', () => {
  it('webhook → event with the reason → message with the link → the link answers → the courier hears it', async () => {
    const { orderNumber, awb, s } = await shippedOrder('auto');
    const res = await hook({
      awb,
      current_status: 'UNDELIVERED',
      current_status_id: 21,
      current_timestamp: '24 11 2026 18:05:00',
      scans: [{ location: 'Pune_Camp', activity: 'Consignee unavailable - door locked' }],
    });
    expect(res.json()).toEqual({ status: 'recorded' });
    // The order stays shipped; the event is on its timeline with the courier's reason.
    const order = await detail(orderNumber);
    expect(order.status).toBe('SHIPPED');
    expect(order.tracking!.events.map((e) => e.status)).toEqual(['DELIVERY_FAILED']);

    const { token, hindi, text } = await linkSentTo(s.mobile);
    expect(hindi).toBe(false);
    expect(text).toContain(orderNumber);
    // The message minted the token when it ran: no job's payload (the durable queue) holds it,
    // the message's job names only the attempt, and the database keeps only the token's hash.
    const queued = await t.database.db.select({ name: jobs.name, payload: jobs.payload }).from(jobs);
    expect(JSON.stringify(queued)).not.toContain(token);
    const told = queued.find((j) => j.name === 'order-message' && j.payload.event === 'delivery_failed');
    expect(Object.keys(told!.payload).sort()).toEqual(['event', 'orderNumber', 'refundId']);
    expect(JSON.stringify(await t.database.db.select().from(deliveryIssues))).not.toContain(token);
    const issue = DeliveryIssue.parse((await getIssue(token)).json());
    expect(issue).toMatchObject({
      orderNumber,
      status: 'OPEN',
      reason: 'Consignee unavailable - door locked',
      attempts: 1,
      courier: 'Delhivery Surface',
      awb,
      answer: null,
    });
    expect(issue.dates).toEqual(reattemptDates(new Date()));
    expect(issue.codAmount).toBeGreaterThan(0);

    // Clear 400s for what does not fit.
    const bad: [object, string][] = [
      [{ action: 'REATTEMPT', date: '2020-01-01' }, 'Choose one of the days offered for the next attempt.'],
      [{ action: 'REATTEMPT' }, 'Choose one of the days offered for the next attempt.'],
      [{ action: 'LATER' }, "action must be 'REATTEMPT' or 'CANCEL'."],
      [
        { action: 'REATTEMPT', date: issue.dates[0], alternatePhone: '12345' },
        'Enter a valid 10-digit mobile number.',
      ],
    ];
    for (const [payload, message] of bad) {
      const r = await answer(token, payload);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toContain(message);
    }
    expect(seen.filter((r) => r.path.includes('/ndr/'))).toEqual([]);

    const ok = await answer(token, {
      action: 'REATTEMPT',
      date: issue.dates[1],
      landmark: 'Opposite the Hanuman temple',
      alternatePhone: '+91 98765 43210',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(DeliveryIssue.parse(ok.json())).toMatchObject({
      status: 'ANSWERED',
      answer: {
        action: 'REATTEMPT',
        date: issue.dates[1],
        landmark: 'Opposite the Hanuman temple',
        alternatePhone: '9876543210',
      },
    });
    const [call] = seen.filter((r) => r.path.includes('/ndr/'));
    expect(call).toEqual({
      method: 'POST',
      path: `/v1/external/ndr/${awb}/action`,
      auth: 'Bearer tok-1',
      type: 'application/json',
      body: {
        action: 're-attempt',
        deferred_date: issue.dates[1],
        address2: 'Opposite the Hanuman temple',
        phone: '9876543210',
        comments: `Customer asks for delivery on ${issue.dates[1]}; landmark: Opposite the Hanuman temple; other phone: 9876543210.`,
      },
    });
    // Once only; the answer shows on the order's timeline and in the queue.
    const again = await answer(token, { action: 'CANCEL' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already told us what to do with this parcel.');
    expect((await detail(orderNumber)).tracking!.events.map((e) => e.status)).toEqual([
      'DELIVERY_FAILED',
      'REATTEMPT_REQUESTED',
    ]);
    const row = (await queue()).find((r) => r.orderNumber === orderNumber);
    expect(row).toMatchObject({ attempts: 1, awb, paymentMode: 'COD', answer: { action: 'REATTEMPT' } });

    // The back office returns it to origin: the courier hears 'return', the queue lets it go.
    seen = [];
    const rto = await cod.asAdmin('POST', `/api/admin/ndr/${orderNumber}`, { action: 'RTO' });
    expect(rto.statusCode, rto.body).toBe(200);
    expect(seen.find((r) => r.path.includes('/ndr/'))?.body).toEqual({
      action: 'return',
      comments: 'Return the parcel to the shop.',
    });
    expect((await queue()).some((r) => r.orderNumber === orderNumber)).toBe(false);
    expect((await cod.asAdmin('POST', `/api/admin/ndr/${orderNumber}`, { action: 'RTO' })).statusCode).toBe(
      409,
    );
    expect(DeliveryIssue.parse((await getIssue(token)).json()).status).toBe('CLOSED');
  }, 60_000);

  it("keeps the shopper's answer open when Shiprocket refuses it, and a repeated webhook opens nothing new", async () => {
    const { awb, s } = await shippedOrder('auto');
    const event = { awb, current_status: 'UNDELIVERED', current_timestamp: '25 11 2026 12:00:00' };
    expect((await hook(event)).json()).toEqual({ status: 'recorded' });
    expect((await hook(event)).json()).toEqual({ status: 'duplicate' });
    const { token } = await linkSentTo(s.mobile);
    refuseNdr = true;
    expectServerErrors();
    const refused = await answer(token, { action: 'CANCEL' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(
      'Shiprocket refused the request: NDR action not allowed for this AWB',
    );
    refuseNdr = false;
    const cancelled = await answer(token, { action: 'CANCEL' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(seen.filter((r) => r.path.includes('/ndr/')).map((r) => r.body?.action)).toEqual([
      'return',
      'return',
    ]);
  });
});

describe('a failed delivery by the manual courier', () => {
  it("records the back office's 'Delivery failed', tells a Hindi shopper under /hi, and a later attempt replaces the link", async () => {
    const { orderNumber, s } = await shippedOrder('manual');
    await t.database.db.update(orders).set({ language: 'hi' }).where(eq(orders.orderNumber, orderNumber));
    const failed = await cod.asAdmin('POST', `/api/admin/orders/${orderNumber}/delivery-failed`, {
      reason: 'Address not found',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    const first = await linkSentTo(s.mobile);
    expect(first.hindi).toBe(true);
    expect(first.text).toContain('डिलीवर नहीं कर सका');
    expect(DeliveryIssue.parse((await getIssue(first.token)).json()).reason).toBe('Address not found');

    await cod.asAdmin('POST', `/api/admin/orders/${orderNumber}/delivery-failed`, { reason: 'Shop closed' });
    const second = await linkSentTo(s.mobile);
    expect(second.token).not.toBe(first.token);
    expect((await getIssue(first.token)).statusCode).toBe(404);
    expect(DeliveryIssue.parse((await getIssue(second.token)).json()).attempts).toBe(2);
    const row = (await queue()).filter((r) => r.orderNumber === orderNumber);
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({ attempts: 2, reason: 'Shop closed', answer: null });

    // The manual courier has no API: nothing is sent, the back office's re-attempt is recorded.
    seen = [];
    const again = await cod.asAdmin('POST', `/api/admin/ndr/${orderNumber}`, { action: 'REATTEMPT' });
    expect(again.statusCode, again.body).toBe(200);
    expect(seen).toEqual([]);
    expect((await detail(orderNumber)).tracking!.events.map((e) => e.status)).toEqual([
      'DELIVERY_FAILED',
      'DELIVERY_FAILED',
      'REATTEMPT_REQUESTED',
    ]);
  });

  it('answers 404 for an unknown, malformed or expired link, and 409 before shipping', async () => {
    expect((await getIssue('not-a-token')).json()).toEqual({
      message: 'This delivery link has expired or is not valid.',
    });
    expect((await getIssue('a'.repeat(43))).statusCode).toBe(404);
    expect((await answer('a'.repeat(43), { action: 'CANCEL' })).statusCode).toBe(404);

    const { orderNumber, s } = await shippedOrder('manual');
    await cod.asAdmin('POST', `/api/admin/orders/${orderNumber}/delivery-failed`, { reason: 'No one home' });
    const { token } = await linkSentTo(s.mobile);
    expect((await getIssue(token)).statusCode).toBe(200);
    await t.database.db
      .update(deliveryIssues)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deliveryIssues.reason, 'No one home'));
    expect((await getIssue(token)).statusCode).toBe(404);
    expect((await answer(token, { action: 'CANCEL' })).statusCode).toBe(404);

    const placed = await cod.placedCodOrder(1);
    const early = await cod.asAdmin('POST', `/api/admin/orders/${placed.orderNumber}/delivery-failed`, {
      reason: 'x',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only a shipped order can have a failed delivery.');
    expect((await t.app.inject({ url: '/api/admin/ndr' })).statusCode).toBe(401);
  });
});
