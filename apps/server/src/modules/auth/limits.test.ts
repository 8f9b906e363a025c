// The caps are settings: here they are lowered or the wait removed to exercise them quickly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { latestCode } from '../../test/shoppers.ts';
import { expectWaitSaid } from '../../test/too-many.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: {
      OTP_RESEND_SECONDS: '0',
      OTP_SENDS_PER_IP_PER_HOUR: '1000',
      OTP_SENDS_PER_NUMBER_PER_15_MIN: '10',
      TRUST_PROXY: '1',
    },
  });
});
afterAll(async () => {
  await t.close();
});

const send = (mobile: string, ip = '10.2.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { mobile }, remoteAddress: ip });

describe('resends and caps', () => {
  it('allows 3 resends per login, each replacing the code', async () => {
    const mobile = '9988700001';
    expect((await send(mobile)).json()).toEqual({ resendAfterSeconds: 0, resendsLeft: 3 });
    const first = await latestCode(t.app, mobile);
    const lefts: number[] = [];
    for (let i = 0; i < 3; i++) lefts.push((await send(mobile)).json().resendsLeft);
    expect(lefts).toEqual([2, 1, 0]);
    const fourth = await send(mobile);
    // Until the login's code expires (5 minutes).
    const wait = expectWaitSaid(fourth);
    expect(wait).toBeGreaterThan(280);
    expect(wait).toBeLessThanOrEqual(300);
    // Not the resend wait: the page must not take it for a code on its way.
    expect(fourth.json()).not.toHaveProperty('codeSent');
    const latest = await latestCode(t.app, mobile);
    if (latest !== first) {
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/auth/otp/verify',
        payload: { mobile, otp: first },
      });
      expect(old.statusCode).toBe(400);
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile, otp: latest },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('caps sends per number at 10 within 15 minutes', async () => {
    const mobile = '9988700002';
    // Each login allows 1 send + 3 resends; verifying ends a login so the next send starts another.
    let sent = 0;
    while (sent < 10) {
      const res = await send(mobile);
      expect(res.statusCode, res.body).toBe(200);
      sent++;
      if (res.json().resendsLeft === 0 || sent % 4 === 0) {
        const otp = await latestCode(t.app, mobile);
        await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, otp } });
      }
    }
    const res = await send(mobile);
    // Until the oldest send leaves the 15 minutes.
    expect(expectWaitSaid(res)).toBeGreaterThan(14 * 60);
    // No code went out for this refusal: the login page says the wait instead of asking for one.
    expect(res.json()).not.toHaveProperty('codeSent');
  });
});

describe('per-IP cap', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ seed: false, env: { OTP_SENDS_PER_IP_PER_HOUR: '3' } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('refuses a fourth send from one address within the hour, whatever the number', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/otp/send',
        payload: { mobile: `970000000${i}` },
        remoteAddress: '10.3.0.1',
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/otp/send',
      payload: { mobile: '9700000009' },
      remoteAddress: '10.3.0.1',
    });
    expect(expectWaitSaid(res)).toBeGreaterThan(59 * 60);
    expect(res.json().message).toBe('Too many requests. Please try again in 60 minutes.');
    expect(res.json()).not.toHaveProperty('codeSent');
    const elsewhere = await s.app.inject({
      method: 'POST',
      url: '/api/auth/otp/send',
      payload: { mobile: '9700000009' },
      remoteAddress: '10.3.0.2',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('session cookie over HTTPS', () => {
  it('is Secure when the request came over HTTPS (behind a trusted proxy)', async () => {
    const mobile = '9988700003';
    await send(mobile);
    const otp = await latestCode(t.app, mobile);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile, otp },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/i);
  });
});
