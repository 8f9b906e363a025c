// The real adapters against local fakes on loopback: an SMTP server and an MSG91-like HTTP API,
// up and down. A provider failure gives the shopper a clear error and stores nothing as sent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { expectServerErrors } from '../../test/server-errors.ts';

interface Mail {
  to: string[];
  body: string;
}

let smtp: SMTPServer;
let smtpPort: number;
const mails: Mail[] = [];
let sms: Server;
let smsPort: number;
const smsRequests: {
  authkey: string | undefined;
  body: { template_id: string; recipients: { mobiles: string; otp: string }[] };
}[] = [];
let smsMode: 'ok' | 'refuse' = 'ok';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  sms = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      smsRequests.push({ authkey: req.headers.authkey as string | undefined, body: JSON.parse(raw) });
      res.setHeader('content-type', 'application/json');
      if (smsMode === 'refuse') {
        res.statusCode = 401;
        res.end(JSON.stringify({ type: 'error', message: 'Authentication failure' }));
      } else {
        res.end(JSON.stringify({ type: 'success', message: '3763646c3058373530393832' }));
      }
    });
  });
  await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));
  smsPort = (sms.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => sms.close(() => resolve()));
});

function providers(overrides: Record<string, string> = {}) {
  return {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: 'test-auth-key-123',
    MSG91_TEMPLATE_ID: 'tmpl-otp-1',
    MSG91_BASE_URL: `http://127.0.0.1:${smsPort}`,
    MESSAGE_TIMEOUT_MS: '2000',
    ...overrides,
  };
}

describe('with real providers configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: providers() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes to the outbox together only channels that use it', async () => {
    const mail = { channel: 'email' as const, to: 'asha@example.in', text: 'Hello' };
    await expect(t.app.services.messenger.sendOutbox([mail])).rejects.toThrow(/outbox channels only/);
  });

  it('sends the login code through the SMS provider and keeps no outbox for it', async () => {
    smsMode = 'ok';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/send',
      payload: { mobile: '9123456780' },
    });
    expect(res.statusCode).toBe(200);
    const last = smsRequests.at(-1)!;
    expect(last.authkey).toBe('test-auth-key-123');
    expect(last.body.template_id).toBe('tmpl-otp-1');
    expect(last.body.recipients[0]!.mobiles).toBe('919123456780');
    expect(last.body.recipients[0]!.otp).toMatch(/^\d{6}$/);
    expect((await t.app.inject('/api/dev/outbox?to=9123456780')).statusCode).toBe(404);
    // The code the provider got logs the shopper in.
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile: '9123456780', otp: last.body.recipients[0]!.otp },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('sends e-mail codes by SMTP', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/send',
      payload: { mobile: '9123456781' },
    });
    expect(sent.statusCode).toBe(200);
    const otp = smsRequests.at(-1)!.body.recipients[0]!.otp;
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile: '9123456781', otp },
    });
    const cookie = String(verified.headers['set-cookie']).split(';')[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email/send-otp',
      payload: { email: 'nila@example.in' },
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = mails.at(-1)!;
    expect(mail.to).toEqual(['nila@example.in']);
    expect(mail.body).toMatch(/\b\d{6}\b/);
    expect((await t.app.inject('/api/dev/outbox?to=nila@example.in')).statusCode).toBe(404);
  });

  it('gives a clear error when the SMS provider refuses, and stores nothing as sent', async () => {
    smsMode = 'refuse';
    expectServerErrors();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/send',
      payload: { mobile: '9123456782' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Failed to send OTP. Please try again.');
    smsMode = 'ok';
    // Nothing was recorded: an immediate retry is a first send, not a too-early resend.
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/send',
      payload: { mobile: '9123456782' },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ resendAfterSeconds: 30, resendsLeft: 3 });
  });
});

describe('with the providers down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 on loopback: nothing listens there, so connections are refused at once.
    t = await createTestApp({
      seed: false,
      env: providers({ SMTP_URL: 'smtp://127.0.0.1:9', MSG91_BASE_URL: 'http://127.0.0.1:9' }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the SMS failure with the spec message', async () => {
    expectServerErrors();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/send',
      payload: { mobile: '9123456783' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Failed to send OTP. Please try again.');
  });
});

describe('with no providers (dev outbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes several outbox messages at once', async () => {
    const to = 'meera@example.in';
    await t.app.services.messenger.sendOutbox([
      { channel: 'email', to, subject: 'First', text: 'One', html: '<p>One</p>' },
      { channel: 'email', to, subject: 'Second', text: 'Two' },
    ]);
    const kept = (await t.app.inject(`/api/dev/outbox?to=${to}`)).json() as { text: string }[];
    expect(kept.map((m) => m.text).sort()).toEqual(['One', 'Two']);
  });

  it('keeps messages newest first, per recipient, in the spec shape', async () => {
    const mobile = '9123456784';
    await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { mobile } });
    const res = await t.app.inject(`/api/dev/outbox?to=%2B91${mobile}`);
    expect(res.statusCode).toBe(200);
    const [message] = res.json();
    expect(message).toEqual({
      channel: 'sms',
      to: mobile,
      text: expect.any(String),
      code: expect.stringMatching(/^\d{6}$/),
      createdAt: expect.any(String),
    });
    expect((await t.app.inject('/api/dev/outbox?to=someone-else@example.in')).json()).toEqual([]);
  });
});
