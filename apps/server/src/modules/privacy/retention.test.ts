// The retention job (decision 0036): on an injected clock, each kind of personal data goes exactly
// when it is past the period of the one table the privacy notice also reads
// (packages/shared/src/retention.ts): a record a moment past its period goes, one a moment inside
// stays. Orders and invoices are kept their 8 years as they are, and after that keep only figures.
import { ProductList } from '@spice/shared/contracts/catalog';
import { RETENTION, type RetentionPeriod, retentionCutoff } from '@spice/shared/retention';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { users } from '../accounts/schema.ts';
import { otpChallenges, otpDevices, otpSends, sessions } from '../auth/schema.ts';
import { cartItems } from '../cart/schema.ts';
import { contactMessages, contactReplies } from '../contact/schema.ts';
import { grievanceReplies, grievances } from '../grievances/schema.ts';
import { invoices } from '../invoices/schema.ts';
import { jobs } from '../jobs/schema.ts';
import { messageDeliveries } from '../messaging/schema.ts';
import { orders } from '../orders/schema.ts';
import { RETENTION_JOB } from './retention.ts';
import { erasures } from './schema.ts';

let t: TestApp;
let adminCookie: string;
let garam: { id: number; variants: { id: number; weight: string }[] };
const NOW = new Date();
const MINUTE = 60_000;
/** A moment past the period (goes) and a moment inside it (stays). */
const past = (p: RetentionPeriod) => new Date(retentionCutoff(p, NOW).getTime() - MINUTE);
const inside = (p: RetentionPeriod) => new Date(retentionCutoff(p, NOW).getTime() + MINUTE);

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function deliveredOrder(s: Shopper): Promise<string> {
  await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
  const created = await createPaymentOrder(s, await addAddress(s));
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  const orderNumber: string = placed.json().orderNumber;
  for (const status of ['CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED']) {
    const { version } = (
      await t.app.inject({ url: `/api/admin/orders/${orderNumber}`, headers: { cookie: adminCookie } })
    ).json();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${orderNumber}/status`,
      payload: {
        status,
        version,
        trackingId:
          status === 'SHIPPED' ? `DTDC${orderNumber.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}` : undefined,
      },
      headers: { cookie: adminCookie },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return orderNumber;
}

const grievanceRow = (ticket: string, closedAt: Date | null) => ({
  ticketNumber: ticket,
  category: 'OTHER' as const,
  description: `Complaint ${ticket}`,
  contactName: 'Farah Khan',
  contactMobile: '9876500077',
  status: closedAt ? ('RESOLVED' as const) : ('OPEN' as const),
  filedAt: new Date(NOW.getTime() - 4 * 366 * 86_400_000),
  acknowledgeBy: NOW,
  resolveBy: NOW,
  closedAt,
});

describe('the retention job', () => {
  it('deletes exactly what is past its period and keeps orders and invoices their 8 years', async () => {
    const db = t.database.db;
    // Orders: one placed 8 years and a minute ago, one 8 years less a minute ago.
    const oldBuyer = await signUp(t.app, '9870000001', 'old.buyer@example.in');
    const keptBuyer = await signUp(t.app, '9870000002', 'kept.buyer@example.in');
    const oldOrder = await deliveredOrder(oldBuyer);
    const keptOrder = await deliveredOrder(keptBuyer);
    await db
      .update(orders)
      .set({ createdAt: past(RETENTION.orders) })
      .where(eq(orders.orderNumber, oldOrder));
    await db
      .update(orders)
      .set({ createdAt: inside(RETENTION.orders) })
      .where(eq(orders.orderNumber, keptOrder));
    const [kept] = await db.select().from(orders).where(eq(orders.orderNumber, keptOrder));
    const keptInvoice = await db.select().from(invoices).where(eq(invoices.orderId, kept!.id));
    expect(keptInvoice).toHaveLength(1);
    const keptPdf = (
      await t.app.inject({ url: `/api/orders/${keptOrder}/invoice`, headers: { cookie: adminCookie } })
    ).rawPayload;

    // Sign-in records: a code, a send, a known device and an ended session each side of 90 days.
    const signIn = RETENTION.signIn;
    for (const [target, at] of [
      ['9870000090', past(signIn)],
      ['9870000091', inside(signIn)],
    ] as const) {
      await db.insert(otpChallenges).values({
        purpose: 'login',
        target,
        codeHmac: 'x',
        createdAt: at,
        lastSentAt: at,
        expiresAt: new Date(at.getTime() + 5 * MINUTE),
      });
      await db.insert(otpSends).values({ purpose: 'login', target, ip: '10.1.1.1', createdAt: at });
      await db
        .insert(otpDevices)
        .values({ deviceHash: `device-${target}`, target, createdAt: at, lastLoginAt: at });
      await db
        .insert(sessions)
        .values({ idHash: `session-${target}`, verifiedMobile: target, createdAt: at, expiresAt: at });
    }

    // Carts: one untouched for 90 days and a minute, one touched a minute inside.
    const idle = await signUp(t.app, '9870000003');
    const busy = await signUp(t.app, '9870000004');
    for (const [s, at] of [
      [idle, past(RETENTION.carts)],
      [busy, inside(RETENTION.carts)],
    ] as const) {
      await addToCart(s, garam.id, garam.variants[0]!.weight, 2);
      await db.update(cartItems).set({ createdAt: at, updatedAt: at }).where(eq(cartItems.userId, s.id));
    }

    // Contact messages, each with a reply.
    for (const [name, at] of [
      ['Old message', past(RETENTION.contactMessages)],
      ['Recent message', inside(RETENTION.contactMessages)],
    ] as const) {
      const [m] = await db
        .insert(contactMessages)
        .values({
          name,
          email: 'asker@example.in',
          phone: '+919876500088',
          message: name,
          ip: '10.1.1.2',
          createdAt: at,
        })
        .returning();
      await db
        .insert(contactReplies)
        .values({ messageId: m!.id, body: 'Thank you', language: 'en', createdAt: at });
    }

    // Complaints: closed 3 years and a minute ago, closed a minute inside, and one still open.
    const [oldTicket] = await db
      .insert(grievances)
      .values(grievanceRow('GRV-22-900001', past(RETENTION.grievances)))
      .returning();
    await db
      .insert(grievanceReplies)
      .values({ grievanceId: oldTicket!.id, status: 'RESOLVED', body: 'Refunded' });
    await db.insert(grievances).values(grievanceRow('GRV-22-900002', inside(RETENTION.grievances)));
    await db.insert(grievances).values(grievanceRow('GRV-22-900003', null));

    // Erasures: the log each side of 8 years; a blank account no order needs, and one an order needs.
    await db.insert(erasures).values([
      { userId: 900001, ordersDetached: 0, erasedAt: past(RETENTION.erasures) },
      { userId: 900002, ordersDetached: 1, erasedAt: inside(RETENTION.erasures) },
    ]);
    const [blank] = await db
      .insert(users)
      .values({ mobile: 'erased-x1', firstName: 'Erased customer', email: 'erased-x1', erasedAt: NOW })
      .returning();
    await db
      .update(users)
      .set({
        firstName: 'Erased customer',
        mobile: `erased-${keptBuyer.id}`,
        email: `erased-${keptBuyer.id}`,
        erasedAt: NOW,
      })
      .where(eq(users.id, keptBuyer.id));

    const report = await t.app.services.retention.run(NOW);
    expect(report).toEqual({
      signIn: 4,
      carts: 1,
      contactMessages: 1,
      grievances: 1,
      orders: 1,
      erasures: 1,
      erasedAccounts: 1,
    });

    // Sign-in records: the old ones went, the recent stayed.
    expect(
      (await db.select().from(otpChallenges).where(like(otpChallenges.target, '987000009%'))).map(
        (r) => r.target,
      ),
    ).toEqual(['9870000091']);
    expect(await db.select().from(otpSends).where(eq(otpSends.target, '9870000090'))).toEqual([]);
    expect(await db.select().from(otpSends).where(eq(otpSends.target, '9870000091'))).toHaveLength(1);
    expect(await db.select().from(otpDevices).where(like(otpDevices.deviceHash, 'device-%'))).toHaveLength(1);
    expect(
      (await db.select().from(sessions).where(like(sessions.idHash, 'session-%'))).map((r) => r.idHash),
    ).toEqual(['session-9870000091']);
    // Carts: the idle one is empty; the busy one, and the idle shopper's account, stay.
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, idle.id))).toEqual([]);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, busy.id))).toHaveLength(1);
    expect((await idle.request({ url: '/api/user/data-export' })).statusCode).toBe(200);
    // Contact messages and their replies.
    const messages = await db
      .select()
      .from(contactMessages)
      .where(inArray(contactMessages.name, ['Old message', 'Recent message']));
    expect(messages.map((m) => m.name)).toEqual(['Recent message']);
    expect(
      await db.select().from(contactReplies).where(eq(contactReplies.messageId, messages[0]!.id)),
    ).toHaveLength(1);
    // Complaints: the one closed over 3 years ago went with its reply; the others stay.
    const tickets = await db.select().from(grievances).where(like(grievances.ticketNumber, 'GRV-22-9%'));
    expect(tickets.map((g) => g.ticketNumber).sort()).toEqual(['GRV-22-900002', 'GRV-22-900003']);
    expect(
      await db.select().from(grievanceReplies).where(eq(grievanceReplies.grievanceId, oldTicket!.id)),
    ).toEqual([]);
    // Erasures: the old log row went; the blank account nobody needs went, the one an order needs stayed.
    expect((await db.select().from(erasures)).map((e) => e.userId)).toEqual([900002]);
    expect(await db.select().from(users).where(eq(users.id, blank!.id))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, keptBuyer.id))).toHaveLength(1);

    // Orders: both still there. The one inside its 8 years is untouched, its invoice byte for byte.
    const [keptAfter] = await db.select().from(orders).where(eq(orders.orderNumber, keptOrder));
    expect(keptAfter).toEqual(kept);
    expect(await db.select().from(invoices).where(eq(invoices.orderId, kept!.id))).toEqual(keptInvoice);
    const keptPdfAfter = (
      await t.app.inject({ url: `/api/orders/${keptOrder}/invoice`, headers: { cookie: adminCookie } })
    ).rawPayload;
    expect(Buffer.compare(keptPdfAfter, keptPdf)).toBe(0);
    // The one past them keeps its figures but no longer names or reaches the buyer.
    const [oldAfter] = await db.select().from(orders).where(eq(orders.orderNumber, oldOrder));
    expect(oldAfter).toMatchObject({
      userName: 'Erased customer',
      userMobile: '',
      userEmail: '',
      addressId: null,
    });
    expect(oldAfter!.address).toMatchObject({ name: 'Erased customer', phone: '', fullAddress: '' });
    expect(oldAfter!.address.pincode).toMatch(/^\d{6}$/);
    const [oldInvoice] = await db.select().from(invoices).where(eq(invoices.orderId, oldAfter!.id));
    expect(oldInvoice!.snapshot.buyer).toMatchObject({ name: 'Erased customer', address: '', phone: '' });
    expect(oldInvoice!.totalPaise).toBe(oldAfter!.totalPaise);
    expect(JSON.stringify(oldInvoice!.snapshot)).not.toContain(oldBuyer.mobile);
    for (const d of await db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.orderNumber, oldOrder)))
      expect(d.to).toBe('');

    // A second run on the same day finds nothing more.
    expect(await t.app.services.retention.run(NOW)).toEqual({
      signIn: 0,
      carts: 0,
      contactMessages: 0,
      grievances: 0,
      orders: 0,
      erasures: 0,
      erasedAccounts: 0,
    });
  }, 120_000);

  it('runs once a day as a durable scheduled job', async () => {
    expect(t.app.services.jobHandlers[RETENTION_JOB]).toBeTypeOf('function');
    await t.app.jobWorker.runDue();
    const [run] = await t.database.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `schedule:${RETENTION_JOB}:%`));
    expect(run).toMatchObject({ name: RETENTION_JOB, status: 'done' });
    const period = Number(run!.key!.split(':').pop());
    expect(period).toBe(Math.floor(Date.now() / 86_400_000));
  });
});
