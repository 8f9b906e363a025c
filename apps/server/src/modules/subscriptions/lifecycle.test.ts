// Whole lives of subscriptions through the real app and the simulated gateway (demo mode): the
// mandate authorised, charges becoming orders with invoices, skip, pause and resume, a failed
// charge, a halt, cancel, replayed and out-of-order webhooks, and an out-of-stock cycle.
import { ProductList } from '@spice/shared/contracts/catalog';
import type { SubscriptionDto } from '@spice/shared/contracts/subscriptions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { postWebhook } from '../../test/webhooks.ts';
import { auditLog } from '../admin/schema.ts';
import { productVariants } from '../catalog/schema.ts';
import { orders } from '../orders/schema.ts';
import { payments } from '../payments/schema.ts';
import { subscriptionCycles } from './schema.ts';

let t: TestApp;
let garam: { id: number; variantId: number; pricePaise: number };
let chilli: { id: number; variantId: number };

beforeAll(async () => {
  t = await createTestApp();
  const products = ProductList.parse((await t.app.inject('/api/products')).json());
  const g = products.find((p) => p.slug === 'garam-masala')!;
  const [gv] = await t.database.db.select().from(productVariants).where(eq(productVariants.productId, g.id));
  garam = { id: g.id, variantId: gv!.id, pricePaise: gv!.pricePaise };
  const c = products.find((p) => p.slug !== 'garam-masala' && p.slug !== 'hing')!;
  const [cv] = await t.database.db.select().from(productVariants).where(eq(productVariants.productId, c.id));
  chilli = { id: c.id, variantId: cv!.id };
});
afterAll(async () => {
  await t.close();
});

async function subscribe(
  s: Shopper,
  addressId: number,
  variantId = garam.variantId,
  quantity = 1,
  frequency = 1,
) {
  const res = await s.request({
    method: 'POST',
    url: '/api/subscriptions',
    payload: { variantId, quantity, frequency, addressId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SubscriptionDto;
}

const authorise = (gatewayId: string) =>
  t.app.inject({ method: 'POST', url: `/api/payment/simulated/subscriptions/${gatewayId}/authorise` });
const charge = (gatewayId: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/payment/simulated/subscriptions/${gatewayId}/charge`, payload });

const ordersOf = (userId: number) => t.database.db.select().from(orders).where(eq(orders.userId, userId));

describe('subscribe and save', () => {
  let s: Shopper;
  let addressId: number;
  beforeAll(async () => {
    s = await signUp(t.app, '9800000431');
    addressId = await addAddress(s);
  });

  it('offers every demo product 10% off every 1, 2 or 3 months', async () => {
    const res = await t.app.inject(`/api/subscriptions/plans?productId=${garam.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const plans = res.json();
    expect(plans.discountPercent).toBe(10);
    expect(plans.frequencies).toEqual([1, 2, 3]);
    const v = plans.variants.find((x: { variantId: number }) => x.variantId === garam.variantId);
    expect(v.subscriptionPrice).toBe((garam.pricePaise - Math.ceil(garam.pricePaise / 10)) / 100);
  });

  it('creates a subscription CREATED with what Checkout needs, and the schedule in words', async () => {
    const sub = await subscribe(s, addressId);
    expect(sub.status).toBe('CREATED');
    expect(sub.gatewaySubscriptionId).toMatch(/^sub_sim_/);
    expect(sub.provider).toBe('simulated');
    expect(sub.schedule).toMatch(
      /^₹[\d,.]+ today, then ₹[\d,.]+ every month on the \d+(st|nd|rd|th) until you cancel$/,
    );
    expect(sub.discountPercent).toBe(10);
  });

  it("refuses more than ₹15,000 a delivery (RBI's e-mandate limit)", async () => {
    await t.database.db
      .update(productVariants)
      .set({ pricePaise: 2_000_000, mrpPaise: 2_000_000 })
      .where(eq(productVariants.id, chilli.variantId));
    const res = await s.request({
      method: 'POST',
      url: '/api/subscriptions',
      payload: { variantId: chilli.variantId, quantity: 1, frequency: 1, addressId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A subscription can be at most ₹15,000 a delivery.');
    await t.database.db
      .update(productVariants)
      .set({ pricePaise: 9900, mrpPaise: 12000 })
      .where(eq(productVariants.id, chilli.variantId));
  });

  it('refuses a frequency other than 1, 2 or 3 months', async () => {
    const res = await s.request({
      method: 'POST',
      url: '/api/subscriptions',
      payload: { variantId: garam.variantId, quantity: 1, frequency: 4, addressId },
    });
    expect(res.statusCode).toBe(400);
  });

  it('lives a whole life: authorised, three charges → three orders with invoices, skip, pause, resume, cancel', async () => {
    const sub = await subscribe(s, addressId, garam.variantId, 2);
    const authorised = await authorise(sub.gatewaySubscriptionId);
    expect(authorised.statusCode, authorised.body).toBe(200);
    expect(authorised.json().status).toBe('ACTIVE');
    expect(authorised.json().cycles).toHaveLength(1);

    for (let i = 0; i < 2; i++) {
      const res = await charge(sub.gatewaySubscriptionId);
      expect(res.statusCode, res.body).toBe(200);
    }
    const placed = (await ordersOf(s.id)).filter((o) => o.providerPaymentId.startsWith('pay_sim_'));
    expect(placed).toHaveLength(3);
    for (const o of placed) {
      expect(o.invoiceNumber).toBeTruthy();
      expect(o.paymentStatus).toBe('PAID');
      expect(o.totalPaise).toBe(sub.unitPrice * 100 * 2);
    }
    const ledger = await t.database.db.select().from(payments).where(eq(payments.status, 'placed'));
    for (const o of placed) expect(ledger.some((p) => p.paymentId === o.providerPaymentId)).toBe(true);

    // Skip: stays ACTIVE, the next charge date passes without a charge.
    const skipped = await s.request({ method: 'POST', url: `/api/subscriptions/${sub.id}/skip` });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().status).toBe('ACTIVE');
    expect(skipped.json().skipNext).toBe(true);
    const passed = await charge(sub.gatewaySubscriptionId);
    expect(passed.json().cycles.at(-1).status).toBe('SKIPPED');
    expect(passed.json().skipNext).toBe(false);
    expect(await ordersOf(s.id)).toHaveLength(3);

    // Pause for one cycle, then it passes paused and resumes by itself.
    const paused = await s.request({
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/pause`,
      payload: { cycles: 1 },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().status).toBe('PAUSED');
    const whilePaused = await charge(sub.gatewaySubscriptionId);
    expect(whilePaused.json().status).toBe('ACTIVE');
    expect(await ordersOf(s.id)).toHaveLength(3);

    // Pause and resume by hand.
    await s.request({ method: 'POST', url: `/api/subscriptions/${sub.id}/pause`, payload: { cycles: 3 } });
    const resumed = await s.request({ method: 'POST', url: `/api/subscriptions/${sub.id}/resume` });
    expect(resumed.json().status).toBe('ACTIVE');

    const fourth = await charge(sub.gatewaySubscriptionId);
    expect(fourth.json().cycles.filter((c: { status: string }) => c.status === 'CHARGED')).toHaveLength(4);
    expect(await ordersOf(s.id)).toHaveLength(4);

    const cancelled = await s.request({
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/cancel`,
      payload: { reason: 'Too much masala at home' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('CANCELLED');
    expect(cancelled.json().nextChargeAt).toBeNull();
    expect((await charge(sub.gatewaySubscriptionId)).statusCode).toBe(409);
    expect(await ordersOf(s.id)).toHaveLength(4);

    // Every change was confirmed by message (the jobs run).
    await t.app.jobWorker.runDue();
    const outbox = (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(s.email)}`)).json() as {
      subject?: string;
    }[];
    const subjects = outbox.map((m) => m.subject);
    expect(subjects).toContain('Your next delivery is skipped');
    expect(subjects).toContain('Your subscription is paused');
    expect(subjects).toContain('Your subscription is cancelled');
  });

  it('changes quantity and frequency from the next cycle', async () => {
    const sub = await subscribe(s, addressId);
    await authorise(sub.gatewaySubscriptionId);
    const res = await s.request({
      method: 'PUT',
      url: `/api/subscriptions/${sub.id}`,
      payload: { quantity: 3, frequency: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().quantity).toBe(3);
    expect(res.json().frequency).toBe(2);
    expect(res.json().schedule).toContain('every 2 months');
    const charged = await charge(sub.gatewaySubscriptionId);
    expect(charged.json().cycles.at(-1).amount).toBe(sub.unitPrice * 3);
  });

  it("answers 404 for another shopper's subscription", async () => {
    const sub = await subscribe(s, addressId);
    const other = await signUp(t.app, '9800000432');
    for (const action of ['skip', 'resume', 'cancel']) {
      const res = await other.request({
        method: 'POST',
        url: `/api/subscriptions/${sub.id}/${action}`,
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await other.request({ method: 'PUT', url: `/api/subscriptions/${sub.id}`, payload: { quantity: 2 } }))
        .statusCode,
    ).toBe(404);
    expect((await other.request({ url: '/api/subscriptions' })).json()).toEqual([]);
    expect((await t.app.inject('/api/subscriptions')).statusCode).toBe(401);
  });

  it('tells the shopper of a failed charge, shows the halt as Payment failed, and a later charge reactivates', async () => {
    const sub = await subscribe(s, addressId);
    await authorise(sub.gatewaySubscriptionId);
    const failed = await charge(sub.gatewaySubscriptionId, { fail: true });
    expect(failed.json().paymentFailed).toBe(true);
    expect(failed.json().status).toBe('ACTIVE');
    expect(failed.json().cycles.at(-1).status).toBe('FAILED');
    const halted = await charge(sub.gatewaySubscriptionId, { halt: true });
    expect(halted.json().status).toBe('HALTED');
    const before = (await ordersOf(s.id)).length;
    const paid = await charge(sub.gatewaySubscriptionId);
    expect(paid.json().status).toBe('ACTIVE');
    expect(paid.json().paymentFailed).toBe(false);
    // The failed cycle is the one now charged.
    expect(paid.json().cycles.map((c: { status: string }) => c.status)).toEqual(['CHARGED', 'CHARGED']);
    expect(await ordersOf(s.id)).toHaveLength(before + 1);
    await t.app.jobWorker.runDue();
    const outbox = (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(s.email)}`)).json() as {
      subject?: string;
    }[];
    expect(outbox.map((m) => m.subject)).toContain('Your subscription payment did not go through');
  });

  it('creates nothing twice for replayed and out-of-order webhooks', async () => {
    const sub = await subscribe(s, addressId);
    const amount = Math.round(sub.amount * 100);
    const charged = JSON.stringify({
      event: 'subscription.charged',
      payload: {
        subscription: { entity: { id: sub.gatewaySubscriptionId, paid_count: 1 } },
        payment: { entity: { id: 'pay_REPLAY1', amount, currency: 'INR', order_id: 'order_REPLAY1' } },
      },
    });
    // The charge before the authentication and activation (out of order), then all three again.
    expect((await postWebhook(t, charged, 'evt_1')).json().status).toBe('placed');
    expect((await postWebhook(t, charged, 'evt_1')).json().status).toBe('duplicate');
    expect((await postWebhook(t, charged, 'evt_1b')).json().status).toBe('duplicate');
    const late = (event: string, id: string) =>
      postWebhook(
        t,
        JSON.stringify({ event, payload: { subscription: { entity: { id: sub.gatewaySubscriptionId } } } }),
        id,
      );
    expect((await late('subscription.authenticated', 'evt_2')).json().status).toBe('ignored');
    expect((await late('subscription.activated', 'evt_3')).json().status).toBe('ignored');
    const now = (await s.request({ url: `/api/subscriptions/${sub.id}` })).json();
    expect(now.status).toBe('ACTIVE');
    const made = await t.database.db.select().from(orders).where(eq(orders.providerPaymentId, 'pay_REPLAY1'));
    expect(made).toHaveLength(1);
    const cycles = await t.database.db
      .select()
      .from(subscriptionCycles)
      .where(and(eq(subscriptionCycles.subscriptionId, sub.id)));
    expect(cycles).toHaveLength(1);
    // A bad signature is refused.
    const bad = await postWebhook(t, charged, 'evt_9', 'not-the-secret');
    expect(bad.statusCode).toBe(400);
  });

  it('skips and refunds a cycle charged when the item is out of stock', async () => {
    const sub = await subscribe(s, addressId, chilli.variantId);
    await authorise(sub.gatewaySubscriptionId);
    await t.database.db
      .update(productVariants)
      .set({ stock: 0 })
      .where(eq(productVariants.id, chilli.variantId));
    const before = (await ordersOf(s.id)).length;
    const res = await charge(sub.gatewaySubscriptionId);
    const last = res.json().cycles.at(-1);
    expect(last.status).toBe('REFUNDED');
    expect(last.reason).toBe('Out of stock: refunded');
    expect(res.json().status).toBe('ACTIVE');
    expect(await ordersOf(s.id)).toHaveLength(before);
    const [entry] = await t.database.db.select().from(payments).where(eq(payments.paymentId, last.paymentId));
    expect(entry!.status).toBe('refund_pending');
    expect(entry!.reason).toBe('sold_out');
  });

  it('lets the owner list, read, cancel (audited) and measure subscriptions', async () => {
    const sub = await subscribe(s, addressId);
    await authorise(sub.gatewaySubscriptionId);
    const adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
    const admin = (opts: { method?: 'GET' | 'POST'; url: string; payload?: object }) =>
      t.app.inject({ ...opts, headers: { cookie: adminCookie } });
    expect((await s.request({ url: '/api/admin/subscriptions' })).statusCode).toBe(403);
    const list = await admin({ url: '/api/admin/subscriptions?status=ACTIVE' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().content.every((x: { status: string }) => x.status === 'ACTIVE')).toBe(true);
    expect(list.json().content.some((x: { id: number }) => x.id === sub.id)).toBe(true);
    const byMobile = await admin({ url: `/api/admin/subscriptions?q=${s.mobile}` });
    expect(byMobile.json().totalElements).toBeGreaterThan(0);
    const one = await admin({ url: `/api/admin/subscriptions/${sub.id}` });
    expect(one.json().cycles[0].orderNumber).toBeTruthy();
    const metrics = await admin({ url: '/api/admin/subscriptions/metrics' });
    expect(metrics.statusCode, metrics.body).toBe(200);
    expect(metrics.json().active).toBeGreaterThan(0);
    expect(metrics.json().mrr).toBeGreaterThan(0);
    expect(metrics.json().churn).toHaveLength(6);
    const cancelled = await admin({
      method: 'POST',
      url: `/api/admin/subscriptions/${sub.id}/cancel`,
      payload: { reason: 'Shopper asked by phone' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('CANCELLED');
    expect(cancelled.json().cancelledBy).toBe('admin');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(sub.id)));
    expect(entry!.action).toBe('subscription.cancel');
  });
});
