import { MESSAGES } from '@spice/shared/messages';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../seed/demo-seed.ts';
import { createTestApp, type TestApp } from './app.ts';
import { ADDRESS, addAddress } from './commerce.ts';
import { type Shopper, signUp, verifyMobile } from './shoppers.ts';
import { postWebhook } from './webhooks.ts';

let t: TestApp;
let shopper: Shopper;
let addressId: number;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  shopper = await signUp(t.app, '9850000088');
  addressId = await addAddress(shopper);
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile, '10.0.0.3')).cookie;
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });

function expectFieldRefused(res: { statusCode: number; json(): unknown; body: string }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect((res.json() as { errors: Record<string, string> }).errors[field]).toBe(
    MESSAGES.unsupportedCharacters,
  );
}

describe('text with a NUL or a lone surrogate', () => {
  it('is refused with the field named, wherever a client sends text', async () => {
    const contact = { name: 'Asha', email: 'asha@example.in', phone: '9876543210', message: 'Hello' };
    for (const bad of ['a\u0000b', 'a\uD800b', '\uDC00']) {
      expectFieldRefused(
        await t.app.inject({
          method: 'POST',
          url: '/api/contact/send',
          payload: { ...contact, message: bad },
        }),
        'message',
      );
    }
    expectFieldRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/coupons/validate',
        payload: { code: 'WELCOME\u0000', cartAmount: 500 },
      }),
      'code',
    );
    expectFieldRefused(
      await shopper.request({
        method: 'POST',
        url: `/api/addresses/${shopper.mobile}`,
        payload: { ...ADDRESS, city: 'Pune\u0000' },
      }),
      'city',
    );
    expectFieldRefused(
      await shopper.request({
        method: 'PUT',
        url: `/api/addresses/${addressId}`,
        payload: { ...ADDRESS, addressLine: '\uD800' },
      }),
      'addressLine',
    );
    expectFieldRefused(
      await shopper.request({
        method: 'POST',
        url: '/api/email/send-otp',
        payload: { email: 'a\u0000@x.in' },
      }),
      'email',
    );
    expectFieldRefused(
      await asAdmin({
        method: 'PUT',
        url: '/api/admin/settings',
        payload: { storeName: 'Shop\u0000', title: 'T', description: 'D', version: 1 },
      }),
      'storeName',
    );
    expectFieldRefused(
      await asAdmin({ method: 'PUT', url: '/api/admin/reviews/1/reply', payload: { reply: 'Thanks\u0000' } }),
      'reply',
    );
  });

  it('is refused in a path parameter', async () => {
    const res = await shopper.request({ method: 'POST', url: '/api/payment/simulated/order%00x/pay' });
    expectFieldRefused(res, 'orderId');
    const admin = await asAdmin({
      method: 'PUT',
      url: '/api/admin/orders/KC%00/status',
      payload: { status: 'SHIPPED', version: 1 },
    });
    expect(admin.statusCode).toBe(400);
  });
});

describe('numbers', () => {
  it('answers 400 to a cart amount of 1e308 or a string of digits past any cart', async () => {
    for (const cartAmount of [1e308, -1e308, '1e308', 10_000_001]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/coupons/validate',
        payload: { code: 'WELCOME10', cartAmount },
      });
      expect(res.statusCode, `${cartAmount}: ${res.body}`).toBe(400);
    }
  });
});

describe('ids past a database integer', () => {
  it.each([['2147483648'], ['9007199254740992'], ['-1']])(
    'answer 400 or 404 to id %s, never 500, in paths and bodies',
    async (id) => {
      const shopperRequests: InjectOptions[] = [
        { method: 'DELETE', url: `/api/addresses/${id}` },
        { method: 'PUT', url: `/api/addresses/${id}/set-default`, payload: {} },
        { method: 'DELETE', url: `/api/cart/${id}` },
        { method: 'PUT', url: `/api/cart/quantity/${id}?quantity=1`, payload: {} },
        { method: 'POST', url: '/api/orders/place-cod', payload: { addressId: Number(id), amount: 1 } },
        {
          method: 'POST',
          url: '/api/payment/create-razorpay-order',
          payload: { addressId: Number(id), amount: 1 },
        },
        { method: 'GET', url: `/api/reviews/${id}` },
        { method: 'GET', url: `/api/products/${id}` },
      ];
      for (const request of shopperRequests) {
        const res = await shopper.request(request);
        expect([400, 404], `${request.method} ${request.url} ${res.body}`).toContain(res.statusCode);
      }
      const adminRequests: InjectOptions[] = [
        { method: 'POST', url: `/api/admin/jobs/${id}/retry`, payload: {} },
        { method: 'PUT', url: `/api/admin/reviews/${id}/visibility`, payload: { hidden: true } },
        { method: 'PUT', url: `/api/admin/contact-messages/${id}/read`, payload: { read: true } },
        { method: 'GET', url: `/api/admin/coupons/${id}` },
        { method: 'GET', url: `/api/admin/products/${id}` },
        { method: 'GET', url: `/api/admin/customers/${id}` },
        { method: 'POST', url: `/api/admin/variants/${id}/stock`, payload: { change: 1, reason: 'Count' } },
        { method: 'PUT', url: `/api/admin/coupons/1/active`, payload: { active: true, version: Number(id) } },
        { method: 'DELETE', url: `/api/admin/banners/1?version=${id}` },
      ];
      for (const request of adminRequests) {
        const res = await asAdmin(request);
        expect([400, 404], `${request.method} ${request.url} ${res.body}`).toContain(res.statusCode);
      }
    },
  );
});

describe('names every JavaScript object inherits', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    "answer 404 as a shipping webhook's provider: %s",
    async (provider) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/shipping/webhook/${provider}`,
        headers: { 'x-api-key': 'anything' },
        payload: { awb: 'AWB1', current_status: 'DELIVERED' },
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ message: 'Unknown shipping provider.' });
    },
  );
});

describe('the payments webhook', () => {
  it('answers 400 to a validly signed body that is not a JSON object', async () => {
    for (const body of ['not json', '{"event":', 'null', '[1]', '"x"']) {
      const res = await postWebhook(t, body);
      expect(res.statusCode, `${body}: ${res.body}`).toBe(400);
    }
  });
});

describe('back-office reads from a stranger', () => {
  it('answer 401 signed out and 403 to a shopper before the path or query is validated, on every operation', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const reads = Object.entries(doc.paths)
      .filter(([path, ops]) => path.startsWith('/api/admin/') && 'get' in ops)
      .filter(([path]) => path !== '/api/admin/shipping-milestones')
      .map(([path]) => path);
    expect(reads.length).toBeGreaterThan(25);
    for (const path of reads) {
      // Path and query that fail every schema: a stranger learns nothing about what they should hold.
      const url = `${path.replaceAll(/\{[^}]+\}/g, '-1x%00')}?page=-5&size=abc&from=nonsense&status=__proto__`;
      expect((await t.app.inject({ url })).statusCode, `GET ${url}`).toBe(401);
      expect((await shopper.request({ url })).statusCode, `GET ${url}`).toBe(403);
    }
    // The one back-office path the storefront reads stays public.
    expect((await t.app.inject({ url: '/api/admin/shipping-milestones' })).statusCode).toBe(200);
  });
});

describe('back-office writes from a stranger', () => {
  it('answer 401 signed out and 403 to a shopper before the body is validated, on every operation', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => m !== 'get')
          .map((method) => ({
            method: method.toUpperCase() as InjectOptions['method'],
            url: path.replaceAll(/\{[^}]+\}/g, '1'),
          })),
      );
    expect(writes.length).toBeGreaterThan(25);
    for (const write of writes) {
      // A body that fails every schema: a stranger learns nothing about what it should hold.
      const request = { ...write, payload: { nonsense: true } };
      expect((await t.app.inject(request)).statusCode, `${write.method} ${write.url}`).toBe(401);
      expect((await shopper.request(request)).statusCode, `${write.method} ${write.url}`).toBe(403);
    }
  });
});
