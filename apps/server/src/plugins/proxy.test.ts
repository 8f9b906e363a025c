// Behind a proxy: TRUST_PROXY decides whose X-Forwarded-* headers count, so per-address limits
// see the real client; the origin check and the session cookie follow PUBLIC_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../modules/contact/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { latestCode } from '../test/shoppers.ts';

const message = {
  name: 'Ritu Bansal',
  email: 'ritu.bansal@example.in',
  phone: '9876543210',
  message: 'Do you ship to Guwahati?',
};

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the address the proxy appended, so a forged X-Forwarded-For does not dodge the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact/send',
        payload: message,
        remoteAddress: '10.0.0.2', // the proxy
        // The client wrote a new address each time; the proxy appended the one it saw.
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    // The address on record is the client's as the proxy saw it: neither the proxy nor a forgery.
    const rows = await t.database.db.select({ ip: contactMessages.ip }).from(contactMessages);
    expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(['203.0.113.7']));
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ignores X-Forwarded-For: the limit counts the connection’s address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact/send',
        payload: message,
        remoteAddress: '10.30.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('compares the Origin with Host, and a client’s X-Forwarded-Host does not count', async () => {
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect((await post({ host: 'shop.example.in', origin: 'https://shop.example.in' })).statusCode).toBe(200);
    const forged = await post({
      host: 'shop.example.in',
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(forged.statusCode).toBe(403);
  });

  it('does not mark the cookie Secure over plain http without PUBLIC_URL', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { mobile: '9812500001' } });
    const otp = await latestCode(t.app, '9812500001');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile: '9812500001', otp },
      headers: { 'x-forwarded-proto': 'https' }, // from an untrusted client: ignored
    });
    expect(String(res.headers['set-cookie'])).not.toMatch(/; Secure/i);
  });
});

describe('TRUST_PROXY with the proxy’s address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('honours X-Forwarded-Host from the proxy only', async () => {
    const post = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        remoteAddress,
        headers: {
          host: 'app.internal:3000',
          'x-forwarded-host': 'shop.example.in',
          origin: 'https://shop.example.in',
        },
      });
    expect((await post('10.0.0.2')).statusCode).toBe(200);
    expect((await post('198.51.100.9')).statusCode).toBe(403);
  });
});

describe('PUBLIC_URL=https://…', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://shop.example.in' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks the session cookie Secure even when the last hop spoke http', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { mobile: '9812500002' } });
    const otp = await latestCode(t.app, '9812500002');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile: '9812500002', otp },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/i);
  });

  it('compares the Origin’s scheme and host with PUBLIC_URL', async () => {
    const post = (origin: string, host = 'shop.example.in') =>
      t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin, host } });
    expect((await post('https://shop.example.in')).statusCode).toBe(200);
    expect((await post('http://shop.example.in')).statusCode).toBe(403);
    // Host agreeing with a foreign Origin is not enough when PUBLIC_URL names the shop.
    expect((await post('https://evil.example', 'evil.example')).statusCode).toBe(403);
  });
});
