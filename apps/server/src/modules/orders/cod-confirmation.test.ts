// COD confirmation (issue 34): every answer of the link's API, the order held at PLACED until
// confirmed, the owner's 'Confirmed by phone', the message, reminder and expiry jobs, the address
// change re-checked for delivery and COD, replays and a cancel racing two confirms.
import { COD_CONFIRMATION_MESSAGES as TEXT } from '@spice/shared/cod-confirmation';
import { AdminOrderDetail, AdminOrderPage } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { CodConfirmationView } from '@spice/shared/contracts/cod-confirmation';
import { OrderDetail, OrderSummary, PaymentOrder, SimulatedPayment } from '@spice/shared/contracts/commerce';
import * as z from '@spice/shared/contracts/zod';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLinkToken } from '../../lib/link-token.ts';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codHelpers } from '../../test/cod.ts';
import { ADDRESS } from '../../test/commerce.ts';
import { verifyMobile } from '../../test/shoppers.ts';
import { auditLog } from '../admin/schema.ts';
import { productVariants } from '../catalog/schema.ts';
import { checkoutSettings } from '../checkout/schema.ts';
import { jobs } from '../jobs/schema.ts';
import { outboxMessages } from '../messaging/schema.ts';
import { createCodConfirmation } from './cod-confirmation.ts';
import { codConfirmationLinks, codConfirmations, orderStatusHistory, orders } from './schema.ts';

let t: TestApp;
let adminCookie = '';
const cod = codHelpers(
  () => t,
  () => adminCookie,
);

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const runJobs = async () => {
  for (let i = 0; i < 3; i++) await t.app.jobWorker.runDue();
};

/** The token of the newest confirmation link sent to this mobile (outbox SMS or WhatsApp). */
async function linkSentTo(mobile: string): Promise<string> {
  const [m] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, mobile), like(outboxMessages.text, '%/confirm/%')))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const token = m?.text.match(/\/confirm\/([A-Za-z0-9_-]{43})/)?.[1];
  expect(token, 'a confirmation link in the outbox').toBeTruthy();
  return token!;
}

/** A COD order placed and its confirmation message sent: the order, shopper and link token. */
async function pendingOrder() {
  const placed = await cod.placedCodOrder(2, undefined, { awaitConfirmation: true });
  await runJobs();
  return { ...placed, token: await linkSentTo(placed.s.mobile) };
}

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/cod-confirmations/${url}`, ...(payload && { payload }) });

/** The stock of the variant codHelpers' orders buy (garam masala's first). */
async function stockOfGaram() {
  const list = ProductList.parse((await t.app.inject('/api/products')).json());
  const variantId = list.find((p) => p.slug === 'garam-masala')!.variants[0]!.id;
  const [v] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  return v?.stock;
}

async function variantStock(orderNumber: string) {
  const detail = AdminOrderDetail.parse(
    (await cod.asAdmin('GET', `/api/admin/orders/${orderNumber}`)).json(),
  );
  return detail;
}

describe('the setting', () => {
  it('is required for 24 hours on the demo shop, edited in the checkout settings (1–72, audited)', async () => {
    const read = await cod.asAdmin('GET', '/api/admin/checkout-settings');
    expect(read.statusCode, read.body).toBe(200);
    const settings = read.json();
    expect(settings.cod.confirmation).toEqual({ required: true, withinHours: 24 });
    const { blockedPincodes, rtoLimit, enabled, fee, minOrderValue, maxOrderValue } = settings.cod;
    const put = (withinHours: unknown, version: number) =>
      cod.asAdmin('PUT', '/api/admin/checkout-settings', {
        platformFee: settings.platformFee,
        milestones: settings.milestones,
        cod: {
          enabled,
          fee,
          minOrderValue,
          maxOrderValue,
          blockedPincodes,
          rtoLimit,
          confirmation: { required: true, withinHours },
        },
        version,
      });
    const tooLong = await put(73, settings.version);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(TEXT.hours);
    const saved = await put(48, settings.version);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().cod.confirmation).toEqual({ required: true, withinHours: 48 });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'checkout-settings.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(JSON.stringify(entry?.after)).toContain('"withinHours":48');
    const back = await put(24, saved.json().version);
    expect(back.statusCode, back.body).toBe(200);
  });

  it('orders placed while it is off need none', async () => {
    await t.database.db.update(checkoutSettings).set({ codConfirmationRequired: false });
    t.app.services.checkout.invalidate();
    try {
      const { s, orderNumber } = await cod.placedCodOrder(2, undefined, { awaitConfirmation: true });
      const detail = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
      expect(detail.codConfirmation).toBe('NOT_REQUIRED');
      expect(detail.confirmBy).toBeNull();
      await cod.walk(orderNumber, ['CONFIRMED', 'PACKED']);
    } finally {
      await t.database.db.update(checkoutSettings).set({ codConfirmationRequired: true });
      t.app.services.checkout.invalidate();
    }
  });
});

describe('a COD order placed while confirmation is required', () => {
  it('carries PENDING and confirmBy in the order, the lists and the back office', async () => {
    const { s, orderNumber } = await cod.placedCodOrder(2, undefined, { awaitConfirmation: true });
    const detail = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(detail.codConfirmation).toBe('PENDING');
    const hours = (Date.parse(detail.confirmBy!) - Date.parse(detail.createdAt)) / 3_600_000;
    expect(hours).toBe(24);
    const list = z
      .array(OrderSummary)
      .parse((await s.request({ url: `/api/orders/customer/${s.mobile}` })).json());
    expect(list[0]).toMatchObject({ orderNumber, codConfirmation: 'PENDING', confirmBy: detail.confirmBy });
    const awaiting = AdminOrderPage.parse(
      (await cod.asAdmin('GET', '/api/admin/orders?codConfirmation=PENDING&size=100')).json(),
    );
    expect(awaiting.content.map((o) => o.orderNumber)).toContain(orderNumber);
    expect(awaiting.content.every((o) => o.codConfirmation === 'PENDING')).toBe(true);
  });

  it('gets one message with the link within the job run: SMS when not opted in to WhatsApp', async () => {
    const { s, orderNumber } = await cod.placedCodOrder(2, undefined, { awaitConfirmation: true });
    await runJobs();
    await runJobs();
    const sent = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, s.mobile), like(outboxMessages.text, '%/confirm/%')));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.channel).toBe('sms');
    expect(sent[0]!.text).toContain(orderNumber);
    expect(sent[0]!.text).toContain('Garam Masala');
    expect(sent[0]!.text).toContain(ADDRESS.addressLine);
    // Only the token's hash is kept; no job's payload holds it (the message minted it).
    const token = await linkSentTo(s.mobile);
    const stored = await t.database.db.select().from(codConfirmationLinks);
    expect(stored.some((l) => l.tokenHash === token)).toBe(false);
    const queued = await t.database.db.select({ payload: jobs.payload }).from(jobs);
    expect(JSON.stringify(queued)).not.toContain(token);
    // The e-mail in the frame of every order e-mail (React Email): heading, button, summary, footer.
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, s.email), like(outboxMessages.subject, '%confirm your order%')));
    expect(mail?.subject).toBe(`Please confirm your order ${orderNumber}`);
    expect(mail?.html).toContain('<h1');
    expect(mail?.html).toContain('Please confirm your order');
    expect(mail?.html).toContain('Order summary');
    expect(mail?.html).toContain('Confirm, change the address or cancel');
    expect(mail?.html).toMatch(/href="[^"]*\/confirm\/[A-Za-z0-9_-]{43}"/);
    expect(mail?.text).toContain('Delivering to');
  });

  it('on WhatsApp (quick replies named by the token) when opted in, in Hindi for a Hindi order', async () => {
    const { s, orderNumber } = await cod.placedCodOrder(2, undefined, { awaitConfirmation: true });
    const prefs = await s.request({
      method: 'PUT',
      url: '/api/user/message-preferences',
      payload: { email: true, whatsapp: true },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    await t.database.db.update(orders).set({ language: 'hi' }).where(eq(orders.orderNumber, orderNumber));
    await runJobs();
    const [m] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, s.mobile), like(outboxMessages.text, '%/hi/confirm/%')));
    expect(m?.channel).toBe('whatsapp');
    expect(m?.text).toContain('पुष्टि');
    expect(m?.text).toContain('[ऑर्डर की पुष्टि करें] [ऑर्डर रद्द करें]');
  });

  it('is held at PLACED: any move past it answers 409 before the transition table; cancelling stays possible', async () => {
    const { orderNumber } = await cod.placedCodOrder(2, undefined, { awaitConfirmation: true });
    for (const status of ['CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED']) {
      const res = await cod.moveTo(
        orderNumber,
        status,
        status === 'SHIPPED' ? `AWB${orderNumber}` : undefined,
      );
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe(TEXT.waitForShopper);
    }
    const cancelled = await cod.moveTo(orderNumber, 'CANCELLED');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it("'Confirmed by phone' confirms it, audited with the admin named; then it moves on", async () => {
    const { orderNumber } = await cod.placedCodOrder(2, undefined, { awaitConfirmation: true });
    const res = await cod.asAdmin('POST', `/api/admin/orders/${orderNumber}/cod-confirmation`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orderNumber, codConfirmation: 'CONFIRMED' });
    const detail = await variantStock(orderNumber);
    expect(detail.codConfirmation).toBe('CONFIRMED');
    expect(detail.codConfirmationVia).toBe('phone');
    expect(detail.codConfirmedByName).toBeTruthy();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.cod-confirmation'), eq(auditLog.entityId, orderNumber)));
    expect(entry?.after).toMatchObject({ codConfirmation: 'CONFIRMED', via: 'phone' });
    await cod.walk(orderNumber, ['CONFIRMED', 'PACKED']);
    const shopper = t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderNumber}/cod-confirmation`,
    });
    expect((await shopper).statusCode).toBe(401);
  });
});

describe('the link', () => {
  it('shows the order: items, cash to pay, address and the pay-now offer', async () => {
    const { token, orderNumber, amount } = await pendingOrder();
    const res = await api('GET', token);
    expect(res.statusCode, res.body).toBe(200);
    const view = CodConfirmationView.parse(res.json());
    expect(view).toMatchObject({ orderNumber, status: 'PENDING', totalAmount: amount / 100 });
    expect(view.items[0]).toMatchObject({ productName: 'Garam Masala', quantity: 2 });
    expect(view.address.fullAddress).toContain(ADDRESS.addressLine);
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'orderNumber',
        'status',
        'confirmBy',
        'language',
        'items',
        'totalAmount',
        'paidOnline',
        'address',
        'payNow',
      ].sort(),
    );
  });

  it('pays now and saves without sign-in: the gateway order, the simulated Pay and the verify under the token; the order is then prepaid and needs no confirmation', async () => {
    const { token, orderNumber, s } = await pendingOrder();
    const view = CodConfirmationView.parse((await api('GET', token)).json());
    expect(view.payNow!.saving).toBeGreaterThan(0);
    const amount = Math.round(view.payNow!.amount * 100);
    // The amount the page showed, checked as on the order page.
    const stale = await api('POST', `${token}/pay-now`, { amount: amount + 100 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().amount).toBe(amount);
    const created = await api('POST', `${token}/pay-now`, { amount });
    expect(created.statusCode, created.body).toBe(200);
    const paymentOrder = PaymentOrder.parse(created.json());
    expect(paymentOrder).toMatchObject({ amount, provider: 'simulated' });
    // Another order's link cannot pay this gateway order.
    const other = await pendingOrder();
    const foreign = await api('POST', `${other.token}/pay-now/simulated/${paymentOrder.orderId}/pay`, {});
    expect(foreign.statusCode).toBe(404);
    const paid = await api('POST', `${token}/pay-now/simulated/${paymentOrder.orderId}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = SimulatedPayment.parse(paid.json());
    const forged = await api('POST', `${token}/pay-now/verify`, {
      ...payment,
      razorpaySignature: 'f'.repeat(64),
    });
    expect(forged.statusCode).toBe(400);
    for (let i = 0; i < 2; i++) {
      const verified = await api('POST', `${token}/pay-now/verify`, payment);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toEqual({
        orderNumber,
        paymentMode: 'RAZORPAY',
        paymentStatus: 'PAID',
        totalAmount: view.payNow!.amount,
      });
    }
    const detail = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(detail).toMatchObject({
      paymentMode: 'RAZORPAY',
      paymentStatus: 'PAID',
      codConfirmation: 'CONFIRMED',
    });
    const admin = await variantStock(orderNumber);
    expect(admin.codConfirmationVia).toBe('prepaid');
    const after = CodConfirmationView.parse((await api('GET', token)).json());
    expect(after).toMatchObject({ status: 'CONFIRMED', paidOnline: true, payNow: null });
    expect((await api('POST', `${token}/pay-now`, { amount })).statusCode).toBe(409);
    // Not held at PLACED, not expired at the deadline.
    await t.app.services.codConfirmation.expire(orderNumber);
    await cod.walk(orderNumber, ['CONFIRMED', 'PACKED']);
  });

  it('answers 404 for an unknown or malformed token', async () => {
    for (const token of [newLinkToken().token, 'short', 'x'.repeat(43)]) {
      const res = await api('GET', token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TEXT.notValid);
      expect((await api('POST', `${token}/confirm`)).statusCode).toBe(404);
    }
  });

  it('confirms; a repeat answers the same; the order may then be packed', async () => {
    const { token, orderNumber, s } = await pendingOrder();
    for (let i = 0; i < 2; i++) {
      const res = await api('POST', `${token}/confirm`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ orderNumber, codConfirmation: 'CONFIRMED' });
    }
    const detail = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(detail.codConfirmation).toBe('CONFIRMED');
    await cod.walk(orderNumber, ['CONFIRMED', 'PACKED']);
    // Packed: the address can no longer change (409), a confirm still answers the same.
    const late = await api('PUT', `${token}/address`, ADDRESS);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(TEXT.addressTooLate);
    expect((await api('POST', `${token}/confirm`)).statusCode).toBe(200);
  });

  it('cancels as the shopper would: stock back, CANCELLED; the link then answers 404', async () => {
    const { token, orderNumber, s } = await pendingOrder();
    const before = await stockOfGaram();
    const res = await api('POST', `${token}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orderNumber, codConfirmation: 'CANCELLED' });
    expect(await stockOfGaram()).toBe(before! + 2);
    const detail = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(detail).toMatchObject({ orderStatus: 'CANCELLED', codConfirmation: 'CANCELLED' });
    for (const again of [
      api('GET', token),
      api('POST', `${token}/confirm`),
      api('POST', `${token}/cancel`),
    ]) {
      const r = await again;
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe(TEXT.notValid);
    }
    expect(await stockOfGaram()).toBe(before! + 2);
  });

  it('changes the address: checked like any address, for delivery and for COD; then confirmed and audited', async () => {
    const { token, orderNumber, s } = await pendingOrder();
    const invalid = await api('PUT', `${token}/address`, { ...ADDRESS, pincode: '12' });
    expect(invalid.statusCode).toBe(400);
    const wrongState = await api('PUT', `${token}/address`, { ...ADDRESS, state: 'Kerala' });
    expect(wrongState.statusCode).toBe(400);
    // COD turned off for the new pincode: the usual COD text, nothing changed.
    await t.database.db.update(checkoutSettings).set({ codBlockedPincodes: ['4000'] });
    t.app.services.checkout.invalidate();
    const mumbai = {
      ...ADDRESS,
      pincode: '400001',
      city: 'Mumbai',
      state: 'Maharashtra',
      locality: 'Fort',
      addressLine: '7, Rampart Row',
    };
    try {
      const blocked = await api('PUT', `${token}/address`, mumbai);
      expect(blocked.statusCode, blocked.body).toBe(400);
      expect(blocked.json().message).toMatch(/[Cc]ash on delivery/);
    } finally {
      await t.database.db.update(checkoutSettings).set({ codBlockedPincodes: [] });
      t.app.services.checkout.invalidate();
    }
    expect((await api('GET', token)).json().status).toBe('PENDING');
    const moved = await api('PUT', `${token}/address`, mumbai);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ orderNumber, codConfirmation: 'CONFIRMED' });
    const detail = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(detail.deliveryAddress.fullAddress).toContain('7, Rampart Row');
    expect(detail.deliveryAddress.pincode).toBe('400001');
    expect(detail.codConfirmation).toBe('CONFIRMED');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.address'), eq(auditLog.entityId, orderNumber)));
    expect(JSON.stringify(entry?.before)).toContain(ADDRESS.addressLine);
    expect(JSON.stringify(entry?.after)).toContain('7, Rampart Row');
  });

  it('two confirms racing a cancel end in one outcome: cancelled once, stock back once', async () => {
    const { token, orderNumber } = await pendingOrder();
    const before = await stockOfGaram();
    const answers = await Promise.all([
      api('POST', `${token}/confirm`),
      api('POST', `${token}/cancel`),
      api('POST', `${token}/confirm`),
    ]);
    const [c1, cancel, c2] = answers.map((r) => r.statusCode);
    expect(cancel).toBe(200);
    for (const c of [c1, c2]) expect([200, 404, 409]).toContain(c);
    const [row] = await t.database.db
      .select({ status: orders.status, c: codConfirmations.status })
      .from(orders)
      .innerJoin(codConfirmations, eq(codConfirmations.orderId, orders.id))
      .where(eq(orders.orderNumber, orderNumber));
    expect(row).toEqual({ status: 'CANCELLED', c: 'CANCELLED' });
    expect(await stockOfGaram()).toBe(before! + 2);
  });
});

describe('the clock', () => {
  it('a link stops working at confirmBy (injected clock)', async () => {
    const { token, orderNumber } = await pendingOrder();
    const [row] = await t.database.db
      .select({ confirmBy: codConfirmations.confirmBy })
      .from(codConfirmations)
      .innerJoin(orders, eq(orders.id, codConfirmations.orderId))
      .where(eq(orders.orderNumber, orderNumber));
    let now = new Date(row!.confirmBy.getTime() - 1000);
    const s = t.app.services;
    const service = createCodConfirmation(t.database.db, {
      adminOrders: s.adminOrders,
      audit: s.audit,
      checkout: s.checkout,
      jobs: s.jobs,
      checkAddress: s.delivery.checkAddress,
      assertServiceable: s.delivery.assertServiceable,
      rtoCount: s.orders.codRtoCount,
      onlinePayments: false,
      now: () => now,
    });
    expect((await service.view(token)).status).toBe('PENDING');
    now = row!.confirmBy;
    await expect(service.view(token)).rejects.toThrow(TEXT.notValid);
    await expect(service.confirm(token)).rejects.toThrow(TEXT.notValid);
  });

  it('the reminder goes once at half the window, not after a confirmation', async () => {
    const { s, orderNumber } = await pendingOrder();
    const reminders = () =>
      t.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.to, s.mobile), like(outboxMessages.text, '%not confirmed yet%')));
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `cod-confirmation-message:${orderNumber}:cod_reminder`));
    const [c] = await t.database.db
      .select()
      .from(codConfirmations)
      .innerJoin(orders, eq(orders.id, codConfirmations.orderId))
      .where(eq(orders.orderNumber, orderNumber));
    const placedAt = c!.orders.createdAt.getTime();
    expect(job!.runAt.getTime() - placedAt).toBe((c!.cod_confirmations.confirmBy.getTime() - placedAt) / 2);
    expect(await reminders()).toHaveLength(0);
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, job!.id));
    await runJobs();
    await runJobs();
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(orderNumber);
    expect(sent[0]!.text).toMatch(/\/confirm\/[A-Za-z0-9_-]{43}/);

    // Confirmed before its reminder: none goes.
    const other = await pendingOrder();
    expect((await api('POST', `${other.token}/confirm`)).statusCode).toBe(200);
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.key, `cod-confirmation-message:${other.orderNumber}:cod_reminder`));
    await runJobs();
    const none = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, other.s.mobile), like(outboxMessages.text, '%not confirmed yet%')));
    expect(none).toHaveLength(0);
  });

  it('an order still pending at confirmBy is cancelled by the expiry job: EXPIRED, reason, stock back, shopper told', async () => {
    const { token, orderNumber, s } = await pendingOrder();
    const before = await stockOfGaram();
    const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    // The deadline passes: the link answers 404 at once, the job runs when due.
    await t.database.db
      .update(codConfirmations)
      .set({ confirmBy: new Date(Date.now() - 1000) })
      .where(eq(codConfirmations.orderId, o!.id));
    expect((await api('GET', token)).statusCode).toBe(404);
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.key, `cod-confirmation-expiry:${orderNumber}`));
    await runJobs();
    await runJobs();
    const detail = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(detail).toMatchObject({ orderStatus: 'CANCELLED', codConfirmation: 'EXPIRED' });
    expect(detail.statusHistory.at(-1)).toMatchObject({ status: 'CANCELLED', reason: TEXT.expiredReason });
    expect(await stockOfGaram()).toBe(before! + 2);
    // Told on the channels the confirmation used, with its own message (not the generic 'cancelled').
    const told = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, s.mobile), like(outboxMessages.text, '%was cancelled%')));
    expect(told.map((m) => m.channel)).toEqual(['sms']);
    expect(told[0]!.text).toContain(
      `order ${orderNumber} was cancelled because it was not confirmed in time`,
    );
    expect(told[0]!.text).toContain('To order again');
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, s.email), like(outboxMessages.subject, '%not confirmed in time%')));
    expect(mail?.html).toContain('Your order was not confirmed in time');
    expect(mail?.html).toContain('Order again');
    const generic = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.to, s.email),
          like(outboxMessages.subject, `%order ${orderNumber} is cancelled`),
        ),
      );
    expect(generic).toHaveLength(0);
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, o!.id));
    expect(history.filter((h) => h.status === 'CANCELLED')).toHaveLength(1);
  });

  it('the expiry leaves a confirmed order alone', async () => {
    const { token, orderNumber } = await pendingOrder();
    expect((await api('POST', `${token}/confirm`)).statusCode).toBe(200);
    await t.app.services.codConfirmation.expire(orderNumber);
    const detail = await variantStock(orderNumber);
    expect(detail).toMatchObject({ status: 'PLACED', codConfirmation: 'CONFIRMED' });
  });
});

describe('the dashboard', () => {
  it('shows the confirmation rate beside the RTO rate: by week, by state and by pincode area, of orders asked to confirm', async () => {
    // A known set, placed in a window of its own (January 2031) so nothing else counts.
    const known = [
      { at: '2031-01-06T06:00:00Z', state: 'Karnataka', pincode: '560001', status: 'CONFIRMED' },
      { at: '2031-01-07T06:00:00Z', state: 'Karnataka', pincode: '560002', status: 'EXPIRED' },
      { at: '2031-01-08T06:00:00Z', state: 'Karnataka', pincode: '560003', status: null },
      { at: '2031-01-14T06:00:00Z', state: 'Maharashtra', pincode: '411001', status: 'CONFIRMED' },
      { at: '2031-01-15T06:00:00Z', state: 'Maharashtra', pincode: '411002', status: 'PENDING' },
      { at: '2031-01-15T07:00:00Z', state: 'Maharashtra', pincode: '411003', status: 'CONFIRMED' },
    ] as const;
    for (const k of known) {
      const { orderNumber } = await cod.placedCodOrder(1, undefined, { awaitConfirmation: true });
      const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date(k.at), address: { ...o!.address, state: k.state, pincode: k.pincode } })
        .where(eq(orders.id, o!.id));
      // No status: an order that needed no confirmation (NOT_REQUIRED) is not counted.
      if (k.status === null)
        await t.database.db.delete(codConfirmations).where(eq(codConfirmations.orderId, o!.id));
      else
        await t.database.db
          .update(codConfirmations)
          .set({ status: k.status })
          .where(eq(codConfirmations.orderId, o!.id));
    }
    const figures = await t.app.services.dashboard.figures(new Date('2031-01-20T00:00:00Z'));
    expect(figures.confirmation).toEqual({
      byWeek: [
        { key: '2031-01-06', asked: 2, confirmed: 1 },
        { key: '2031-01-13', asked: 3, confirmed: 2 },
      ],
      byState: [
        { key: 'Maharashtra', asked: 3, confirmed: 2 },
        { key: 'Karnataka', asked: 2, confirmed: 1 },
      ],
      byPrefix: [
        { key: '411', asked: 3, confirmed: 2 },
        { key: '560', asked: 2, confirmed: 1 },
      ],
    });
    // None of them is delivered or returned yet: the RTO tables beside it are empty for the window.
    expect(figures.rto).toEqual({ byWeek: [], byState: [], byPrefix: [] });
  });
});
