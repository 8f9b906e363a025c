// A stranger asking for codes to someone's number (issue 30) cannot lock its owner out: sends are
// counted per asking client, all clients together have a ceiling per number an hour, and a device
// the number has logged in on before (the kc_device cookie) always gets its code.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { latestCode } from '../../test/shoppers.ts';
import { expectWaitSaid } from '../../test/too-many.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const send = (mobile: string, ip: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/otp/send',
    payload: { mobile },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
const verify = (mobile: string, otp: string, ip: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { mobile, otp },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });

function deviceCookie(res: { headers: Record<string, unknown> }): { cookie: string; raw: string } {
  const raw = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('kc_device='));
  if (!raw) throw new Error('no device cookie');
  return { cookie: String(raw).split(';')[0]!, raw: String(raw) };
}

/** Logs the owner in on a device (as the storefront does), answering the device's cookie. */
async function ownerDevice(mobile: string, ip: string) {
  expect((await send(mobile, ip)).statusCode).toBe(200);
  const res = await verify(mobile, await latestCode(t.app, mobile), ip);
  expect(res.statusCode, res.body).toBe(200);
  return deviceCookie(res);
}

describe('login codes and strangers', () => {
  it('gives a long-lived HttpOnly device cookie at login, kept on the next login', async () => {
    const { cookie, raw } = await ownerDevice('9822100001', '10.70.0.1');
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/^kc_device=[A-Za-z0-9_-]{43}$/);
    expect((await send('9822100001', '10.70.0.1', cookie)).statusCode).toBe(200);
    const again = await verify('9822100001', await latestCode(t.app, '9822100001'), '10.70.0.1', cookie);
    expect(deviceCookie(again).cookie).toBe(cookie);
  });

  it("never makes the owner's known device wait, whatever a stranger sends from several addresses", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T09:00:00Z') });
    const mobile = '9822100002';
    const ownerIp = '10.71.0.1';
    const { cookie } = await ownerDevice(mobile, ownerIp);

    const strangerStatuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      // 50 sends from 5 addresses (IPv4 and IPv6), a minute and a half apart: past every resend wait.
      const ip = i % 5 === 4 ? `2001:db8:66:${i}::1` : `10.66.${i % 4}.1`;
      const res = await send(mobile, ip);
      strangerStatuses.push(res.statusCode);
      if (res.statusCode === 429) expectWaitSaid(res);

      if (i % 5 === 4) {
        // The owner asks on their own device: a code at once, and it works.
        const mine = await send(mobile, ownerIp, cookie);
        expect(mine.statusCode, `after ${i + 1} stranger sends: ${mine.body}`).toBe(200);
        const code = await latestCode(t.app, mobile);
        const in_ = await verify(mobile, code, ownerIp, cookie);
        expect(in_.statusCode, in_.body).toBe(200);
      }
      vi.setSystemTime(new Date(Date.now() + 90_000));
    }
    // The stranger was stopped by the per-number ceiling (30 an hour), and did send some.
    expect(strangerStatuses.filter((s) => s === 200).length).toBeGreaterThan(10);
    expect(strangerStatuses.filter((s) => s === 200).length).toBeLessThanOrEqual(30);
    expect(strangerStatuses).toContain(429);
  });

  it("checks a known device's guesses against its own code: a stranger's wrong guesses do not void it", async () => {
    const mobile = '9822100003';
    const ownerIp = '10.72.0.1';
    const { cookie } = await ownerDevice(mobile, ownerIp);
    expect((await send(mobile, ownerIp, cookie)).statusCode).toBe(200);
    const code = await latestCode(t.app, mobile);
    // A stranger starts the shared login and guesses wrong until it is void.
    expect((await send(mobile, '10.72.0.9')).statusCode).toBe(200);
    const strangerCode = await latestCode(t.app, mobile);
    const wrong = [code, strangerCode].includes('000000')
      ? [code, strangerCode].includes('111111')
        ? '222222'
        : '111111'
      : '000000';
    for (let i = 0; i < 5; i++) expect((await verify(mobile, wrong, '10.72.0.9')).statusCode).toBe(400);
    expectWaitSaid(await verify(mobile, strangerCode, '10.72.0.9'));
    // The owner's code, from the owner's device, still works.
    const res = await verify(mobile, code, ownerIp, cookie);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('counts one client by its device cookie as well as by its address', async () => {
    const mobile = '9822100004';
    const { cookie: strangerDevice } = await ownerDevice('9822100005', '10.73.0.1');
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T12:00:00Z') });
    // Ten sends to another number from ten addresses, all with one (not the number's) device cookie.
    // Past each resend wait, and past each login's end after its 3 resends: all within 15 minutes.
    for (let i = 0; i < 10; i++) {
      if (i > 0) vi.setSystemTime(new Date(Date.now() + (i % 4 === 0 ? 300_000 : 31_000)));
      expect((await send(mobile, `10.73.1.${i}`, strangerDevice)).statusCode, `send ${i + 1}`).toBe(200);
    }
    vi.setSystemTime(new Date(Date.now() + 31_000));
    expectWaitSaid(await send(mobile, '10.73.1.99', strangerDevice));
    // Without that cookie, a fresh address is another client.
    expect((await send(mobile, '10.73.1.99')).statusCode).toBe(200);
  });
});

describe('a known device behind an address strangers share', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ seed: false, env: { OTP_SENDS_PER_IP_PER_HOUR: '3' } });
  });
  afterAll(async () => {
    await s.close();
  });

  it("gets its code after the address's sends are spent, while an unknown device there waits", async () => {
    const nat = '100.64.0.1'; // A carrier's NAT: many phones, one address.
    const inject = (mobile: string, path: string, payload: object, cookie?: string) =>
      s.app.inject({
        method: 'POST',
        url: `/api/auth/otp/${path}`,
        payload: { mobile, ...payload },
        remoteAddress: nat,
        headers: cookie ? { cookie } : {},
      });
    const owner = '9822100010';
    expect((await inject(owner, 'send', {})).statusCode).toBe(200);
    const login = await inject(owner, 'verify', { otp: await latestCode(s.app, owner) });
    const { cookie } = deviceCookie(login);
    // Strangers on the same address spend its sends.
    for (const mobile of ['9822100011', '9822100012'])
      expect((await inject(mobile, 'send', {})).statusCode).toBe(200);
    expectWaitSaid(await inject('9822100013', 'send', {}));
    expectWaitSaid(await inject(owner, 'send', {}));
    // The owner's own device still gets its code.
    const mine = await inject(owner, 'send', {}, cookie);
    expect(mine.statusCode, mine.body).toBe(200);
  });
});
