import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { latestCode, sessionCookie, signUp, verifyMobile } from '../../test/shoppers.ts';
import { expectWaitSaid } from '../../test/too-many.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const send = (mobile: unknown, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { mobile }, remoteAddress: ip });
const verify = (mobile: string, otp: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, otp } });
const outbox = async (to: string) => (await t.app.inject(`/api/dev/outbox?to=${to}`)).json() as unknown[];

describe('sending a login code', () => {
  it.each(['', '12345', '5123456789', '98765432101', 'abcdefghij', '+91 98765 432101'])(
    "refuses '%s' with the spec message and sends nothing",
    async (mobile) => {
      const res = await send(mobile);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Enter valid 10-digit mobile.');
    },
  );

  it('reads a pasted +91 number as its 10 digits, as the login field does', async () => {
    const res = await send('+91 98765-00009', '10.1.0.9');
    expect(res.statusCode).toBe(200);
    expect(await outbox('9876500009')).toHaveLength(1);
  });

  it('refuses a missing mobile the same way', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter valid 10-digit mobile.');
  });

  it('sends a 6-digit code by SMS and says when a resend is allowed', async () => {
    const res = await send('9876500001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resendAfterSeconds: 30, resendsLeft: 3 });
    const [message] = (await outbox('9876500001')) as { channel: string; code: string; text: string }[];
    expect(message!.channel).toBe('sms');
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(message!.text).toContain(message!.code);
  });

  it('answers a known and an unknown number alike', async () => {
    await signUp(t.app, '9876500002');
    const known = await send('9876500002', '10.1.0.2');
    const unknown = await send('9876500003', '10.1.0.2');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
  });

  it('refuses a resend within 30 s', async () => {
    await send('9876500004');
    const res = await send('9876500004');
    expect(expectWaitSaid(res)).toBeLessThanOrEqual(30);
    expect(res.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
    // The code sent moments ago is on its way: the login page asks for it (codeSent).
    expect(res.json().codeSent).toBe(true);
    const hindi = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/send',
      payload: { mobile: '9876500004' },
      remoteAddress: '10.1.0.1',
      headers: { 'accept-language': 'hi-IN' },
    });
    expect(hindi.statusCode).toBe(429);
    expect(hindi.json().message).toBe(
      `बहुत ज़्यादा अनुरोध आ गए हैं। कृपया ${hindi.headers['retry-after']} सेकंड बाद फिर कोशिश करें।`,
    );
  });
});

describe('verifying a login code', () => {
  it('refuses a code that is not 6 digits', async () => {
    const res = await verify('9876500010', '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter valid 6-digit OTP.');
  });

  it('refuses a wrong code', async () => {
    await send('9876500011');
    const code = await latestCode(t.app, '9876500011');
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await verify('9876500011', wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid OTP. Please try again.');
  });

  it('starts a session for a new number that may only complete signup', async () => {
    await send('9876500012');
    const res = await verify('9876500012', await latestCode(t.app, '9876500012'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ exists: false, user: null });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=[\w-]{40,};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(401);
  });

  it('is single use', async () => {
    await send('9876500013');
    const code = await latestCode(t.app, '9876500013');
    expect((await verify('9876500013', code)).statusCode).toBe(200);
    const again = await verify('9876500013', code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid OTP. Please try again.');
  });

  it('voids the code after 5 wrong guesses, even for the right code', async () => {
    await send('9876500014');
    const code = await latestCode(t.app, '9876500014');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verify('9876500014', wrong)).statusCode).toBe(400);
    const res = await verify('9876500014', code);
    // Until a new code may be asked for (the resend wait), said in Retry-After and in words.
    expect(expectWaitSaid(res)).toBeLessThanOrEqual(30);
  });

  it('logs a returning shopper straight in with a new session id', async () => {
    const shopper = await signUp(t.app, '9876500015');
    const { res, cookie } = await verifyMobile(t.app, '9876500015');
    expect(res.json()).toMatchObject({
      exists: true,
      user: { mobile: '9876500015', firstName: 'Asha', email: shopper.email },
    });
    expect(cookie).not.toBe(shopper.cookie);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ mobile: '9876500015', phoneNumber: '+919876500015' });
    expect(me.headers['cache-control']).toBe('private, no-store');
  });

  it('logs out by deleting the session', async () => {
    const { cookie } = await verifyMobile(t.app, '9876500015');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/sid=;/);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers 401 from /auth/me without a session, or with a made-up one', async () => {
    expect((await t.app.inject('/api/auth/me')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: 'sid=forged' } })).statusCode).toBe(
      401,
    );
  });
});

describe('check-user', () => {
  it("answers only for the session's own verified number", async () => {
    const { cookie } = await verifyMobile(t.app, '9876500020');
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-user',
      payload: { mobile: '9876500020' },
      headers: { cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ exists: false, user: null });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-user',
      payload: { mobile: '9876500015' },
      headers: { cookie },
    });
    expect(other.statusCode).toBe(403);
    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-user',
      payload: { mobile: '9876500020' },
    });
    expect(nobody.statusCode).toBe(401);
  });
});

describe('signup', () => {
  it('validates the e-mail by code, then creates the account for the verified number', async () => {
    const mobile = '9876500030';
    const email = 'Meera.Iyer@Example.in';
    const { cookie } = await verifyMobile(t.app, mobile);
    const headers = { cookie };
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers });

    const early = await post('/api/user/create', { firstName: 'Meera', lastName: 'Iyer', mobile, email });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Please validate your email.');

    const badEmail = await post('/api/email/send-otp', { email: 'meera-at-example' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Enter a valid email.');

    const sent = await post('/api/email/send-otp', { email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('OTP sent to your email.');
    const code = await latestCode(t.app, email.toLowerCase());
    const wrong = await post('/api/email/verify-otp', {
      email,
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid email OTP.');
    const ok = await post('/api/email/verify-otp', { email, otp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Email validated successfully.');

    const missing = await post('/api/user/create', { firstName: '  ', lastName: 'Iyer', mobile, email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please fill all required fields.');

    const otherNumber = await post('/api/user/create', { firstName: 'Meera', mobile: '9876500031', email });
    expect(otherNumber.statusCode).toBe(403);

    const created = await post('/api/user/create', { firstName: 'Meera', lastName: 'Iyer', mobile, email });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      firstName: 'Meera',
      lastName: 'Iyer',
      mobile,
      email: 'meera.iyer@example.in',
    });
    const me = await t.app.inject({ url: '/api/auth/me', headers });
    expect(me.json().mobile).toBe(mobile);
  });

  it('refuses an e-mail that belongs to another mobile', async () => {
    const first = await signUp(t.app, '9876500040', 'taken@example.in');
    const { cookie } = await verifyMobile(t.app, '9876500041');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email/send-otp',
      payload: { email: first.email },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This email is already registered with another account. Please use a different email or login.',
    );
  });

  it('does not let a validation made in one session serve another', async () => {
    const email = 'kiran@example.in';
    const a = await verifyMobile(t.app, '9876500050');
    await t.app.inject({
      method: 'POST',
      url: '/api/email/send-otp',
      payload: { email },
      headers: { cookie: a.cookie },
    });
    const code = await latestCode(t.app, email);
    const b = await verifyMobile(t.app, '9876500051');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email/verify-otp',
      payload: { email, otp: code },
      headers: { cookie: b.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid email OTP.');
  });

  it('needs a session to send or check an e-mail code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email/send-otp',
      payload: { email: 'x@example.in' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('user by e-mail', () => {
  it('needs a session, 404s an unused e-mail and never reveals another account’s full mobile', async () => {
    await signUp(t.app, '9876500060', 'owner@example.in');
    expect((await t.app.inject('/api/user/by-email/owner@example.in')).statusCode).toBe(401);
    const { cookie } = await verifyMobile(t.app, '9876500061');
    const other = await t.app.inject({ url: '/api/user/by-email/owner@example.in', headers: { cookie } });
    expect(other.statusCode).toBe(200);
    expect(other.json().mobile).toBe('******0060');
    const unused = await t.app.inject({ url: '/api/user/by-email/nobody@example.in', headers: { cookie } });
    expect(unused.statusCode).toBe(404);
    const own = await verifyMobile(t.app, '9876500060');
    const mine = await t.app.inject({
      url: '/api/user/by-email/owner@example.in',
      headers: { cookie: own.cookie },
    });
    expect(mine.json().mobile).toBe('9876500060');
  });

  it('answers the signup form 200 for an unused e-mail too, naming no mobile', async () => {
    await signUp(t.app, '9876500062', 'status-owner@example.in');
    expect((await t.app.inject('/api/email/status/status-owner@example.in')).statusCode).toBe(401);
    const { cookie } = await verifyMobile(t.app, '9876500063');
    const status = (email: string, c = cookie) =>
      t.app.inject({ url: `/api/email/status/${email}`, headers: { cookie: c } });
    expect((await status('nobody2@example.in')).json()).toEqual({ inUse: false, yours: false });
    expect((await status('nobody2@example.in')).statusCode).toBe(200);
    expect((await status('STATUS-OWNER@example.in')).json()).toEqual({ inUse: true, yours: false });
    const own = await verifyMobile(t.app, '9876500062');
    expect((await status('status-owner@example.in', own.cookie)).json()).toEqual({
      inUse: true,
      yours: true,
    });
  });
});
