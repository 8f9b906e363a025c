// Real mode: the official SDK against a loopback fake of Razorpay's orders API, up and down.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProductList } from '@spice/shared/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, placementPayload } from '../../test/commerce.ts';
import { expectServerErrors } from '../../test/server-errors.ts';
import { signUp } from '../../test/shoppers.ts';

const KEY_ID = 'rzp_test_FAKEKEY123';
const KEY_SECRET = 'fake-secret-for-tests';
const WEBHOOK_SECRET = 'fake-webhook-secret';

let fake: Server;
let fakeUrl: string;
const seen: {
  auth: string | undefined;
  body: { amount: number; currency: string; receipt: string; notes: object };
}[] = [];

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/v1/orders') {
        res.statusCode = 404;
        return res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'not found' } }));
      }
      const body = JSON.parse(raw);
      seen.push({ auth: req.headers.authorization, body });
      res.end(
        JSON.stringify({
          id: `order_FAKE${seen.length}`,
          entity: 'order',
          amount: body.amount,
          currency: 'INR',
          status: 'created',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

async function shopperWithCart(t: TestApp, mobile: string) {
  const products = ProductList.parse((await t.app.inject('/api/products')).json());
  const garam = products.find((p) => p.slug === 'garam-masala')!;
  const s = await signUp(t.app, mobile);
  const address = await addAddress(s);
  await addToCart(s, garam.id, garam.variants[0]!.weight, 2);
  return { s, address };
}

describe('Razorpay (real mode, loopback fake)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        // A demo shop with Razorpay test keys: shoppers still log in through the dev outbox.
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

  it('creates the order through the SDK with amount, receipt and notes, and verifies Razorpay signatures', async () => {
    const { s, address } = await shopperWithCart(t, '9811100001');
    const res = await createPaymentOrder(s, address);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      provider: 'razorpay',
      keyId: KEY_ID,
      orderId: `order_FAKE${seen.length}`,
    });
    const sent = seen.at(-1)!;
    expect(sent.auth).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(sent.body).toMatchObject({
      amount: res.json().amount,
      currency: 'INR',
      receipt: expect.any(String),
      notes: { mobile: s.mobile },
    });

    // The simulated gateway's pay endpoint does not exist in real mode.
    expect(
      (await s.request({ method: 'POST', url: `/api/payment/simulated/${res.json().orderId}/pay` }))
        .statusCode,
    ).toBe(404);

    const orderId = res.json().orderId;
    const paymentId = 'pay_REAL123';
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
    expect(placed.json().orderNumber).toMatch(/^KC/);
  });

  it('checks webhooks with the webhook secret', async () => {
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_W1', order_id: 'order_unknown' } } },
    });
    const good = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
    const bad = createHmac('sha256', KEY_SECRET).update(body).digest('hex');
    const send = (sig: string, id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/razorpay/webhook',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': sig,
          'x-razorpay-event-id': id,
        },
      });
    expect((await send(bad, 'evt_a')).statusCode).toBe(400);
    expect((await send(good, 'evt_b')).json()).toEqual({ status: 'ignored' });
  });
});

describe('Razorpay down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        // A demo shop with Razorpay test keys: shoppers still log in through the dev outbox.
        DEMO_MODE: 'true',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_API_URL: 'http://127.0.0.1:9',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 'Failed to create Razorpay order.' and holds no stock", async () => {
    const { s, address } = await shopperWithCart(t, '9811100002');
    const before = ProductList.parse((await t.app.inject('/api/products')).json()).find(
      (p) => p.slug === 'garam-masala',
    )!.variants[0]!.stock;
    expectServerErrors();
    const res = await createPaymentOrder(s, address);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Failed to create Razorpay order.');
    t.app.services.catalog.invalidate();
    const after = ProductList.parse((await t.app.inject('/api/products')).json()).find(
      (p) => p.slug === 'garam-masala',
    )!.variants[0]!.stock;
    expect(after).toBe(before);
  });
});
