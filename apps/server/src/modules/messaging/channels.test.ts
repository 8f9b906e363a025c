// The real order-message adapters against loopback fakes: the WhatsApp Business Cloud API (a
// node:http server checking method, path, bearer token and the template payload), MSG91's Flow
// API with a DLT template id per event (the COD confirmation's and the failed delivery's too), and
// SMTP with an HTML and a plain-text part.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../plugins/config.ts';
import { createTestDatabase } from '../../test/app.ts';
import { createCodConfirmationMessages } from './cod-confirmation-messages.ts';
import { createOrderMessages } from './order-messages.ts';
import { createMessenger } from './service.ts';
import { orderFacts, STORE } from './template-fixtures.ts';

interface Seen {
  method: string | undefined;
  path: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

function fakeApi(answer: (seen: Seen) => { status: number; body: unknown }) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const request = {
        method: req.method,
        path: req.url,
        headers: req.headers,
        body: JSON.parse(raw || '{}'),
      };
      seen.push(request);
      const { status, body } = answer(request);
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      // Each request on its own connection: an idle keep-alive socket the fake closed between
      // tests would otherwise fail the next fetch.
      res.setHeader('connection', 'close');
      res.end(JSON.stringify(body));
    });
  });
  return {
    seen,
    start: () =>
      new Promise<number>((r) =>
        server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port)),
      ),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let whatsappDown = false;
const whatsapp = fakeApi((req) => {
  if (req.headers.authorization !== 'Bearer wa-test-token-123')
    return { status: 401, body: { error: { message: 'Invalid OAuth access token', code: 190 } } };
  if (whatsappDown)
    return { status: 400, body: { error: { message: '(#131026) Message undeliverable', code: 131026 } } };
  return { status: 200, body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.HBgM' }] } };
});
const msg91 = fakeApi(() => ({ status: 200, body: { type: 'success', message: '3763646c' } }));
let smtp: SMTPServer;
const mails: string[] = [];
let env: Record<string, string>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const warnings: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      stream.on('end', () => {
        mails.push(body);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  database = await createTestDatabase();
  env = {
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: 'msg91-auth-key',
    MSG91_TEMPLATE_ID: 'otp-template',
    MSG91_BASE_URL: `http://127.0.0.1:${await msg91.start()}`,
    MSG91_TEMPLATE_ORDER_PLACED: '64f0dlt-placed',
    WHATSAPP_TOKEN: 'wa-test-token-123',
    WHATSAPP_PHONE_NUMBER_ID: '1098765432',
    WHATSAPP_API_URL: `http://127.0.0.1:${await whatsapp.start()}/v21.0`,
    WHATSAPP_TEMPLATE_ORDER_SHIPPED: 'shipment_update',
    PUBLIC_URL: 'https://shop.example.in',
    MESSAGE_TIMEOUT_MS: '2000',
    DEMO_MODE: 'false',
  };
});
afterAll(async () => {
  await whatsapp.stop();
  await msg91.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.close();
});

function setUp(order = orderFacts()) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const messages = createOrderMessages({
    db: database.db,
    messenger: createMessenger(database.db, config),
    config,
    settings: async () => ({
      storeName: STORE.name,
      logoUrl: '/images/logo.png',
      email: STORE.email,
      phoneNumber: null,
    }),
    loadOrder: async (n) =>
      n === order.orderNumber ? { ...order, preferences: { email: true, whatsapp: true } } : null,
    log: { warn: (_o, msg) => void warnings.push(msg) },
  });
  return messages;
}

beforeEach(() => {
  whatsapp.seen.length = 0;
  msg91.seen.length = 0;
  mails.length = 0;
  warnings.length = 0;
  whatsappDown = false;
});

describe('with every provider configured', () => {
  it('sends the WhatsApp template, the DLT SMS and the HTML e-mail for a placed order', async () => {
    const messages = setUp();
    await messages.deliver({ orderNumber: 'KC261123-ABC234', event: 'placed' });

    expect(whatsapp.seen).toHaveLength(1);
    const [wa] = whatsapp.seen;
    expect(wa!.method).toBe('POST');
    expect(wa!.path).toBe('/v21.0/1098765432/messages');
    expect(wa!.headers.authorization).toBe('Bearer wa-test-token-123');
    expect(wa!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919123456780',
      type: 'template',
      template: {
        name: 'order_placed',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Meera' },
              { type: 'text', text: 'KC261123-ABC234' },
              { type: 'text', text: '₹342.45' },
              { type: 'text', text: 'Sat, 28 Nov' },
            ],
          },
        ],
      },
    });

    expect(msg91.seen).toHaveLength(1);
    expect(msg91.seen[0]!.path).toBe('/api/v5/flow');
    expect(msg91.seen[0]!.headers.authkey).toBe('msg91-auth-key');
    expect(msg91.seen[0]!.body).toEqual({
      template_id: '64f0dlt-placed',
      short_url: '0',
      recipients: [
        {
          mobiles: '919123456780',
          name: 'Meera',
          order: 'KC261123-ABC234',
          amount: '₹342.45',
          delivery: 'Sat, 28 Nov',
        },
      ],
    });

    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/multipart\/alternative/);
    expect(mails[0]).toMatch(/Content-Type: text\/plain/);
    expect(mails[0]).toMatch(/Content-Type: text\/html/);
    expect(mails[0]).toMatch(/Subject: Your Masala Ghar order KC261123-ABC234 is confirmed/);
    // The logo from the settings, made absolute with PUBLIC_URL.
    expect(mails[0]!.replace(/=\r?\n/g, '')).toContain('https://shop.example.in/images/logo.png');

    await messages.deliver({ orderNumber: 'KC261123-ABC234', event: 'placed' });
    expect([whatsapp.seen.length, msg91.seen.length, mails.length]).toEqual([1, 1, 1]);
  }, 60_000);

  it('retries only WhatsApp after the Cloud API refused it, with the template name from the settings', async () => {
    const tracking = { courier: 'Delhivery', awb: '99887766', url: 'https://track.example/99887766' };
    const messages = setUp(orderFacts({ tracking }));
    whatsappDown = true;
    await expect(messages.deliver({ orderNumber: 'KC261123-ABC234', event: 'shipped' })).rejects.toThrow(
      /whatsapp: WhatsApp API refused \(400\): \(#131026\) Message undeliverable/,
    );
    // No DLT template id for 'shipped': no SMS through MSG91, and it says so.
    expect(msg91.seen).toHaveLength(0);
    expect(warnings).toContain('no SMS template id for this event: SMS not sent');
    expect(mails).toHaveLength(1);
    whatsappDown = false;
    await messages.deliver({ orderNumber: 'KC261123-ABC234', event: 'shipped' });
    expect(whatsapp.seen).toHaveLength(2);
    const template = whatsapp.seen[1]!.body.template as {
      name: string;
      components: { parameters: { text: string }[] }[];
    };
    expect(template.name).toBe('shipment_update');
    expect(template.components[0]!.parameters.map((p) => p.text)).toEqual([
      'Meera',
      'KC261123-ABC234',
      'Delhivery, AWB 99887766, https://track.example/99887766',
    ]);
    expect(mails).toHaveLength(1);
  }, 30_000);

  it('a Hindi order: the Hindi DLT template id and the WhatsApp template in Hindi; without a Hindi id, the English SMS', async () => {
    const hindi = orderFacts({ orderNumber: 'KC261123-HIN001', language: 'hi' });
    env.MSG91_TEMPLATE_ORDER_PLACED_HI = '64f0dlt-placed-hi';
    try {
      await setUp(hindi).deliver({ orderNumber: hindi.orderNumber, event: 'placed' });
    } finally {
      delete env.MSG91_TEMPLATE_ORDER_PLACED_HI;
    }
    expect((whatsapp.seen[0]!.body.template as { language: { code: string } }).language).toEqual({
      code: 'hi',
    });
    expect(msg91.seen[0]!.body).toEqual({
      template_id: '64f0dlt-placed-hi',
      short_url: '0',
      recipients: [
        {
          mobiles: '919123456780',
          name: 'Meera',
          order: 'KC261123-HIN001',
          amount: '₹342.45',
          delivery: 'शनिवार, 28 नवंबर',
        },
      ],
    });
    expect(mails[0]).toMatch(/Content-Type: text\/html/);

    msg91.seen.length = 0;
    const noHindiId = orderFacts({ orderNumber: 'KC261123-HIN002', language: 'hi' });
    await setUp(noHindiId).deliver({ orderNumber: noHindiId.orderNumber, event: 'placed' });
    expect(msg91.seen[0]!.body.template_id).toBe('64f0dlt-placed');
  }, 60_000);

  it('refuses a wrong token as a delivery failure', async () => {
    const messenger = createMessenger(
      database.db,
      loadConfig({ NODE_ENV: 'test', ...env, WHATSAPP_TOKEN: 'wrong-token-1' }),
    );
    await expect(
      messenger.send({
        channel: 'whatsapp',
        to: '9123456780',
        text: 'x',
        whatsappTemplate: { name: 'order_placed', language: 'en', params: [] },
      }),
    ).rejects.toThrow(/WhatsApp API refused \(401\): Invalid OAuth access token/);
  });
});

describe('the COD confirmation and failed-delivery SMS through MSG91 (issue 34)', () => {
  const TOKEN = 'A'.repeat(43);
  const IDS = {
    MSG91_TEMPLATE_COD_CONFIRM: '64f0dlt-cod-confirm',
    MSG91_TEMPLATE_COD_CONFIRM_HI: '64f0dlt-cod-confirm-hi',
    MSG91_TEMPLATE_COD_REMINDER: '64f0dlt-cod-reminder',
    MSG91_TEMPLATE_COD_REMINDER_HI: '64f0dlt-cod-reminder-hi',
    MSG91_TEMPLATE_COD_EXPIRED: '64f0dlt-cod-expired',
    MSG91_TEMPLATE_COD_EXPIRED_HI: '64f0dlt-cod-expired-hi',
    MSG91_TEMPLATE_ORDER_DELIVERY_FAILED: '64f0dlt-ndr',
    MSG91_TEMPLATE_ORDER_DELIVERY_FAILED_HI: '64f0dlt-ndr-hi',
  };

  function codMessages(order: ReturnType<typeof orderFacts>, ids: Record<string, string> = IDS) {
    const config = loadConfig({ NODE_ENV: 'test', ...env, ...ids });
    return createCodConfirmationMessages({
      db: database.db,
      messenger: createMessenger(database.db, config),
      config,
      settings: async () => ({ storeName: STORE.name, logoUrl: null, email: STORE.email, phoneNumber: null }),
      mintLink: async () => ({ token: TOKEN, confirmBy: new Date('2026-11-24T10:00:00Z') }),
      confirmBy: async () => new Date('2026-11-24T10:00:00Z'),
      loadOrder: async (n) =>
        n === order.orderNumber ? { ...order, preferences: { email: true, whatsapp: false } } : null,
      log: { warn: (_o, msg) => void warnings.push(msg) },
    });
  }

  it('sends the request, the reminder and the not-confirmed notice with their DLT ids and variables, in English and Hindi', async () => {
    const en = orderFacts({ orderNumber: 'KC261123-COD001', paymentMode: 'COD' });
    for (const kind of ['cod_confirm', 'cod_reminder', 'cod_expired'] as const)
      await codMessages(en).deliver(en.orderNumber, kind);
    expect(msg91.seen.map((r) => r.body.template_id)).toEqual([
      '64f0dlt-cod-confirm',
      '64f0dlt-cod-reminder',
      '64f0dlt-cod-expired',
    ]);
    expect(msg91.seen.every((r) => r.path === '/api/v5/flow' && r.headers.authkey === 'msg91-auth-key')).toBe(
      true,
    );
    const [confirm, reminder, expired] = msg91.seen.map(
      (r) => (r.body.recipients as Record<string, string>[])[0]!,
    );
    expect(confirm).toEqual({
      mobiles: '919123456780',
      order: 'KC261123-COD001',
      items: expect.stringContaining('Garam Masala 100g × 2'),
      amount: '₹342.45',
      address: '7, Princess Street, Fort Kochi, Kochi, Kerala, 682001',
      deadline: expect.any(String),
      url: `https://shop.example.in/confirm/${TOKEN}`,
    });
    expect(reminder).toMatchObject({
      order: 'KC261123-COD001',
      url: `https://shop.example.in/confirm/${TOKEN}`,
    });
    expect(expired).toEqual({
      mobiles: '919123456780',
      order: 'KC261123-COD001',
      url: 'https://shop.example.in/',
    });
    // The e-mails went too, each once, in the frame of the order e-mails.
    expect(mails).toHaveLength(3);
    expect(mails[2]).toMatch(/Subject: Your order KC261123-COD001 is cancelled: it was not confirmed in/);

    msg91.seen.length = 0;
    const hi = orderFacts({ orderNumber: 'KC261123-COD002', paymentMode: 'COD', language: 'hi' });
    for (const kind of ['cod_confirm', 'cod_reminder', 'cod_expired'] as const)
      await codMessages(hi).deliver(hi.orderNumber, kind);
    expect(msg91.seen.map((r) => r.body.template_id)).toEqual([
      '64f0dlt-cod-confirm-hi',
      '64f0dlt-cod-reminder-hi',
      '64f0dlt-cod-expired-hi',
    ]);
    expect((msg91.seen[2]!.body.recipients as Record<string, string>[])[0]!.url).toBe(
      'https://shop.example.in/hi',
    );
  }, 60_000);

  it('without a Hindi id a Hindi order gets the English SMS; without any id no SMS, and it says so', async () => {
    const hi = orderFacts({ orderNumber: 'KC261123-COD003', paymentMode: 'COD', language: 'hi' });
    await codMessages(hi, { MSG91_TEMPLATE_COD_CONFIRM: '64f0dlt-cod-confirm' }).deliver(
      hi.orderNumber,
      'cod_confirm',
    );
    expect(msg91.seen.map((r) => r.body.template_id)).toEqual(['64f0dlt-cod-confirm']);
    msg91.seen.length = 0;
    const none = orderFacts({ orderNumber: 'KC261123-COD004', paymentMode: 'COD' });
    await codMessages(none, {}).deliver(none.orderNumber, 'cod_confirm');
    expect(msg91.seen).toHaveLength(0);
    expect(warnings).toContain('no SMS template id for this event: SMS not sent');
    // The e-mail still went; the SMS's claim was given back, so an id added later can send it.
    expect(mails).toHaveLength(2);
    await codMessages(none).deliver(none.orderNumber, 'cod_confirm');
    expect(msg91.seen.map((r) => r.body.template_id)).toEqual(['64f0dlt-cod-confirm']);
    expect(mails).toHaveLength(2);
  }, 60_000);

  it("a failed delivery's SMS goes with MSG91_TEMPLATE_ORDER_DELIVERY_FAILED (and _HI), its link minted when sent", async () => {
    for (const [language, id, path] of [
      ['en', '64f0dlt-ndr', '/delivery-issue/'],
      ['hi', '64f0dlt-ndr-hi', '/hi/delivery-issue/'],
    ] as const) {
      msg91.seen.length = 0;
      const order = orderFacts({ orderNumber: `KC261123-NDR0${language}`, paymentMode: 'COD', language });
      const config = loadConfig({ NODE_ENV: 'test', ...env, ...IDS });
      const minted: string[] = [];
      await createOrderMessages({
        db: database.db,
        messenger: createMessenger(database.db, config),
        config,
        settings: async () => ({ storeName: STORE.name, logoUrl: null, email: null, phoneNumber: null }),
        deliveryIssueLink: async (key) => {
          minted.push(key);
          return { token: TOKEN, reason: 'Door locked' };
        },
        loadOrder: async () => ({ ...order, preferences: { email: false, whatsapp: false } }),
        log: { warn: (_o, msg) => void warnings.push(msg) },
      }).deliver({ orderNumber: order.orderNumber, event: 'delivery_failed', refundId: 'delivery-issue-7' });
      expect(minted).toEqual(['delivery-issue-7']);
      expect(msg91.seen).toHaveLength(1);
      expect(msg91.seen[0]!.body).toEqual({
        template_id: id,
        short_url: '0',
        recipients: [
          {
            mobiles: '919123456780',
            name: 'Meera',
            order: order.orderNumber,
            url: `https://shop.example.in${path}${TOKEN}`,
          },
        ],
      });
    }
  }, 60_000);
});

describe('without WhatsApp keys', () => {
  it('is off on a real shop and kept in the outbox on a demo', () => {
    const real = loadConfig({ NODE_ENV: 'test', ...env, WHATSAPP_TOKEN: '', WHATSAPP_PHONE_NUMBER_ID: '' });
    const demo = loadConfig({ NODE_ENV: 'test' });
    const db = {} as Parameters<typeof createMessenger>[0];
    expect(createMessenger(db, real).available('whatsapp')).toBe(false);
    expect(createMessenger(db, demo).usesOutbox('whatsapp')).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'test', WHATSAPP_TOKEN: 'abcdefgh12' })).toThrow(/go together/);
  });
});
