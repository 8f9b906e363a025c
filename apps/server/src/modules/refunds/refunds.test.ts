// Refunds (issue 16): a cancelled paid order is refunded once, however the cancel is clicked or
// raced; the simulated gateway completes it; Razorpay's refunds API is called as documented (a
// loopback fake) and never twice for one refund; its webhooks settle a refund once.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { OrderDetail } from '@spice/shared/contracts/commerce';
import { formatRupees } from '@spice/shared/money';
import { refundShare } from '@spice/shared/refunds';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addAddress,
  addToCart,
  createPaymentOrder,
  payAndPlace,
  placementPayload,
} from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { postWebhook } from '../../test/webhooks.ts';
import { users } from '../accounts/schema.ts';
import { jobs } from '../jobs/schema.ts';
import { payments } from '../payments/schema.ts';
import { refunds } from './schema.ts';

let n = 0;
const nextMobile = () => `98333${String(10000 + n++).slice(-5)}`;

async function orderInCart(t: TestApp) {
  const garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
  const s = await signUp(t.app, nextMobile());
  const address = await addAddress(s);
  await addToCart(s, garam.id, garam.variants[0]!.weight, 2);
  return { s, address };
}

/** The demo admin, or a second admin (a shopper given the admin role), acting through the API. */
function adminOf(t: TestApp, mobile: string = DEMO_ADMIN.mobile) {
  let cookie = '';
  return async (opts: { method?: 'GET' | 'PUT' | 'POST'; url: string; payload?: object }) => {
    if (!cookie) {
      if (mobile !== DEMO_ADMIN.mobile) {
        const s = await signUp(t.app, mobile);
        await t.database.db.update(users).set({ role: 'OWNER' }).where(eq(users.id, s.id));
        cookie = s.cookie;
      } else cookie = (await verifyMobile(t.app, mobile)).cookie;
    }
    return t.app.inject({ ...opts, headers: { cookie } });
  };
}

const cancel = (admin: ReturnType<typeof adminOf>, orderNumber: string, version: number) =>
  admin({
    method: 'PUT',
    url: `/api/admin/orders/${orderNumber}/status`,
    payload: { status: 'CANCELLED', version },
  });

describe('refunds through the simulated gateway', () => {
  let t: TestApp;
  let admin: ReturnType<typeof adminOf>;
  beforeAll(async () => {
    t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
    admin = adminOf(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  async function paidOrder() {
    const { s, address } = await orderInCart(t);
    const { placed } = await payAndPlace(s, (await createPaymentOrder(s, address)).json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    return {
      s,
      orderNumber: placed.json().orderNumber as string,
      total: placed.json().totalAmount as number,
    };
  }

  it('refunds a cancelled paid order once when cancel is clicked twice or two admins race', async () => {
    const { s, orderNumber, total } = await paidOrder();
    const other = adminOf(t, '9833399999');
    await admin({ url: '/api/admin/orders' }); // both signed in before they race
    await other({ url: '/api/admin/orders' });
    const answers = await Promise.all([
      cancel(admin, orderNumber, 1),
      cancel(admin, orderNumber, 1),
      cancel(other, orderNumber, 1),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await cancel(admin, orderNumber, 2)).statusCode).toBe(409);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderNumber, orderNumber));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPaise: Math.round(total * 100), status: 'pending' });

    // Pending until the job runs; the simulated gateway completes it.
    let mine = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(mine.refunds).toEqual([
      { id: rows[0]!.id, amount: total, status: 'pending', createdAt: expect.any(String) },
    ]);
    await t.app.jobWorker.runDue();
    await t.app.jobWorker.runDue();
    mine = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(mine.refunds).toMatchObject([{ amount: total, status: 'processed' }]);
    const owner = AdminOrderDetail.parse((await admin({ url: `/api/admin/orders/${orderNumber}` })).json());
    expect(owner.refunds).toMatchObject([{ amount: total, status: 'processed' }]);

    const mail = (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(s.email)}`)).json();
    expect(mail.filter((m: { subject: string }) => m.subject.startsWith('Refund for'))).toHaveLength(1);
    expect(mail.filter((m: { subject: string }) => m.subject.endsWith('is cancelled'))).toHaveLength(1);
  }, 60_000);

  it('refunds chosen lines for their share of what was paid, once per click, and the rest on cancel', async () => {
    const { s, orderNumber, total } = await paidOrder();
    const order = AdminOrderDetail.parse((await admin({ url: `/api/admin/orders/${orderNumber}` })).json());
    const line = order.items[0]!;
    expect(line.quantity).toBe(2);
    const ask = () =>
      admin({
        method: 'POST',
        url: `/api/admin/orders/${orderNumber}/refunds`,
        payload: { version: order.version, lines: [{ itemId: line.id, quantity: 1 }] },
      });
    const [first, second] = await Promise.all([ask(), ask()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const share = refundShare({
      totalPaise: Math.round(total * 100),
      subtotalPaise: Math.round(order.totals.subtotal * 100),
      refundedValuePaise: 0,
      chosenValuePaise: Math.round(line.price * 100),
    });
    const after = AdminOrderDetail.parse((first.statusCode === 200 ? first : second).json());
    expect(after.refunds).toMatchObject([{ amount: share / 100, status: 'pending' }]);
    const tooMany = await admin({
      method: 'POST',
      url: `/api/admin/orders/${orderNumber}/refunds`,
      payload: { version: after.version, lines: [{ itemId: line.id, quantity: 2 }] },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(`Only 1 of ${line.productName} ${line.variant} left to refund.`);

    expect((await cancel(admin, orderNumber, after.version)).statusCode).toBe(200);
    await t.app.jobWorker.runDue();
    const mine = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(mine.refunds.map((r) => r.status)).toEqual(['processed', 'processed']);
    expect(Math.round(mine.refunds.reduce((sum, r) => sum + r.amount * 100, 0))).toBe(
      Math.round(total * 100),
    );
    // The cancellation's message says what it refunds: the rest, not the whole total again.
    await t.app.jobWorker.runDue();
    const mail = (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(s.email)}`)).json();
    const cancelled = mail.find((m: { subject: string }) => m.subject.endsWith('is cancelled'));
    expect(cancelled.text).toContain(
      `${formatRupees(Math.round(total * 100) - share)}, the part of the ${formatRupees(Math.round(total * 100))} you paid not refunded yet, will be refunded`,
    );
  }, 60_000);

  it('refunds a captured payment that could not become an order, and the ledger says Refunded', async () => {
    const { s, address } = await orderInCart(t);
    const { orderId } = (await createPaymentOrder(s, address)).json();
    const { placed } = await payAndPlace(s, orderId);
    expect(placed.statusCode).toBe(200);
    const second = await payAndPlace(s, orderId); // paid again from another tab
    expect(second.placed.statusCode).toBe(409);
    const paymentId = second.payment.razorpayPaymentId as string;
    const [pending] = await t.database.db.select().from(payments).where(eq(payments.paymentId, paymentId));
    expect(pending!.status).toBe('refund_pending');
    await t.app.jobWorker.runDue();
    const [done] = await t.database.db.select().from(payments).where(eq(payments.paymentId, paymentId));
    expect(done!.status).toBe('refunded');
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(refund).toMatchObject({ status: 'processed', amountPaise: pending!.amountPaise, orderId: null });
  }, 60_000);

  it('leaves a cash on delivery order without a refund', async () => {
    const { orderNumber } = await paidOrder();
    const { s, address } = await orderInCart(t);
    const quote = await s.request({
      method: 'POST',
      url: '/api/orders/place-cod',
      payload: { addressId: address, amount: 1 },
    });
    const cod = await s.request({
      method: 'POST',
      url: '/api/orders/place-cod',
      payload: { addressId: address, amount: quote.json().amount },
    });
    expect(cod.statusCode, cod.body).toBe(201);
    expect((await cancel(admin, cod.json().orderNumber, 1)).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(refunds).where(eq(refunds.orderNumber, cod.json().orderNumber)),
    ).toEqual([]);
    expect(orderNumber).toBeTruthy();
  }, 60_000);
});

describe('refunds through Razorpay (loopback fake)', () => {
  const KEY_ID = 'rzp_test_FAKEKEY123';
  const KEY_SECRET = 'fake-secret-for-tests';
  const WEBHOOK_SECRET = 'fake-webhook-secret';
  let fake: Server;
  let t: TestApp;
  let admin: ReturnType<typeof adminOf>;
  const made: { id: string; payment: string; amount: number; receipt: string; status: string }[] = [];
  const calls: { method: string; url: string; auth?: string; body?: Record<string, unknown> }[] = [];
  let failNextRefund = 0;

  beforeAll(async () => {
    fake = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        const body = raw ? JSON.parse(raw) : undefined;
        calls.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body });
        if (req.method === 'POST' && req.url === '/v1/orders') {
          return res.end(
            JSON.stringify({ id: `order_FAKE${calls.length}`, amount: body.amount, status: 'created' }),
          );
        }
        const refund = req.url!.match(/^\/v1\/payments\/(pay_\w+)\/refunds?(\?.*)?$/);
        if (refund && req.method === 'GET') {
          const items = made.filter((r) => r.payment === refund[1]);
          return res.end(JSON.stringify({ entity: 'collection', count: items.length, items }));
        }
        if (refund && req.method === 'POST' && req.url!.endsWith('/refund')) {
          if (failNextRefund-- > 0) {
            res.statusCode = 502;
            return res.end(
              JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'upstream hiccup' } }),
            );
          }
          const row = {
            id: `rfnd_FAKE${made.length + 1}`,
            entity: 'refund',
            payment: refund[1]!,
            amount: body.amount,
            receipt: body.receipt,
            status: 'pending',
          };
          made.push(row);
          return res.end(JSON.stringify({ ...row, payment_id: row.payment }));
        }
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'not found' } }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      env: {
        DEMO_MODE: 'true',
        OTP_SENDS_PER_IP_PER_HOUR: '100000',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
        JOBS_RETRY_BASE_MS: '10',
      },
    });
    admin = adminOf(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });

  async function paidOrder(s: Shopper, address: number, paymentId: string) {
    const { orderId } = (await createPaymentOrder(s, address)).json();
    const signature = createHmac('sha256', KEY_SECRET).update(`${orderId}|${paymentId}`).digest('hex');
    const placed = await s.request({
      method: 'POST',
      url: '/api/orders/place',
      payload: placementPayload({
        razorpayOrderId: orderId,
        razorpayPaymentId: paymentId,
        razorpaySignature: signature,
      }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json() as { orderNumber: string; totalAmount: number };
  }

  const webhook = (event: string, entity: object, eventId: string) => {
    const body = JSON.stringify({ event, payload: { refund: { entity } } });
    return postWebhook(t, body, eventId, WEBHOOK_SECRET);
  };

  it('asks Razorpay once for the refund, retrying a failed call, and settles it by webhook once', async () => {
    const { s, address } = await orderInCart(t);
    const { orderNumber, totalAmount } = await paidOrder(s, address, 'pay_REFUND1');
    expect((await cancel(admin, orderNumber, 1)).statusCode).toBe(200);
    failNextRefund = 1;
    // The first call fails (502); the job is retried after its back-off (10 ms here) and succeeds.
    for (let i = 0; i < 3; i++) {
      await t.app.jobWorker.runDue();
      await new Promise((r) => setTimeout(r, 30));
    }
    const [job] = (await t.database.db.select().from(jobs)).filter((j) => j.name === 'refund');
    expect(job).toMatchObject({ status: 'done', attempts: 2 });

    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderNumber, orderNumber));
    const posts = calls.filter((c) => c.method === 'POST' && c.url === '/v1/payments/pay_REFUND1/refund');
    expect(posts).toHaveLength(2); // one refused with 502, one made
    expect(posts[1]!.auth).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(posts[1]!.body).toMatchObject({
      amount: Math.round(totalAmount * 100),
      receipt: refund!.id,
      notes: { refund_id: refund!.id, order_number: orderNumber },
    });
    expect(made).toHaveLength(1);
    expect(refund).toMatchObject({ status: 'pending', providerRefundId: 'rfnd_FAKE1' });

    // The job run again (a retry after a crash) finds the refund made and asks for none.
    await t.database.db.update(refunds).set({ providerRefundId: null }).where(eq(refunds.id, refund!.id));
    await t.app.services.refunds.execute(refund!.id);
    expect(made).toHaveLength(1);

    const entity = {
      id: 'rfnd_FAKE1',
      payment_id: 'pay_REFUND1',
      amount: made[0]!.amount,
      receipt: refund!.id,
      status: 'processed',
    };
    expect((await webhook('refund.processed', entity, 'evt_r1')).json()).toEqual({ status: 'refund' });
    expect((await webhook('refund.processed', entity, 'evt_r1')).json()).toEqual({ status: 'duplicate' });
    expect((await webhook('refund.processed', entity, 'evt_r1_redelivered')).json()).toEqual({
      status: 'refund',
    });
    expect((await webhook('refund.failed', entity, 'evt_r2')).json()).toEqual({ status: 'refund' });
    const mine = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(mine.refunds).toMatchObject([{ amount: totalAmount, status: 'processed' }]);
    const messages = (await t.database.db.select().from(jobs)).filter(
      (j) => j.name === 'order-message' && (j.payload as { event: string }).event === 'refunded',
    );
    expect(messages).toHaveLength(1);
  }, 60_000);

  it('ignores a refund webhook for a refund it does not know', async () => {
    const entity = {
      id: 'rfnd_UNKNOWN',
      payment_id: 'pay_X',
      amount: 100,
      receipt: 'rf_nope',
      status: 'processed',
    };
    expect((await webhook('refund.processed', entity, 'evt_unknown')).json()).toEqual({ status: 'ignored' });
  });
});
