// Real mode: the official SDK against a loopback fake of Razorpay's plans and subscriptions APIs
// that checks each request (path, Basic auth, body), and the signed subscription.* webhooks.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress } from '../../test/commerce.ts';
import { signUp } from '../../test/shoppers.ts';
import { postWebhook } from '../../test/webhooks.ts';
import { productVariants } from '../catalog/schema.ts';
import { orders } from '../orders/schema.ts';

const KEY_ID = 'rzp_test_SUBSKEY123';
const KEY_SECRET = 'fake-secret-for-subscriptions';
const WEBHOOK_SECRET = 'fake-webhook-secret-subs';
const AUTH = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;

let fake: Server;
let fakeUrl: string;
const seen: { method: string; url: string; auth: string | undefined; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const body = raw ? JSON.parse(raw) : {};
      seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body });
      if (req.headers.authorization !== AUTH) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'auth' } }));
      }
      if (req.method === 'POST' && req.url === '/v1/plans')
        return res.end(JSON.stringify({ id: `plan_FAKE${seen.length}`, entity: 'plan' }));
      if (req.method === 'POST' && req.url === '/v1/subscriptions')
        return res.end(
          JSON.stringify({
            id: `sub_FAKE${seen.length}`,
            entity: 'subscription',
            status: 'created',
            short_url: 'https://rzp.io/i/fake',
          }),
        );
      const action = /^\/v1\/subscriptions\/(sub_[A-Za-z0-9]+)(?:\/(pause|resume|cancel))?$/.exec(req.url!);
      if (action && (req.method === 'POST' || req.method === 'PATCH'))
        return res.end(
          JSON.stringify({ id: action[1], entity: 'subscription', status: action[2] ?? 'active' }),
        );
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'not found' } }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

describe('subscriptions on Razorpay (real mode, loopback fake)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        DEMO_MODE: 'true',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_URL: fakeUrl,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes the plan and the subscription at Razorpay, follows its webhooks, and cancels there', async () => {
    const [variant] = await t.database.db.select().from(productVariants).limit(1);
    const s = await signUp(t.app, '9800000441');
    const addressId = await addAddress(s);
    const res = await s.request({
      method: 'POST',
      url: '/api/subscriptions',
      payload: { variantId: variant!.id, quantity: 2, frequency: 2, addressId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sub = res.json();
    expect(sub).toMatchObject({
      status: 'CREATED',
      provider: 'razorpay',
      keyId: KEY_ID,
      shortUrl: 'https://rzp.io/i/fake',
    });
    const unit = Math.round(sub.unitPrice * 100);
    const [plan, made] = seen;
    expect(plan).toMatchObject({
      method: 'POST',
      url: '/v1/plans',
      auth: AUTH,
      body: { period: 'monthly', interval: 2, item: { amount: unit, currency: 'INR' } },
    });
    expect(made).toMatchObject({
      method: 'POST',
      url: '/v1/subscriptions',
      body: { plan_id: 'plan_FAKE1', quantity: 2, total_count: 30, customer_notify: 1 },
    });

    // Not simulated: the simulated gateway's paths are unknown.
    const sim = await t.app.inject({
      method: 'POST',
      url: `/api/payment/simulated/subscriptions/${sub.gatewaySubscriptionId}/authorise`,
    });
    expect(sim.statusCode).toBe(404);

    const event = (type: string, payment?: object) =>
      JSON.stringify({
        event: type,
        payload: {
          subscription: { entity: { id: sub.gatewaySubscriptionId, paid_count: 1 } },
          ...(payment && { payment: { entity: payment } }),
        },
      });
    expect(
      (await postWebhook(t, event('subscription.authenticated'), 'evt_a', WEBHOOK_SECRET)).json().status,
    ).toBe('authenticated');
    const charged = event('subscription.charged', {
      id: 'pay_RZP1',
      amount: unit * 2,
      currency: 'INR',
      order_id: 'order_RZP1',
    });
    expect((await postWebhook(t, charged, 'evt_c', WEBHOOK_SECRET)).json().status).toBe('placed');
    expect((await postWebhook(t, charged, 'evt_c2', WEBHOOK_SECRET)).json().status).toBe('duplicate');
    expect((await postWebhook(t, charged, 'evt_x', 'wrong-secret-xx')).statusCode).toBe(400);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.providerPaymentId, 'pay_RZP1'));
    expect(order!.invoiceNumber).toBeTruthy();

    const pause = await s.request({
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/pause`,
      payload: { cycles: 2 },
    });
    expect(pause.json().status).toBe('PAUSED');
    const cancel = await s.request({
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/cancel`,
      payload: { reason: '' },
    });
    expect(cancel.json().status).toBe('CANCELLED');
    await t.app.jobWorker.runDue();
    await t.app.jobWorker.runDue();
    const calls = seen.slice(2).map((c) => `${c.method} ${c.url} ${JSON.stringify(c.body)}`);
    expect(calls).toContain(`POST /v1/subscriptions/${sub.gatewaySubscriptionId}/pause {"pause_at":"now"}`);
    expect(
      calls.some((c) => c.startsWith(`POST /v1/subscriptions/${sub.gatewaySubscriptionId}/cancel`)),
    ).toBe(true);
    // The gateway's own cancelled event afterwards changes nothing.
    expect(
      (await postWebhook(t, event('subscription.cancelled'), 'evt_k', WEBHOOK_SECRET)).json().status,
    ).toBe('ignored');
  });
});
