// Web push for order updates (issue 42) end to end through the real app and database, against a
// loopback push service (HTTPS, as web-push requires, with a certificate made for the test): the
// shopper subscribes a browser, the order ships, the durable queue sends the update signed with
// the shop's VAPID key and encrypted to the browser's keys (decrypted here as the browser would),
// in the order's language; a push service answering 410 gets the subscription removed.

import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, globalAgent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codHelpers } from '../../test/cod.ts';
import { verifyMobile } from '../../test/shoppers.ts';
import { orders } from '../orders/schema.ts';
import { pushSubscriptions } from './schema.ts';
import { pushMessage } from './texts.ts';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The loopback push service: records each message; answers `answer` (201, or 410 once gone). */
function startPushService(): Promise<{
  server: Server;
  url: string;
  received: Received[];
  answer: { status: number };
}> {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-fake-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  // web-push uses Node's global HTTPS agent: it trusts the fake's certificate for this run.
  globalAgent.options.ca = [cert];
  const received: Received[] = [];
  const answer = { status: 201 };
  const server = createServer({ cert, key: readFileSync(path.join(dir, 'key.pem')) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.status).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
        received,
        answer,
      }),
    ),
  );
}

/** A browser's push keys, as PushSubscription.toJSON() gives them, and what decrypts its messages. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    decrypt: (body: Buffer) =>
      ece
        .decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') })
        .toString(),
  };
}

const vapid = webpush.generateVAPIDKeys();
let t: TestApp;
let fake: Awaited<ReturnType<typeof startPushService>>;
let adminCookie: string;
const cod = codHelpers(
  () => t,
  () => adminCookie,
);

beforeAll(async () => {
  fake = await startPushService();
  t = await createTestApp({
    env: {
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:orders@kesarchakki.example',
    },
  });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
  fake.server.close();
});

describe('web push for order updates', () => {
  it('gives the public key to subscribe with', async () => {
    const res = await t.app.inject('/api/push/key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: vapid.publicKey });
  });

  it('asks for a signed-in shopper to subscribe', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: `${fake.url}/push/anon`, keys: browserKeys().keys },
    });
    expect(res.statusCode).toBe(401);
  });

  it('sends shipped in the order’s language through the queue, and forgets a subscription the service calls gone', async () => {
    const { s, orderNumber } = await cod.placedCodOrder();
    // A Hindi order: the update speaks Hindi.
    await t.database.db.update(orders).set({ language: 'hi' }).where(eq(orders.orderNumber, orderNumber));
    const browser = browserKeys();
    const endpoint = `${fake.url}/push/${s.mobile}`;
    const subscribed = await s.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint, keys: browser.keys },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const state = await s.request({
      method: 'POST',
      url: '/api/push/subscriptions/state',
      payload: { endpoint },
    });
    expect(state.json()).toEqual({ subscribed: true });

    await cod.walk(orderNumber, ['CONFIRMED', 'PACKED', 'SHIPPED']);
    await t.app.jobWorker.runDue(); // the order messages, which enqueue the push
    await t.app.jobWorker.runDue(); // the push
    const mine = fake.received.filter((r) => r.path === `/push/${s.mobile}`);
    expect(mine).toHaveLength(1);
    const [message] = mine;
    expect(message?.headers['content-encoding']).toBe('aes128gcm');
    expect(message?.headers.ttl).toBe('86400');
    expect(String(message?.headers.authorization)).toMatch(
      new RegExp(`^vapid t=[\\w.-]+, k=${vapid.publicKey}$`),
    );
    const payload = JSON.parse(browser.decrypt(message!.body));
    expect(payload).toEqual(JSON.parse(pushMessage('shipped', orderNumber, 'hi')));
    expect(payload.title).toContain('भेज दिया गया');
    expect(payload.url).toBe(`/hi/orders/${orderNumber}`);

    // The browser unsubscribed at the push service: 410, and the shop forgets it.
    fake.answer.status = 410;
    await cod.walk(orderNumber, ['DELIVERED']);
    await t.app.jobWorker.runDue();
    await t.app.jobWorker.runDue();
    expect(fake.received.filter((r) => r.path === `/push/${s.mobile}`)).toHaveLength(2);
    const left = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(left).toEqual([]);
    fake.answer.status = 201;
  });

  it('turns this browser off for the shopper', async () => {
    const { s } = await cod.placedCodOrder();
    const endpoint = `${fake.url}/push/off-${s.mobile}`;
    await s.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint, keys: browserKeys().keys },
    });
    const off = await s.request({ method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint } });
    expect(off.json()).toEqual({ subscribed: false });
    const state = await s.request({
      method: 'POST',
      url: '/api/push/subscriptions/state',
      payload: { endpoint },
    });
    expect(state.json()).toEqual({ subscribed: false });
  });
});
