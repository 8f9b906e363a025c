// WhatsApp replies (issue 34): the webhook trusts only bodies signed with the app secret
// (X-Hub-Signature-256), answers the subscription handshake, applies a quick reply like the link
// (replays change nothing), acknowledges unknown messages and opts a shopper out on 'STOP'. And the
// Cloud API adapter sends the confirmation template's quick-reply buttons (a loopback fake).
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../plugins/config.ts';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codHelpers } from '../../test/cod.ts';
import { verifyMobile } from '../../test/shoppers.ts';
import { codConfirmations, orders } from '../orders/schema.ts';
import { outboxMessages } from './schema.ts';
import { createMessenger } from './service.ts';

const SECRET = 'app-secret-for-tests';
const VERIFY = 'verify-token-for-tests';
const URL = '/api/messaging/webhook/whatsapp';

let t: TestApp;
let adminCookie = '';
const cod = codHelpers(
  () => t,
  () => adminCookie,
);

beforeAll(async () => {
  t = await createTestApp({
    env: { OTP_SENDS_PER_IP_PER_HOUR: '100000', WHATSAPP_APP_SECRET: SECRET, WHATSAPP_VERIFY_TOKEN: VERIFY },
  });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const sign = (body: string, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** A Cloud API notification carrying one inbound message. */
const notification = (message: object) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages: [message] } }],
      },
    ],
  });

const post = (body: string, signature?: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: URL,
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined && { 'x-hub-signature-256': signature }),
    },
    payload: body,
  });

const button = (from: string, payload: string) =>
  notification({
    from: `91${from}`,
    id: 'wamid.1',
    type: 'button',
    button: { payload, text: 'Confirm order' },
  });

async function pendingOrder() {
  const placed = await cod.placedCodOrder(2, undefined, { awaitConfirmation: true });
  for (let i = 0; i < 2; i++) await t.app.jobWorker.runDue();
  const [m] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, placed.s.mobile), like(outboxMessages.text, '%/confirm/%')))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const token = m!.text.match(/\/confirm\/([A-Za-z0-9_-]{43})/)![1]!;
  return { ...placed, token };
}

async function stateOf(orderNumber: string) {
  const [row] = await t.database.db
    .select({ order: orders.status, confirmation: codConfirmations.status })
    .from(orders)
    .innerJoin(codConfirmations, eq(codConfirmations.orderId, orders.id))
    .where(eq(orders.orderNumber, orderNumber));
  return row;
}

describe('the handshake', () => {
  it('echoes hub.challenge for the verify token, 403 otherwise', async () => {
    const ok = await t.app.inject(
      `${URL}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject(`${URL}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`);
    expect(wrong.statusCode).toBe(403);
    const noMode = await t.app.inject(`${URL}?hub.verify_token=${VERIFY}&hub.challenge=1`);
    expect(noMode.statusCode).toBe(403);
  });
});

describe('signatures', () => {
  it('refuses (401) a forged, missing or other-secret signature, and changes nothing', async () => {
    const { s, token, orderNumber } = await pendingOrder();
    const body = button(s.mobile, `CONFIRM:${token}`);
    for (const signature of [undefined, '', 'sha256=00', sign(body, 'another-secret'), sign(`${body} `)]) {
      const res = await post(body, signature);
      expect(res.statusCode, String(signature)).toBe(401);
    }
    expect(await stateOf(orderNumber)).toEqual({ order: 'PLACED', confirmation: 'PENDING' });
  });

  it('without WHATSAPP_APP_SECRET the route exists and every POST answers 401', async () => {
    const bare = await createTestApp({ seed: false });
    try {
      const body = notification({ type: 'text', text: { body: 'hi' } });
      expect((await post(body, sign(body), bare.app)).statusCode).toBe(401);
      expect((await post(body, undefined, bare.app)).statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});

describe('quick replies', () => {
  it("'Confirm order' confirms like the link; a replay changes nothing", async () => {
    const { s, token, orderNumber } = await pendingOrder();
    const body = button(s.mobile, `CONFIRM:${token}`);
    const res = await post(body, sign(body));
    expect(res.statusCode, res.body).toBe(200);
    expect(await stateOf(orderNumber)).toEqual({ order: 'PLACED', confirmation: 'CONFIRMED' });
    const [c] = await t.database.db
      .select({ via: codConfirmations.via })
      .from(codConfirmations)
      .innerJoin(orders, eq(orders.id, codConfirmations.orderId))
      .where(eq(orders.orderNumber, orderNumber));
    expect(c?.via).toBe('whatsapp');
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect(await stateOf(orderNumber)).toEqual({ order: 'PLACED', confirmation: 'CONFIRMED' });
  });

  it("'Cancel order' cancels like the link; a replay (and a late confirm) changes nothing", async () => {
    const { s, token, orderNumber } = await pendingOrder();
    const body = button(s.mobile, `CANCEL:${token}`);
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect(await stateOf(orderNumber)).toEqual({ order: 'CANCELLED', confirmation: 'CANCELLED' });
    expect((await post(body, sign(body))).statusCode).toBe(200);
    const late = button(s.mobile, `CONFIRM:${token}`);
    expect((await post(late, sign(late))).statusCode).toBe(200);
    expect(await stateOf(orderNumber)).toEqual({ order: 'CANCELLED', confirmation: 'CANCELLED' });
  });

  it('acknowledges unknown payloads, messages and bodies (200)', async () => {
    for (const body of [
      button('9000000000', 'SOMETHING:else'),
      button('9000000000', 'CONFIRM:not-a-token'),
      notification({ from: '919000000000', type: 'image', image: { id: '1' } }),
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ changes: [{ value: { statuses: [] } }] }],
      }),
      'not json',
    ]) {
      const res = await post(body, sign(body));
      expect(res.statusCode, body).toBe(200);
    }
  });

  it("'STOP' opts the shopper out of WhatsApp", async () => {
    const { s } = await pendingOrder();
    const on = await s.request({
      method: 'PUT',
      url: '/api/user/message-preferences',
      payload: { email: true, whatsapp: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const body = notification({ from: `91${s.mobile}`, type: 'text', text: { body: ' stop ' } });
    expect((await post(body, sign(body))).statusCode).toBe(200);
    const prefs = await s.request({ url: '/api/user/message-preferences' });
    expect(prefs.json()).toMatchObject({ whatsapp: false, email: true });
    expect(prefs.json().whatsappOptedOutAt).toBeTruthy();
  });
});

describe('the Cloud API adapter', () => {
  it("sends the template's quick-reply buttons with their payloads (loopback fake)", async () => {
    const seen: { path?: string; body: Record<string, unknown> }[] = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        seen.push({ path: req.url ?? '', body: JSON.parse(raw) });
        res.setHeader('content-type', 'application/json');
        res.setHeader('connection', 'close');
        res.end(JSON.stringify({ messages: [{ id: 'wamid.X' }] }));
      });
    });
    const port = await new Promise<number>((r) =>
      server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port)),
    );
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        WHATSAPP_TOKEN: 'wa-test-token-123',
        WHATSAPP_PHONE_NUMBER_ID: '1098765432',
        WHATSAPP_API_URL: `http://127.0.0.1:${port}/v21.0`,
      });
      const messenger = createMessenger(t.database.db, config);
      await messenger.send({
        channel: 'whatsapp',
        to: '9876543210',
        text: 'Please confirm',
        whatsappTemplate: {
          name: 'cod_confirmation',
          language: 'en',
          params: ['KC-1'],
          quickReplies: ['CONFIRM:abc', 'CANCEL:abc'],
        },
      });
      expect(seen[0]?.path).toBe('/v21.0/1098765432/messages');
      expect(seen[0]?.body).toMatchObject({
        to: '919876543210',
        type: 'template',
        template: {
          name: 'cod_confirmation',
          components: [
            { type: 'body', parameters: [{ type: 'text', text: 'KC-1' }] },
            {
              type: 'button',
              sub_type: 'quick_reply',
              index: '0',
              parameters: [{ type: 'payload', payload: 'CONFIRM:abc' }],
            },
            {
              type: 'button',
              sub_type: 'quick_reply',
              index: '1',
              parameters: [{ type: 'payload', payload: 'CANCEL:abc' }],
            },
          ],
        },
      });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
