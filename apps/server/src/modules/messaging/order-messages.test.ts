// Order messages through the real app and database: the channels follow the shopper's choice
// (WhatsApp only after opting in, SMS always), each goes out once per order event however often
// `deliver` runs, and a channel that fails is sent again on the next run, and only it.
import { ProductList } from '@spice/shared/contracts/catalog';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp } from '../../test/shoppers.ts';
import { chooseChannels, createOrderMessages, OrderMessageError } from './order-messages.ts';
import { messageDeliveries, outboxMessages } from './schema.ts';
import { type ChannelName, DeliveryError, type OutgoingMessage } from './service.ts';

describe('chooseChannels', () => {
  const all = () => true;
  const cases: [string, { email: boolean; whatsapp: boolean }, (c: ChannelName) => boolean, ChannelName[]][] =
    [
      ['defaults: e-mail and SMS', { email: true, whatsapp: false }, all, ['email', 'sms']],
      ['opted in to WhatsApp', { email: true, whatsapp: true }, all, ['email', 'sms', 'whatsapp']],
      ['e-mail turned off: SMS still goes', { email: false, whatsapp: false }, all, ['sms']],
      [
        'WhatsApp opted in but off on this shop',
        { email: true, whatsapp: true },
        (c) => c !== 'whatsapp',
        ['email', 'sms'],
      ],
    ];
  it.each(cases)('%s', (_name, preferences, available, expected) => {
    expect(chooseChannels({ preferences, email: 'a@example.in', mobile: '9123456780', available })).toEqual(
      expected,
    );
  });
});

let t: TestApp;
let garam: { id: number; variants: { weight: string }[] };
let mobiles = 9870000100;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function placeOrder(s: Shopper): Promise<string> {
  const address = await addAddress(s);
  await addToCart(s, garam.id, garam.variants[0]!.weight, 2);
  const created = await createPaymentOrder(s, address);
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  await t.app.jobWorker.runDue(); // the 'placed' messages go out by job
  return placed.json().orderNumber;
}

/**
 * Order messages over a fake messenger that records what it sends. `usesOutbox`: the channels
 * share the dev outbox (claimed together) or each has a provider of its own; `failSms`: the first
 * `times` SMS throw `error`.
 */
function withFakeMessenger(opts: {
  usesOutbox: boolean;
  failSms?: { times: number; error: Error };
  refundAmount?: (orderNumber: string, refundId: string) => Promise<number | null>;
}) {
  const sent: OutgoingMessage[] = [];
  const { failSms } = opts;
  let smsFailures = failSms?.times ?? 0;
  const { content } = t.app.services;
  const messages = createOrderMessages({
    db: t.database.db,
    messenger: {
      available: () => true,
      provider: () => 'outbox',
      usesOutbox: () => opts.usesOutbox,
      // A provider channel is sent on its own; outbox channels are written together, in one go.
      async send(message) {
        expect(opts.usesOutbox).toBe(false);
        if (failSms && message.channel === 'sms' && smsFailures-- > 0) throw failSms.error;
        sent.push(message);
      },
      // A failed write takes its claim with it: the claim runs only when the write goes ahead.
      async sendOutbox(batch, executor, claim) {
        expect(opts.usesOutbox).toBe(true);
        if (failSms && batch.some((m) => m.channel === 'sms') && smsFailures-- > 0) throw failSms.error;
        const { rows } = (await executor!.execute(claim!.getSQL())) as unknown as {
          rows: { channel: string }[];
        };
        sent.push(...batch.filter((m) => rows.some((r) => r.channel === m.channel)));
      },
    },
    config: t.app.config,
    settings: () => content.footer(),
    refundAmount: opts.refundAmount,
    log: { warn() {} },
  });
  return { messages, sent };
}

const outbox = async (to: string) =>
  (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json();
const channelsOf = (rows: { channel: string; subject?: string }[], orderNumber: string) =>
  rows.filter((r) => (r.channel === 'email' ? r.subject?.includes(orderNumber) : true)).map((r) => r.channel);

describe('message preferences', () => {
  it('start with e-mail on and WhatsApp off, and record when WhatsApp is opted in and out', async () => {
    const s = await signUp(t.app, String(mobiles++));
    const get = () => s.request({ method: 'GET', url: '/api/user/message-preferences' });
    expect((await get()).json()).toEqual({
      email: true,
      whatsapp: false,
      whatsappOptedInAt: null,
      whatsappOptedOutAt: null,
      // Marketing per channel (issue 37): off until the shopper turns one on.
      marketing: { whatsapp: false, sms: false, email: false },
    });
    const optIn = await s.request({
      method: 'PUT',
      url: '/api/user/message-preferences',
      payload: { email: true, whatsapp: true },
    });
    expect(optIn.statusCode, optIn.body).toBe(200);
    const inAt = optIn.json().whatsappOptedInAt;
    expect(Date.now() - Date.parse(inAt)).toBeLessThan(60_000);
    // Saving again keeps the first opt-in time.
    const again = await s.request({
      method: 'PUT',
      url: '/api/user/message-preferences',
      payload: { email: false, whatsapp: true },
    });
    expect(again.json()).toMatchObject({ email: false, whatsapp: true, whatsappOptedInAt: inAt });
    const out = await s.request({
      method: 'PUT',
      url: '/api/user/message-preferences',
      payload: { email: true, whatsapp: false },
    });
    expect(out.json()).toMatchObject({
      whatsapp: false,
      whatsappOptedInAt: inAt,
      whatsappOptedOutAt: expect.any(String),
    });
    expect((await get()).json()).toEqual(out.json());
  });

  it('need a session, and refuse a body that is not two booleans', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/message-preferences' })).statusCode).toBe(
      401,
    );
    const s = await signUp(t.app, String(mobiles++));
    const bad = await s.request({
      method: 'PUT',
      url: '/api/user/message-preferences',
      payload: { email: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('send WhatsApp only after the opt-in; SMS and e-mail without one', async () => {
    const s = await signUp(t.app, String(mobiles++));
    const first = await placeOrder(s);
    expect((await outbox(s.mobile)).map((m: { channel: string }) => m.channel)).not.toContain('whatsapp');
    expect(channelsOf(await outbox(s.mobile), first)).toContain('sms');
    expect(channelsOf(await outbox(s.email), first)).toEqual(['email']);

    await s.request({
      method: 'PUT',
      url: '/api/user/message-preferences',
      payload: { email: true, whatsapp: true },
    });
    const second = await placeOrder(s);
    const [whatsapp] = (await outbox(s.mobile)).filter((m: { channel: string }) => m.channel === 'whatsapp');
    expect(whatsapp).toMatchObject({ subject: 'Template order_placed', to: s.mobile });
    expect(whatsapp.text).toContain(second);
    const [mail] = await outbox(s.email);
    expect(mail.subject).toBe(`Your Kesar Chakki order ${second} is confirmed`);
    expect(mail.html).toContain(second);
  }, 30_000);
});

describe('deliver', () => {
  it('sends each channel once, however often it is called', async () => {
    const s = await signUp(t.app, String(mobiles++));
    await s.request({
      method: 'PUT',
      url: '/api/user/message-preferences',
      payload: { email: true, whatsapp: true },
    });
    const orderNumber = await placeOrder(s); // placing delivered 'placed' once already
    const { orderMessages } = t.app.services;
    await orderMessages.deliver({ orderNumber, event: 'placed' });
    await Promise.all([
      orderMessages.deliver({ orderNumber, event: 'placed' }),
      orderMessages.deliver({ orderNumber, event: 'placed' }),
    ]);
    const rows = await t.database.db.select().from(outboxMessages);
    const mine = rows.filter((r) => r.text.includes(orderNumber) || r.subject?.includes(orderNumber));
    expect(mine.map((r) => r.channel).sort()).toEqual(['email', 'sms', 'whatsapp']);
    const recorded = await t.database.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.orderNumber, orderNumber));
    expect(recorded.map((r) => r.channel).sort()).toEqual(['email', 'sms', 'whatsapp']);
  }, 30_000);

  it('sends exactly one per channel when a channel fails twice and then succeeds', async () => {
    const s = await signUp(t.app, String(mobiles++));
    await s.request({
      method: 'PUT',
      url: '/api/user/message-preferences',
      payload: { email: true, whatsapp: true },
    });
    const orderNumber = await placeOrder(s);
    const { messages, sent } = withFakeMessenger({
      usesOutbox: false, // a provider of its own per channel
      failSms: { times: 2, error: new DeliveryError('SMS provider down') },
    });
    // 'shipped' has not been sent for this order yet.
    await expect(messages.deliver({ orderNumber, event: 'shipped' })).rejects.toThrow(OrderMessageError);
    expect(sent.map((m) => m.channel)).toEqual(['email', 'whatsapp']);
    await expect(messages.deliver({ orderNumber, event: 'shipped' })).rejects.toThrow(
      /sms: SMS provider down/,
    );
    expect(sent.map((m) => m.channel)).toEqual(['email', 'whatsapp']);
    await messages.deliver({ orderNumber, event: 'shipped' });
    await messages.deliver({ orderNumber, event: 'shipped' });
    expect(sent.map((m) => m.channel)).toEqual(['email', 'whatsapp', 'sms']);
    const recorded = await t.database.db
      .select()
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.orderNumber, orderNumber), eq(messageDeliveries.event, 'shipped')));
    expect(recorded).toHaveLength(3);
  }, 30_000);

  it('claims outbox channels together: one failing takes the others back, and a retry sends all once', async () => {
    const s = await signUp(t.app, String(mobiles++));
    const orderNumber = await placeOrder(s);
    const { messages, sent } = withFakeMessenger({
      usesOutbox: true,
      failSms: { times: 1, error: new Error('outbox write failed') },
    });
    const recorded = () =>
      t.database.db
        .select()
        .from(messageDeliveries)
        .where(and(eq(messageDeliveries.orderNumber, orderNumber), eq(messageDeliveries.event, 'delivered')));
    await expect(messages.deliver({ orderNumber, event: 'delivered' })).rejects.toThrow(
      /email, sms: outbox write failed/,
    );
    expect(await recorded()).toHaveLength(0);
    sent.length = 0;
    await messages.deliver({ orderNumber, event: 'delivered' });
    await messages.deliver({ orderNumber, event: 'delivered' });
    expect(sent.map((m) => m.channel)).toEqual(['email', 'sms']);
    expect((await recorded()).map((r) => r.channel).sort()).toEqual(['email', 'sms']);
  }, 30_000);

  it('keeps refunds apart: each refund of an order is its own message, with its amount', async () => {
    const s = await signUp(t.app, String(mobiles++));
    const orderNumber = await placeOrder(s);
    const { messages, sent } = withFakeMessenger({
      usesOutbox: false,
      refundAmount: async (_order, refundId) => (refundId === 'rfnd_1' ? 5000 : null),
    });
    await messages.deliver({ orderNumber, event: 'refunded', refundId: 'rfnd_1' });
    await messages.deliver({ orderNumber, event: 'refunded', refundId: 'rfnd_1' });
    await messages.deliver({ orderNumber, event: 'refunded', refundId: 'rfnd_2' });
    const mails = sent.filter((m) => m.channel === 'email');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('a refund of ₹50 for your order');
    expect(mails[1]!.text).toContain('the refund for your order');
  }, 30_000);

  it('answers not found for an unknown order', async () => {
    await expect(
      t.app.services.orderMessages.deliver({ orderNumber: 'KC000000-NOPE00', event: 'placed' }),
    ).rejects.toThrow(/not found/);
  });
});
