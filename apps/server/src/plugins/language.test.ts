// The storefront API answers in Hindi when the request asks for Hindi first, and in the spec's
// English exactly as before otherwise; the back office stays English. One representative error
// (or success text) per module.
import { MESSAGES } from '@spice/shared/messages';
import { MESSAGES_HI } from '@spice/shared/messages-hi';
import { GENERIC_INVALID_HI } from '@spice/shared/texts-hi';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { type Shopper, signUp } from '../test/shoppers.ts';

let t: TestApp;
let s: Shopper;
const HI = 'hi-IN,hi;q=0.9,en-IN;q=0.8';

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  s = await signUp(t.app, '9811100001');
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** The same request without a language, in English, and in Hindi: status and body of each. */
async function both(opts: InjectOptions, as: Shopper | null = null) {
  const send = (headers: Record<string, string>) => {
    const o = { ...opts, headers: { ...(opts.headers ?? {}), ...headers } };
    return as ? as.request(o) : t.app.inject(o);
  };
  const [none, en, hi] = await Promise.all([
    send({}),
    send({ 'accept-language': 'en-IN,en;q=0.9' }),
    send({ 'accept-language': HI }),
  ]);
  expect(en.statusCode).toBe(none.statusCode);
  expect(hi.statusCode).toBe(none.statusCode);
  expect(en.json()).toEqual(none.json());
  return { status: none.statusCode, en: none.json(), hi: hi.json() };
}

describe('shopper-facing errors in Hindi', () => {
  const cases: [string, InjectOptions, boolean, number, string, string][] = [
    [
      'auth: a bad mobile (contract validation)',
      { method: 'POST', url: '/api/auth/otp/send', payload: { mobile: '12' } },
      false,
      400,
      MESSAGES.invalidMobile,
      MESSAGES_HI.invalidMobile,
    ],
    [
      'cart: not logged in',
      { method: 'POST', url: '/api/cart', payload: { productId: 1, variant: '100g', quantity: 1 } },
      false,
      401,
      MESSAGES.loginRequired,
      MESSAGES_HI.loginRequired,
    ],
    [
      'delivery: an unknown pincode',
      { method: 'GET', url: '/api/pincodes/999999' },
      false,
      404,
      'We could not find this pincode.',
      'यह पिनकोड हमें नहीं मिला।',
    ],
    [
      'coupons: an unknown code',
      { method: 'POST', url: '/api/coupons/validate', payload: { code: 'NOSUCH', cartAmount: 500 } },
      true,
      400,
      'Invalid or expired coupon.',
      'यह कूपन सही नहीं है या इसकी मियाद ख़त्म हो चुकी है।',
    ],
    [
      'contact: missing fields',
      { method: 'POST', url: '/api/contact/send', payload: { name: '', email: '', phone: '', message: '' } },
      false,
      400,
      MESSAGES.contactRequired,
      MESSAGES_HI.contactRequired,
    ],
    [
      'orders: someone else’s order',
      { method: 'GET', url: '/api/orders/KC000000-NOSUCH' },
      true,
      404,
      'Order not found.',
      'ऑर्डर नहीं मिला।',
    ],
    [
      'checkout: no such address',
      { method: 'POST', url: '/api/orders/place-cod', payload: { addressId: 999999, amount: 100 } },
      true,
      404,
      'Please select a delivery address.',
      'कृपया डिलीवरी का पता चुनें।',
    ],
    [
      'cart: an empty cart cannot take a coupon',
      { method: 'POST', url: '/api/coupons/validate', payload: { code: 'WELCOME10', cartAmount: 0 } },
      true,
      400,
      'Your cart is empty.',
      'आपका कार्ट ख़ाली है।',
    ],
    [
      'reviews: no rating',
      { method: 'POST', url: '/api/reviews', payload: { productId: 1, rating: 0, description: 'x' } },
      true,
      400,
      MESSAGES.reviewRating,
      MESSAGES_HI.reviewRating,
    ],
    [
      'an unknown API path',
      { method: 'GET', url: '/api/no-such-thing' },
      false,
      404,
      'No route for GET /api/no-such-thing',
      'यह पता मौजूद नहीं है: GET /api/no-such-thing',
    ],
  ];
  it.each(cases)('%s', async (_name, opts, loggedIn, status, english, hindi) => {
    const r = await both(opts, loggedIn ? s : null);
    expect(r.status).toBe(status);
    expect(r.en.message).toBe(english);
    expect(r.hi.message).toBe(hindi);
    for (const text of Object.values((r.hi.errors ?? {}) as Record<string, string>)) {
      expect(text).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('a field error Zod words itself falls back to a Hindi line rather than English', async () => {
    const r = await both(
      { method: 'POST', url: '/api/cart', payload: { productId: 1, variantId: -4, quantity: 1 } },
      s,
    );
    expect(r.status).toBe(400);
    expect(r.en.message).not.toMatch(/[\u0900-\u097F]/);
    expect(r.hi.message).toBe(GENERIC_INVALID_HI);
  });

  it('success texts too: the contact form’s confirmation', async () => {
    const payload = { name: 'Asha', email: 'asha@example.in', phone: '9876543210', message: 'Namaste' };
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/contact/send',
      payload,
      remoteAddress: '10.9.0.1',
    });
    const hi = await t.app.inject({
      method: 'POST',
      url: '/api/contact/send',
      payload,
      remoteAddress: '10.9.0.2',
      headers: { 'accept-language': HI },
    });
    expect(en.json().message).toBe(MESSAGES.contactSent);
    expect(hi.json().message).toBe(MESSAGES_HI.contactSent);
  });

  it('a request that prefers English over Hindi stays English', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: 1, variant: '100g', quantity: 1 },
      headers: { 'accept-language': 'en-GB,hi;q=0.5' },
    });
    expect(r.json().message).toBe(MESSAGES.loginRequired);
  });

  it('the back office stays English', async () => {
    const r = await t.app.inject({ url: '/api/admin/orders', headers: { 'accept-language': HI } });
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toBe(MESSAGES.loginRequired);
  });
});
