// Every per-address limit (login and e-mail code sends, wrong codes, contact messages, coupon
// guesses) counts an IPv6 client by its /64: walking through the addresses of one prefix does
// not get past a limit, while another /64 is another client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { latestCode } from './shoppers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      OTP_SENDS_PER_IP_PER_HOUR: '2',
      OTP_VERIFIES_PER_IP_PER_HOUR: '3',
      CONTACT_PER_IP_PER_HOUR: '2',
      COUPON_GUESSES_PER_MINUTE: '2',
      OTP_RESEND_SECONDS: '0',
    },
  });
});
afterAll(async () => {
  await t.close();
});

/** The n-th address inside one /64 (the last 64 bits vary). */
const inPrefix = (prefix: string, n: number) => `${prefix}:${n.toString(16)}:a${n}:0:${n + 1}`;

const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

const contact = {
  name: 'Ritu Bansal',
  email: 'ritu.bansal@example.in',
  phone: '9876543210',
  message: 'Do you ship to Guwahati?',
};

describe('per-address limits count an IPv6 address by its /64', () => {
  it('login code sends', async () => {
    const prefix = '2001:db8:10:1';
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/auth/otp/send', { mobile: `981110000${i}` }, inPrefix(prefix, i));
      expect(res.statusCode, res.body).toBe(200);
    }
    const third = await post('/api/auth/otp/send', { mobile: '9811100009' }, inPrefix(prefix, 9));
    expect(third.statusCode, third.body).toBe(429);
    const otherPrefix = await post('/api/auth/otp/send', { mobile: '9811100009' }, '2001:db8:10:2::1');
    expect(otherPrefix.statusCode, otherPrefix.body).toBe(200);
  });

  it('contact messages', async () => {
    const prefix = '2001:db8:20:1';
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/contact/send', contact, inPrefix(prefix, i))).statusCode).toBe(201);
    }
    expect((await post('/api/contact/send', contact, inPrefix(prefix, 7))).statusCode).toBe(429);
    expect((await post('/api/contact/send', contact, '2001:db8:20:2::7')).statusCode).toBe(201);
  });

  it('coupon guesses', async () => {
    const prefix = '2001:db8:30:1';
    const guess = (code: string, ip: string) => post('/api/coupons/validate', { code, cartAmount: 1000 }, ip);
    for (let i = 0; i < 2; i++) expect((await guess(`NOPE${i}`, inPrefix(prefix, i))).statusCode).toBe(400);
    expect((await guess('NOPE9', inPrefix(prefix, 9))).statusCode).toBe(429);
    expect((await guess('NOPE9', '2001:db8:30:2::9')).statusCode).toBe(400);
  });

  it('an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
    for (let i = 0; i < 2; i++) {
      expect(
        (await post('/api/contact/send', contact, i ? '::ffff:198.51.100.4' : '198.51.100.4')).statusCode,
      ).toBe(201);
    }
    expect((await post('/api/contact/send', contact, '::ffff:c633:6404')).statusCode).toBe(429);
  });
});

describe('wrong login codes are limited per address', () => {
  it('refuses a fourth wrong code from one /64 within the hour (429 with Retry-After), whatever the number', async () => {
    const prefix = '2001:db8:40:1';
    const mobiles = ['9811200001', '9811200002', '9811200003', '9811200004'];
    for (const [i, mobile] of mobiles.entries()) {
      expect((await post('/api/auth/otp/send', { mobile }, `2001:db8:41:${i}::1`)).statusCode).toBe(200);
    }
    const verify = (mobile: string, otp: string, ip: string) =>
      post('/api/auth/otp/verify', { mobile, otp }, ip);
    for (let i = 0; i < 3; i++) {
      const mobile = mobiles[i]!;
      const code = await latestCode(t.app, mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await verify(mobile, wrong, inPrefix(prefix, i))).statusCode).toBe(400);
    }
    // Even the right code waits: otherwise a guess past the limit would tell whether it was right.
    const last = mobiles[3]!;
    const blocked = await verify(last, await latestCode(t.app, last), inPrefix(prefix, 5));
    expect(blocked.statusCode, blocked.body).toBe(429);
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(blocked.json().retryAfterSeconds).toBe(wait);
    // Right codes never count, and another /64 is another client.
    const elsewhere = await verify(last, await latestCode(t.app, last), '2001:db8:40:2::5');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});
