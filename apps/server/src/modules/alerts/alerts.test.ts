// The owner's alerts (issue 41) through the real app's database and services, on the durable
// queue, with an injected clock: a new order alerted at once; a Hindi digest every 15 minutes
// whose WhatsApp copy waits out the quiet hours; the 09:00 IST daily summary, once; low stock
// once per fall; a dead job and a refund waiting; the preference API. Orders are placed through
// the API and then dated at the test's clock.
import { deadlines as grievanceDeadlines } from '@spice/shared/grievances';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { productVariants } from '../catalog/schema.ts';
import { grievances } from '../grievances/schema.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { jobs } from '../jobs/schema.ts';
import { createJobWorker } from '../jobs/worker.ts';
import { outboxMessages } from '../messaging/schema.ts';
import { openOrderCounts, ordersPlacedBetween } from '../orders/alert-facts.ts';
import { orders } from '../orders/schema.ts';
import { payments } from '../payments/schema.ts';
import { alertLowStock } from './schema.ts';
import {
  type AlertsService,
  createAlertsService,
  OWNER_ALERT_JOB,
  OWNER_ALERTS_SCAN_JOB,
} from './service.ts';

/** An Indian wall-clock time on a December 2026 day. */
const ist = (hm: string, day: number) => new Date(`2026-12-${String(day).padStart(2, '0')}T${hm}:00+05:30`);

let t: TestApp;
let adminCookie: string;
let clock = ist('08:00', 1);
let alerts: AlertsService;
let runDue: () => Promise<number>;
let shopper: Shopper;

beforeAll(async () => {
  t = await createTestApp({
    env: { OTP_SENDS_PER_IP_PER_HOUR: '100000', OTP_VERIFIES_PER_IP_PER_HOUR: '100000' },
  });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  const s = t.app.services;
  const db = t.database.db;
  // The app's own services, with a queue and a scan on the test's clock.
  const queue = createJobQueue(db, { now: () => clock, retryBaseMs: 1000 });
  alerts = createAlertsService(db, {
    jobs: queue,
    messenger: s.messenger,
    config: t.app.config,
    now: () => clock,
    staff: () => s.accounts.staff(),
    quietHours: async () => (await s.marketing.settings()).quietHours,
    lowStock: () => s.catalog.variantsBelowReorderLevel(),
    ordersPlacedBetween: (from, to) => ordersPlacedBetween(db, from, to),
    openOrderCounts: () => openOrderCounts(db),
    salesOfDay: async (day) => {
      const { totals } = await s.analytics.report('sales', { from: day, to: day, granularity: 'day' });
      return { orders: totals.orders ?? 0, salesPaise: Math.round((totals.netSales ?? 0) * 100) };
    },
    refundPendingBetween: (from, to) => s.payments.refundPendingBetween(from, to),
    refundsFailedBetween: (from, to) => s.refunds.failedBetween(from, to),
    grievancesDueBefore: (before) => s.grievances.openDueBefore(before),
  });
  const worker = createJobWorker(queue, {
    handlers: {
      [OWNER_ALERT_JOB]: (p) => alerts.deliver(p),
      [OWNER_ALERTS_SCAN_JOB]: async () => {
        await alerts.scan();
      },
    },
    schedules: [{ name: OWNER_ALERTS_SCAN_JOB, everyMs: 60_000 }],
    pollMs: 1000,
    leaseMs: 30_000,
    log: { warn: () => {}, error: () => {} },
  });
  runDue = () => worker.runDue();
  shopper = await signUp(t.app, '9876500011');
  // The default quiet hours (21:00–10:00 IST) are what these journeys meet.
  expect((await s.marketing.settings()).quietHours).toEqual({ from: '21:00', to: '10:00' });
  // Whatever the demo catalogue starts low on is told once, before the journeys begin.
  await at(ist('07:00', 1));
  await t.database.db.delete(outboxMessages);
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });

/** The clock moves to `when`, the scan runs (as its schedule would) and every due job with it. */
async function at(when: Date) {
  clock = when;
  await runDue();
}

/** Places an order through the API and dates it `when`. */
async function orderAt(when: Date): Promise<string> {
  const [product] = (await t.app.inject('/api/products')).json() as {
    id: number;
    variants: { weight: string; stock: number }[];
  }[];
  const variant = product!.variants.find((v) => v.stock > 20)!;
  await addToCart(shopper, product!.id, variant.weight, 1);
  const addressId = await addAddress(shopper);
  const order = await createPaymentOrder(shopper, addressId);
  expect(order.statusCode, order.body).toBe(200);
  const { placed } = await payAndPlace(shopper, order.json().id ?? order.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  const orderNumber = placed.json().orderNumber as string;
  await t.database.db.update(orders).set({ createdAt: when }).where(eq(orders.orderNumber, orderNumber));
  return orderNumber;
}

async function outbox(channel?: 'email' | 'whatsapp' | 'sms') {
  const rows = await t.database.db.select().from(outboxMessages).orderBy(outboxMessages.id);
  return rows.filter(
    (r) => (channel ? r.channel === channel : true) && r.to !== shopper.mobile && !r.to.includes('@example'),
  );
}

const toAdmin = (r: { to: string }) => r.to === DEMO_ADMIN.email || r.to === DEMO_ADMIN.mobile;

describe('the owner’s alerts on an injected clock', () => {
  it('alerts a new order at once by e-mail, in English, by default', async () => {
    const orderNumber = await orderAt(ist('08:30', 1));
    await at(ist('08:31', 1));
    const mails = (await outbox('email')).filter(toAdmin);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`New order ${orderNumber}`);
    expect(mails[0]!.text).toContain(`/admin/orders/${orderNumber}`);
    // A later scan does not tell it again.
    await at(ist('08:35', 1));
    expect((await outbox('email')).filter(toAdmin)).toHaveLength(1);
  });

  it('sends the 09:00 IST summary of yesterday once, not before 09:00', async () => {
    await t.database.db.delete(outboxMessages);
    // Yesterday (30 Nov IST) had two orders.
    await orderAt(new Date(ist('11:00', 1).getTime() - 86_400_000));
    await orderAt(new Date(ist('18:00', 1).getTime() - 86_400_000));
    await t.database.db.delete(outboxMessages);
    await at(ist('08:59', 1));
    expect((await outbox('email')).filter((m) => m.subject?.startsWith('Yesterday'))).toHaveLength(0);
    await at(ist('09:00', 1));
    const summaries = (await outbox('email')).filter((m) => m.subject?.startsWith('Yesterday'));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.subject).toContain('Yesterday (2026-11-30): 2 orders');
    const open = await openOrderCounts(t.database.db);
    expect(summaries[0]!.text).toContain(`Orders to ship: ${open.toShip}.`);
    await at(ist('09:30', 1));
    expect((await outbox('email')).filter((m) => m.subject?.startsWith('Yesterday'))).toHaveLength(1);
  });

  it('gathers new orders into a Hindi digest per 15 minutes; its WhatsApp copy waits for 10:00 IST', async () => {
    const saved = await asAdmin({
      method: 'PUT',
      url: '/api/admin/alert-preferences',
      payload: { channels: ['email', 'whatsapp'], language: 'hi', kinds: ['new_order'], digestMinutes: 15 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.database.db.delete(outboxMessages);
    const first = await orderAt(ist('23:02', 1));
    const second = await orderAt(ist('23:09', 1));
    await at(ist('23:10', 1));
    // The window 23:00–23:15 has not closed: nothing yet.
    expect(await outbox()).toHaveLength(0);
    await at(ist('23:15', 1));
    const mails = (await outbox('email')).filter(toAdmin);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('23:00–23:15 में 2 नए ऑर्डर');
    expect(mails[0]!.text).toContain(first);
    expect(mails[0]!.text).toContain(second);
    // WhatsApp: quiet hours (21:00–10:00): queued for the morning.
    expect(await outbox('whatsapp')).toHaveLength(0);
    const [queued] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.name, OWNER_ALERT_JOB))
      .then((rows) => rows.filter((j) => j.status === 'queued' && j.payload.channel === 'whatsapp'));
    expect(queued!.runAt).toEqual(ist('10:00', 2));
    await at(ist('09:59', 2));
    expect(await outbox('whatsapp')).toHaveLength(0);
    await at(ist('10:00', 2));
    const wa = await outbox('whatsapp');
    expect(wa).toHaveLength(1);
    expect(wa[0]!.to).toBe(DEMO_ADMIN.mobile);
    expect(wa[0]!.text).toContain('नए ऑर्डर');
    expect(wa[0]!.text).toContain(first);
  });

  it('tells low stock once per fall, and again after a restock and a new fall', async () => {
    await asAdmin({
      method: 'PUT',
      url: '/api/admin/alert-preferences',
      payload: { channels: ['email'], language: 'en', kinds: ['low_stock'], digestMinutes: 0 },
    });
    await t.database.db.delete(outboxMessages);
    const [v] = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.stock, 100))
      .limit(1)
      .then((rows) => (rows.length ? rows : t.database.db.select().from(productVariants).limit(1)));
    const original = v!.stock;
    await t.database.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, v!.id));
    await at(ist('11:00', 2));
    const told = (await outbox('email')).filter((m) => m.subject?.startsWith('Low stock'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`${v!.sku}): 3 left, reorder at 10`);
    await at(ist('11:05', 2));
    expect((await outbox('email')).filter((m) => m.subject?.startsWith('Low stock'))).toHaveLength(1);
    await t.database.db.update(productVariants).set({ stock: 50 }).where(eq(productVariants.id, v!.id));
    await at(ist('11:10', 2));
    expect(
      await t.database.db.select().from(alertLowStock).where(eq(alertLowStock.variantId, v!.id)),
    ).toHaveLength(0);
    await t.database.db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, v!.id));
    await at(ist('11:15', 2));
    expect((await outbox('email')).filter((m) => m.subject?.startsWith('Low stock'))).toHaveLength(2);
    await t.database.db.update(productVariants).set({ stock: original }).where(eq(productVariants.id, v!.id));
  });

  it('tells a job that used up its attempts and a payment waiting for its refund, but not its own jobs', async () => {
    await asAdmin({
      method: 'PUT',
      url: '/api/admin/alert-preferences',
      payload: {
        channels: ['email', 'sms'],
        language: 'en',
        kinds: ['failed_job', 'payment'],
        digestMinutes: 0,
      },
    });
    await t.database.db.delete(outboxMessages);
    const when = ist('12:00', 2);
    await t.database.db.insert(jobs).values([
      {
        name: 'refund',
        payload: {},
        status: 'dead',
        attempts: 8,
        lastError: 'gateway down',
        updatedAt: when,
      },
      { name: OWNER_ALERT_JOB, payload: {}, status: 'dead', attempts: 5, lastError: 'smtp', updatedAt: when },
    ]);
    const [p] = await t.database.db.select().from(payments).limit(1);
    await t.database.db
      .update(payments)
      .set({ status: 'refund_pending', reason: 'sold_out', updatedAt: when })
      .where(eq(payments.id, p!.id));
    await at(ist('12:01', 2));
    const mails = (await outbox('email')).filter(toAdmin);
    const subjects = mails.map((m) => m.subject ?? '').sort();
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toBe('Job failed: refund');
    expect(subjects[1]).toMatch(/^Payment to refund: ₹/);
    expect(mails.find((m) => m.subject?.startsWith('Payment'))!.text).toContain(p!.paymentId);
    expect(mails.find((m) => m.subject === 'Job failed: refund')!.text).toContain('gateway down');
    // The same two by SMS (the outbox: no MSG91 here).
    expect((await outbox('sms')).filter(toAdmin)).toHaveLength(2);
  });

  it('tells a grievance once as its acknowledgement deadline nears, in Hindi', async () => {
    await asAdmin({
      method: 'PUT',
      url: '/api/admin/alert-preferences',
      payload: { channels: ['email'], language: 'hi', kinds: ['grievance'], digestMinutes: 0 },
    });
    await t.database.db.delete(outboxMessages);
    const filedAt = ist('14:00', 1);
    const deadlines = grievanceDeadlines(filedAt);
    await t.database.db.insert(grievances).values({
      ticketNumber: 'GRV-26-999001',
      category: 'DELIVERY',
      description: 'Parcel late',
      contactName: 'Asha Rao',
      contactMobile: '9876500011',
      filedAt,
      ...deadlines,
    });
    // 48 hours to acknowledge: due 14:00 on 3 Dec; 12 hours before is 02:00 on 3 Dec.
    await at(ist('01:59', 3));
    expect((await outbox('email')).filter(toAdmin)).toHaveLength(0);
    await at(ist('02:00', 3));
    await at(ist('03:00', 3));
    const mails = (await outbox('email')).filter(toAdmin);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('शिकायत GRV-26-999001');
    expect(mails[0]!.subject).toContain('पावती दें');
  });

  it('sends nothing to a staff member who turned every channel off', async () => {
    await asAdmin({
      method: 'PUT',
      url: '/api/admin/alert-preferences',
      payload: { channels: [], language: 'en', kinds: ['new_order'], digestMinutes: 0 },
    });
    await t.database.db.delete(outboxMessages);
    await orderAt(ist('13:00', 3));
    await at(ist('13:01', 3));
    expect((await outbox()).filter(toAdmin)).toHaveLength(0);
  });
});

describe('the alert preference API', () => {
  it('answers 401 signed out and 403 to a shopper', async () => {
    expect((await t.app.inject('/api/admin/alert-preferences')).statusCode).toBe(401);
    expect((await shopper.request({ url: '/api/admin/alert-preferences' })).statusCode).toBe(403);
  });

  it('refuses a digest length that is not offered, and an unknown alert', async () => {
    const bad = await asAdmin({
      method: 'PUT',
      url: '/api/admin/alert-preferences',
      payload: { channels: ['email'], language: 'en', kinds: ['new_order'], digestMinutes: 7 },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await asAdmin({
      method: 'PUT',
      url: '/api/admin/alert-preferences',
      payload: { channels: ['email'], language: 'en', kinds: ['weather'], digestMinutes: 0 },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('reads back what was saved, with the channels the shop can send on and the quiet hours', async () => {
    const saved = await asAdmin({
      method: 'PUT',
      url: '/api/admin/alert-preferences',
      payload: {
        channels: ['whatsapp'],
        language: 'hi',
        kinds: ['daily_summary', 'low_stock'],
        digestMinutes: 60,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const got = (await asAdmin({ url: '/api/admin/alert-preferences' })).json();
    expect(got).toMatchObject({
      channels: ['whatsapp'],
      language: 'hi',
      kinds: ['daily_summary', 'low_stock'],
      digestMinutes: 60,
      saved: true,
      quietHours: { from: '21:00', to: '10:00' },
    });
    expect(got.available).toEqual(expect.arrayContaining(['email', 'sms', 'whatsapp']));
    expect(await alerts.alertRecipients()).toEqual([
      expect.objectContaining({ mobile: DEMO_ADMIN.mobile, language: 'hi' }),
    ]);
  });
});
