// Demo mode through the real app: a demo shop has its outbox and simulated gateway; a real shop
// (DEMO_MODE off, providers configured) has neither, and without Razorpay keys it answers 503 to
// online payment instead of taking simulated ones.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../modules/accounts/schema.ts';
import { comboComponents, products } from '../modules/catalog/schema.ts';
import { PAYMENTS_UNAVAILABLE } from '../modules/payments/gateway.ts';
import { DEMO_ADMIN, seedDemoData, seedDemoOnce } from '../seed/demo-seed.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../test/app.ts';
import { addAddress, addToCart, createPaymentOrder } from '../test/commerce.ts';
import { expectServerErrors } from '../test/server-errors.ts';
import { latestCode, type Shopper, sessionCookie } from '../test/shoppers.ts';

describe('a demo shop (the default for tests and npm start)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is in demo mode, with the outbox and the simulated gateway', async () => {
    expect(t.app.config.DEMO_MODE).toBe(true);
    expect(t.app.services.gateway.provider).toBe('simulated');
    await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { mobile: '9812300001' } });
    expect(await latestCode(t.app, '9812300001')).toMatch(/^\d{6}$/);
    // The route exists: an anonymous call is refused for want of a session, not unknown.
    const pay = await t.app.inject({ method: 'POST', url: '/api/payment/simulated/order_sim_x/pay' });
    expect(pay.statusCode).toBe(401);
  });
});

describe('a real shop (DEMO_MODE off)', () => {
  let t: TestApp;
  let sms: Server;
  const codes = new Map<string, string>();

  beforeAll(async () => {
    // An MSG91-like provider on loopback: the test reads login codes from what it was sent.
    sms = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const body = JSON.parse(raw) as { recipients: { mobiles: string; otp: string }[] };
        for (const r of body.recipients) codes.set(r.mobiles.slice(-10), r.otp);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ type: 'success', message: 'ok' }));
      });
    });
    await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      env: {
        DEMO_MODE: 'false',
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'test-auth-key-123',
        MSG91_TEMPLATE_ID: 'tmpl-otp-1',
        MSG91_BASE_URL: `http://127.0.0.1:${(sms.address() as AddressInfo).port}`,
        SMTP_URL: 'smtp://127.0.0.1:9',
        MESSAGE_TIMEOUT_MS: '2000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => sms.close(() => resolve()));
  });

  it('has no outbox: /api/dev/outbox answers 404 for any recipient', async () => {
    for (const to of ['9999900001', 'admin@kesarchakki.in']) {
      const res = await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      expect(res.statusCode).toBe(404);
    }
  });

  it('has no simulated gateway: its pay route answers 404, signed in or not', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/payment/simulated/order_sim_x/pay' });
    expect(anonymous.statusCode).toBe(404);
  });

  it('answers online payment with 503 and a clear message while Razorpay is not configured', async () => {
    const mobile = '9812300002';
    await t.database.db
      .insert(users)
      .values({ mobile, firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.in' });
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { mobile } });
    expect(sent.statusCode, sent.body).toBe(200);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile, otp: codes.get(mobile) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const cookie = sessionCookie(verified);
    const shopper: Shopper = {
      mobile,
      email: 'meera@example.in',
      cookie,
      id: verified.json().user.id,
      request: (opts) => t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } }),
    };
    const [product] = await t.database.db.select().from(products).where(eq(products.slug, 'garam-masala'));
    await addToCart(shopper, product!.id, '100g');
    expectServerErrors();
    const res = await createPaymentOrder(shopper, await addAddress(shopper));
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().message).toBe(PAYMENTS_UNAVAILABLE);
    // And nothing the gateway never issued is accepted as paid.
    const place = await shopper.request({
      method: 'POST',
      url: '/api/orders/place',
      payload: {
        payment: {
          mode: 'RAZORPAY',
          razorpayOrderId: 'order_sim_forged',
          razorpayPaymentId: 'pay_sim_forged',
          razorpaySignature: 'f'.repeat(64),
        },
      },
    });
    expect(place.statusCode).toBeGreaterThanOrEqual(400);
    expect(place.statusCode).toBeLessThan(500);
  });
});

describe('the demo seed', () => {
  it('runs once per database, remembered by its marker, not by an empty catalogue', async () => {
    const database = await createTestDatabase();
    try {
      expect(await seedDemoOnce(database.db)).toBe(true);
      const admins = await database.db.select().from(users).where(eq(users.mobile, DEMO_ADMIN.mobile));
      expect(admins).toHaveLength(1);
      expect(await seedDemoOnce(database.db)).toBe(false);
      // The owner deletes the demo catalogue: a restart must not bring it (or the admin) back.
      await database.db.delete(users);
      // The gift box first: a part cannot go while a combo holds it (decision 0040).
      await database.db.delete(comboComponents);
      await database.db.delete(products);
      expect(await seedDemoOnce(database.db)).toBe(false);
      expect(await database.db.select().from(products)).toHaveLength(0);
      expect(await database.db.select().from(users)).toHaveLength(0);
    } finally {
      await database.close();
    }
  });

  it('loads the catalogue without the demo admin when asked on purpose (npm run seed:demo)', async () => {
    const database = await createTestDatabase();
    try {
      await seedDemoData(database.db, new Date(), { admin: false });
      expect((await database.db.select().from(products)).length).toBeGreaterThanOrEqual(12);
      expect(await database.db.select().from(users)).toHaveLength(0);
      // And a demo boot afterwards does not seed a second time.
      expect(await seedDemoOnce(database.db)).toBe(false);
    } finally {
      await database.close();
    }
  });
});
