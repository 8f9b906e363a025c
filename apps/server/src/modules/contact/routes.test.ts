import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../plugins/config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { expectWaitSaid } from '../../test/too-many.ts';
import type { Messenger } from '../messaging/service.ts';
import { rateLimitHits } from '../rate-limits/schema.ts';
import { contactMessages } from './schema.ts';
import { createContactService } from './service.ts';

const valid = {
  name: 'Ritu Bansal',
  email: 'ritu.bansal@example.in',
  phone: '9876543210',
  message: 'Do you ship to Guwahati?\nI need 2 kg of garam masala for a wedding.',
};

let t: TestApp;
let ipSeq = 1;
/** Each test sends from its own address so the per-IP cap (5 by default) stays out of the way. */
const nextIp = () => `10.9.0.${ipSeq++}`;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const send = (app: TestApp['app'], payload: unknown, ip = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/contact/send', payload: payload as object, remoteAddress: ip });

const latestRow = async (db: TestApp['database']['db']) =>
  (await db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1))[0];

describe('POST /api/contact/send', () => {
  it("stores the message with the sender's IP and forwards it to the store's e-mail", async () => {
    const res = await send(t.app, valid, '10.9.1.1');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Your message has been sent successfully.' });
    expect(res.headers['cache-control']).toBe('private, no-store');

    const row = await latestRow(t.database.db);
    expect(row).toMatchObject({
      name: 'Ritu Bansal',
      email: 'ritu.bansal@example.in',
      phone: '+919876543210',
      message: valid.message,
      ip: '10.9.1.1',
      readAt: null,
    });

    const outbox = (await t.app.inject('/api/dev/outbox?to=care@kesarchakki.in')).json() as {
      subject: string;
      text: string;
    }[];
    expect(outbox[0]!.subject).toBe('Contact form: Ritu Bansal');
    for (const part of ['Ritu Bansal', 'ritu.bansal@example.in', '+919876543210', valid.message]) {
      expect(outbox[0]!.text).toContain(part);
    }
  });

  it('accepts the phone with or without +91 and stores it with +91', async () => {
    for (const phone of [
      '9876543210',
      '+919876543210',
      '+91 98765 43210',
      '91-98765-43210',
      '919876543210',
    ]) {
      const res = await send(t.app, { ...valid, phone });
      expect(res.statusCode, phone).toBe(201);
      expect((await latestRow(t.database.db))!.phone).toBe('+919876543210');
    }
  });

  it('gives the spec message and names every missing field', async () => {
    const res = await send(t.app, { email: valid.email, phone: valid.phone });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please fill in all mandatory fields.',
      errors: {
        name: 'Please fill in all mandatory fields.',
        message: 'Please fill in all mandatory fields.',
      },
    });

    const empty = await send(t.app, {});
    expect(empty.json().message).toBe('Please fill in all mandatory fields.');
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'message', 'name', 'phone']);

    for (const blank of [
      { name: '   ' },
      { message: '\n ' },
      { phone: '' },
      { phone: '+91' },
      { email: '' },
      { name: null },
    ]) {
      const r = await send(t.app, { ...valid, ...blank });
      expect(r.statusCode, JSON.stringify(blank)).toBe(400);
      expect(r.json().message, JSON.stringify(blank)).toBe('Please fill in all mandatory fields.');
    }
  });

  it('reports a missing field before a malformed one', async () => {
    const res = await send(t.app, { ...valid, name: '', email: 'not-an-email' });
    expect(res.json().message).toBe('Please fill in all mandatory fields.');
  });

  it('checks the e-mail by pattern', async () => {
    for (const email of [
      'ritu',
      'ritu@',
      'ritu@example',
      'ri tu@example.in',
      `${'a'.repeat(250)}@example.in`,
    ]) {
      const res = await send(t.app, { ...valid, email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please enter a valid email address.',
        errors: { email: 'Please enter a valid email address.' },
      });
    }
  });

  it('needs exactly 10 digits in the phone', async () => {
    for (const phone of ['987654321', '98765432101', '98765abcde', '+1 9876543210', '+9198765432']) {
      const res = await send(t.app, { ...valid, phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().message).toBe('Please enter a valid 10-digit phone number.');
    }
  });

  it('limits the name and message lengths', async () => {
    const longName = await send(t.app, { ...valid, name: 'x'.repeat(101) });
    expect(longName.json().message).toBe('Name must be at most 100 characters.');
    const longMessage = await send(t.app, { ...valid, message: 'x'.repeat(2001) });
    expect(longMessage.json().message).toBe('Message must be at most 2000 characters.');
  });

  it('refuses a cross-site post', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact/send',
      payload: valid,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the per-IP limit', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ seed: false, env: { CONTACT_PER_IP_PER_HOUR: '2' } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers 429 beyond the hourly cap, per IP, counting only the last hour', async () => {
    expect((await send(s.app, valid, '10.8.0.1')).statusCode).toBe(201);
    expect((await send(s.app, valid, '10.8.0.1')).statusCode).toBe(201);
    const third = await send(s.app, valid, '10.8.0.1');
    expect(expectWaitSaid(third)).toBeGreaterThan(59 * 60);
    expect(third.json().message).toBe('Too many requests. Please try again in 60 minutes.');
    expect((await s.database.db.select().from(contactMessages)).length).toBe(2);
    // Another address is not affected.
    expect((await send(s.app, valid, '10.8.0.2')).statusCode).toBe(201);

    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
    expect(third.json().retryAfterSeconds).toBe(Number(third.headers['retry-after']));

    // Once the hour's window has ended, the address starts afresh.
    await s.database.db
      .update(rateLimitHits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimitHits.key, 'rl:contact:10.8.0.1'));
    expect((await send(s.app, valid, '10.8.0.1')).statusCode).toBe(201);
  });

  it('lets racing sends from one IP past the cap only up to it', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => send(s.app, valid, '10.8.0.3')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 429, 429]);
  });
});

describe('forwarding', () => {
  it('goes to STORE_EMAIL when it is set', async () => {
    const s = await createTestApp({ seed: false, env: { STORE_EMAIL: 'owner@kesarchakki.in' } });
    try {
      expect((await send(s.app, valid)).statusCode).toBe(201);
      const outbox = (await s.app.inject('/api/dev/outbox?to=owner@kesarchakki.in')).json() as unknown[];
      expect(outbox).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it('keeps the message and still answers 201 when the e-mail cannot be sent', async () => {
    // Nothing listens on port 9 of the loopback: the SMTP connection is refused.
    const s = await createTestApp({
      seed: false,
      env: { DEMO_MODE: 'true', SMTP_URL: 'smtp://127.0.0.1:9', MESSAGE_TIMEOUT_MS: '2000' },
    });
    try {
      const res = await send(s.app, valid);
      expect(res.statusCode, res.body).toBe(201);
      expect((await s.database.db.select().from(contactMessages)).length).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('logs a warning and tells the caller why a forward failed, after storing the message', async () => {
    const warnings: unknown[][] = [];
    const failing = {
      send: async () => {
        throw new Error('provider down');
      },
    } as unknown as Messenger;
    const service = createContactService(t.database.db, failing, {
      storeEmail: 'care@kesarchakki.in',
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    });
    const result = await service.send({ ...valid, phone: '+919876543210' }, '10.7.0.1');
    expect(result.forwarded).toBe(false);
    expect((result.error as Error).message).toBe('provider down');
    expect(warnings).toEqual([
      [
        { err: result.error, contactMessageId: result.id },
        'contact message stored but not forwarded to the store e-mail',
      ],
    ]);
    expect(await latestRow(t.database.db)).toMatchObject({ id: result.id, ip: '10.7.0.1' });
  });

  it('refuses a STORE_EMAIL that is not an address at boot', () => {
    expect(() => loadConfig({ STORE_EMAIL: 'not-an-address' })).toThrow(/STORE_EMAIL/);
    expect(() => loadConfig({ CONTACT_PER_IP_PER_HOUR: '0' })).toThrow(/CONTACT_PER_IP_PER_HOUR/);
    expect(loadConfig({})).toMatchObject({ STORE_EMAIL: 'care@kesarchakki.in', CONTACT_PER_IP_PER_HOUR: 5 });
  });
});
