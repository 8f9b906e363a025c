// Coupon codes can be guessed: wrong codes are limited per address and per shopper (10 a minute by
// default), in the shared rate-limit store; right codes never count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/shoppers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const validate = (code: string, ip: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/coupons/validate',
    payload: { code, cartAmount: 1000 },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });

describe('POST /api/coupons/validate', () => {
  it('answers a right code with its discount and a wrong one with 400', async () => {
    const right = await validate('WELCOME10', '10.20.0.1');
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().code).toBe('WELCOME10');
    expect((await validate('NOPE', '10.20.0.1')).statusCode).toBe(400);
  });

  it('stops an address after 10 wrong codes in a minute: 429 with Retry-After and retryAfterSeconds', async () => {
    const ip = '10.20.0.2';
    for (let i = 0; i < 10; i++) {
      const res = await validate(`GUESS${i}`, ip);
      expect(res.statusCode, res.body).toBe(400);
    }
    const blocked = await validate('GUESS10', ip);
    expect(blocked.statusCode).toBe(429);
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(blocked.json()).toMatchObject({
      retryAfterSeconds: wait,
      message: expect.stringMatching(new RegExp(`wait ${wait} seconds?`)),
    });
    // Even a right code waits: otherwise the 11th guess would tell whether it was right.
    expect((await validate('WELCOME10', ip)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await validate('WELCOME10', '10.20.0.3')).statusCode).toBe(200);
  });

  it('never counts right codes', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await validate(i % 2 ? 'WELCOME10' : 'FLAT50', '10.20.0.4')).statusCode).toBe(200);
    }
  });

  it('stops a signed-in shopper after 10 wrong codes, whichever addresses they come from', async () => {
    const shopper = await signUp(t.app, '9812400001');
    for (let i = 0; i < 10; i++) {
      expect((await validate(`TRY${i}`, `10.21.0.${i + 1}`, shopper.cookie)).statusCode).toBe(400);
    }
    const blocked = await validate('TRY10', '10.21.1.1', shopper.cookie);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().retryAfterSeconds).toBeGreaterThan(0);
    // The same fresh address without that session is still served.
    expect((await validate('WELCOME10', '10.21.1.1')).statusCode).toBe(200);
  });
});
