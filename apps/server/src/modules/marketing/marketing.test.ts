// Bringing shoppers back (issue 37) through the real app: marketing consent per channel (profile,
// checkout tick box, WhatsApp STOP), the owner's settings, abandoned-cart reminders on the durable
// queue (quiet hours, stop rules, restart), the recovery link, one-click unsubscribe and
// back-in-stock batches. Time passes through the demo clock (one shopper's data dated earlier).
import { createHmac } from 'node:crypto';
import { CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../plugins/config.ts';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { productVariants } from '../catalog/schema.ts';
import { jobs } from '../jobs/schema.ts';
import { orders } from '../orders/schema.ts';
import { abandonedCarts, backInStock } from './schema.ts';

const SECRET = 'app-secret-for-tests';
let t: TestApp;
let adminCookie: string;
let n = 0;
const ENV = {
  OTP_SENDS_PER_IP_PER_HOUR: '100000',
  OTP_VERIFIES_PER_IP_PER_HOUR: '100000',
  WHATSAPP_APP_SECRET: SECRET,
};

beforeAll(async () => {
  t = await createTestApp({ env: ENV });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  // The journeys below run at any hour: no quiet hours unless a test sets them.
  const settings = (await asAdmin({ url: '/api/admin/marketing-settings' })).json();
  const saved = await asAdmin({
    method: 'PUT',
    url: '/api/admin/marketing-settings',
    payload: { ...settings, quietHours: null },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });

async function newShopper(): Promise<Shopper> {
  n++;
  return signUp(t.app, `98${String(77000000 + n).padStart(8, '0')}`);
}

async function products() {
  return (await t.app.inject('/api/products')).json() as {
    id: number;
    slug: string;
    variants: { id: number; weight: string; stock: number }[];
  }[];
}

async function consentTo(s: Shopper, marketing: { whatsapp: boolean; sms: boolean; email: boolean }) {
  const res = await s.request({
    method: 'PUT',
    url: '/api/user/message-preferences',
    payload: { email: true, whatsapp: false, marketing },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The demo clock: `minutes` pass for this shopper, then the due jobs run. */
async function later(s: Shopper, minutes: number) {
  const res = await s.request({
    method: 'POST',
    url: '/api/dev/marketing/clock',
    payload: { advanceMinutes: minutes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { found: number; told: number; ran: number };
}

async function outbox(to: string) {
  return (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json() as {
    channel: string;
    text: string;
    subject?: string;
    html?: string;
    headers?: Record<string, string>;
  }[];
}

const LINK = /\/cart\/recover\/([A-Za-z0-9_-]{43})/;
const reminders = async (s: Shopper) => (await outbox(s.mobile)).filter((m) => LINK.test(m.text));

/** A shopper who chose offers on WhatsApp and e-mail, with one item in the cart. */
async function shopperWithCart(quantity = 2) {
  const s = await newShopper();
  await consentTo(s, { whatsapp: true, sms: false, email: true });
  const [garam] = await products();
  await addToCart(s, garam!.id, '100g', quantity);
  return { s, product: garam! };
}

describe('marketing consent per channel', () => {
  it('is off on every channel until the shopper turns one on, each change recorded with time and source', async () => {
    const s = await newShopper();
    const before = (await s.request({ url: '/api/user/message-preferences' })).json();
    expect(before.marketing).toEqual({ whatsapp: false, sms: false, email: false });
    const after = await consentTo(s, { whatsapp: true, sms: false, email: true });
    expect(after.marketing).toEqual({ whatsapp: true, sms: false, email: true });
    expect(after.email).toBe(true);
    const { history, marketingChannels } = (await s.request({ url: '/api/user/consents' })).json();
    expect(marketingChannels).toEqual({ whatsapp: true, sms: false, email: true });
    const records = history.filter((h: { purpose: string }) => h.purpose === 'marketing');
    expect(records.map((r: { channel: string }) => r.channel).sort()).toEqual(['email', 'whatsapp']);
    for (const r of records) {
      expect(r).toMatchObject({ given: true, source: 'profile', language: 'en' });
      expect(Date.parse(r.at)).toBeGreaterThan(Date.now() - 60_000);
    }
    // Saving the same choices again records nothing new.
    await consentTo(s, { whatsapp: true, sms: false, email: true });
    const again = (await s.request({ url: '/api/user/consents' })).json().history;
    expect(again.filter((h: { purpose: string }) => h.purpose === 'marketing')).toHaveLength(2);
  });

  it('records the checkout tick box with its own words, in Hindi when asked in Hindi', async () => {
    const s = await newShopper();
    const res = await s.request({
      method: 'PUT',
      url: '/api/user/consents',
      headers: { 'accept-language': 'hi' },
      payload: { purpose: 'marketing', channel: 'whatsapp', given: true, source: 'checkout' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [record] = res.json().history;
    expect(record).toMatchObject({ channel: 'whatsapp', source: 'checkout', language: 'hi' });
    expect(record.textShown).toBe('मुझे ऑफ़र और रिमाइंडर WhatsApp पर भेजें');
    expect((await s.request({ url: '/api/user/message-preferences' })).json().marketing.whatsapp).toBe(true);
  });

  it("turns WhatsApp marketing off on a WhatsApp 'STOP', recorded as a withdrawal", async () => {
    const s = await newShopper();
    await consentTo(s, { whatsapp: true, sms: true, email: false });
    const body = JSON.stringify({
      entry: [
        {
          changes: [
            { value: { messages: [{ from: `91${s.mobile}`, type: 'text', text: { body: 'stop' } }] } },
          ],
        },
      ],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messaging/webhook/whatsapp',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const prefs = (await s.request({ url: '/api/user/message-preferences' })).json();
    expect(prefs.marketing).toEqual({ whatsapp: false, sms: true, email: false });
    expect(prefs.whatsapp).toBe(false);
    const [latest] = (await s.request({ url: '/api/user/consents' })).json().history;
    expect(latest).toMatchObject({
      purpose: 'marketing',
      channel: 'whatsapp',
      given: false,
      source: 'whatsapp-stop',
    });
  });
});

describe('the marketing settings', () => {
  it('answers 401 signed out and 403 to a shopper', async () => {
    const s = await newShopper();
    for (const method of ['GET', 'PUT'] as const) {
      const req = { method, url: '/api/admin/marketing-settings', ...(method === 'PUT' && { payload: {} }) };
      expect((await t.app.inject(req)).statusCode).toBe(401);
      expect((await s.request(req)).statusCode).toBe(403);
    }
  });

  it('saves with the version loaded, refuses a stale one with 409, and is audited', async () => {
    const loaded = (await asAdmin({ url: '/api/admin/marketing-settings' })).json();
    const saved = await asAdmin({
      method: 'PUT',
      url: '/api/admin/marketing-settings',
      payload: { ...loaded, abandonedCart: { ...loaded.abandonedCart, couponCode: 'WELCOME10' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      version: loaded.version + 1,
      abandonedCart: { couponCode: 'WELCOME10' },
    });
    const stale = await asAdmin({ method: 'PUT', url: '/api/admin/marketing-settings', payload: loaded });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CHANGED_MEANWHILE);
    const bad = await asAdmin({
      method: 'PUT',
      url: '/api/admin/marketing-settings',
      payload: { ...(saved.json() as object), abandonedCart: { ...loaded.abandonedCart, idleMinutes: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    const audit = (await asAdmin({ url: '/api/admin/audit?size=5' })).json();
    expect(JSON.stringify(audit)).toContain('marketing-settings.update');
    // Back as the other tests expect it.
    const back = await asAdmin({
      method: 'PUT',
      url: '/api/admin/marketing-settings',
      payload: { ...(saved.json() as object), abandonedCart: { ...loaded.abandonedCart, couponCode: null } },
    });
    expect(back.statusCode).toBe(200);
  });

  it('starts from the demo defaults', async () => {
    const fresh = await createTestApp();
    try {
      const admin = (await verifyMobile(fresh.app, DEMO_ADMIN.mobile)).cookie;
      const res = await fresh.app.inject({
        url: '/api/admin/marketing-settings',
        headers: { cookie: admin },
      });
      expect(res.json()).toEqual({
        abandonedCart: { enabled: true, idleMinutes: 60, delaysMinutes: [60, 1380], couponCode: null },
        quietHours: { from: '21:00', to: '10:00' },
        maxPerShopperPerDay: 1,
        backInStockBatchFactor: 5,
        version: 0,
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('abandoned-cart reminders', () => {
  it('waits 60 idle minutes, then sends on the consented channels with the link, the total and a way out', async () => {
    const { s } = await shopperWithCart();
    expect((await later(s, 59)).found).toBe(0);
    expect(await reminders(s)).toHaveLength(0);
    // An hour idle: found; its first reminder is due an hour after that.
    expect((await later(s, 1)).found).toBe(1);
    expect(await reminders(s)).toHaveLength(0);
    await later(s, 60);
    const [whatsapp] = await reminders(s);
    expect(whatsapp).toMatchObject({ channel: 'whatsapp' });
    expect(whatsapp!.text).toContain('Garam Masala 100g × 2');
    expect(whatsapp!.text).toContain('₹260');
    expect(whatsapp!.text).toContain('Reply STOP to stop');
    const [mail] = (await outbox(s.email)).filter((m) => LINK.test(m.text));
    expect(mail!.subject).toContain('your cart is waiting');
    expect(mail!.html).toContain('<img');
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(/^<.*\/api\/unsubscribe\/[A-Za-z0-9_-]{43}>$/);
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The token was made when the job ran: no job holds it in plain text.
    const token = LINK.exec(whatsapp!.text)![1]!;
    const rows = await t.database.db.select({ payload: jobs.payload, key: jobs.key }).from(jobs);
    expect(JSON.stringify(rows)).not.toContain(token);
    // At most one a day: the second (due 23 h later) waits for the 24 hours to pass.
    await later(s, 1380);
    expect(await reminders(s)).toHaveLength(1);
    await later(s, 60);
    expect(await reminders(s)).toHaveLength(2);
  });

  it('waits for the morning when a reminder falls in the quiet hours', async () => {
    const { s } = await shopperWithCart();
    const loaded = (await asAdmin({ url: '/api/admin/marketing-settings' })).json();
    // Quiet from an hour ago to two hours from now, on an Indian clock.
    const ist = (offsetMinutes: number) =>
      new Date(Date.now() + 330 * 60_000 + offsetMinutes * 60_000).toISOString().slice(11, 16);
    const quiet = await asAdmin({
      method: 'PUT',
      url: '/api/admin/marketing-settings',
      payload: { ...loaded, quietHours: { from: ist(-60), to: ist(120) } },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    try {
      await later(s, 120);
      expect(await reminders(s)).toHaveLength(0);
      const [cart] = await t.database.db.select().from(abandonedCarts).where(eq(abandonedCarts.userId, s.id));
      const waiting = await t.database.db
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(sql`${jobs.key} like ${`cart-reminder:${cart!.id}:0:at-%`}`);
      expect(waiting).toHaveLength(1);
      const wait = waiting[0]!.runAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(110 * 60_000);
      expect(wait).toBeLessThanOrEqual(120 * 60_000);
    } finally {
      await asAdmin({
        method: 'PUT',
        url: '/api/admin/marketing-settings',
        payload: { ...(quiet.json() as object), quietHours: null },
      });
    }
  });

  it('sends nothing after the shopper orders', async () => {
    const { s } = await shopperWithCart(1);
    expect((await later(s, 60)).found).toBe(1);
    const addressId = await addAddress(s);
    const order = await createPaymentOrder(s, addressId);
    expect(order.statusCode, order.body).toBe(200);
    const { placed } = await payAndPlace(s, order.json().id ?? order.json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    await later(s, 60);
    await later(s, 1440);
    expect(await reminders(s)).toHaveLength(0);
    const [cart] = await t.database.db.select().from(abandonedCarts).where(eq(abandonedCarts.userId, s.id));
    expect(cart).toMatchObject({ status: 'EXPIRED', stopReason: 'ordered', messagesSent: 0 });
  });

  it('sends nothing to a shopper who never chose marketing', async () => {
    const s = await newShopper();
    const [garam] = await products();
    await addToCart(s, garam!.id, '50g');
    expect((await later(s, 180)).found).toBe(0);
    expect(await reminders(s)).toHaveLength(0);
  });

  it('stops when the shopper empties the cart', async () => {
    const { s } = await shopperWithCart();
    await later(s, 60);
    const cart = (await s.request({ url: `/api/cart/user/${s.mobile}` })).json();
    for (const line of cart) await s.request({ method: 'DELETE', url: `/api/cart/${line.id}` });
    await later(s, 60);
    expect(await reminders(s)).toHaveLength(0);
    const [row] = await t.database.db.select().from(abandonedCarts).where(eq(abandonedCarts.userId, s.id));
    expect(row).toMatchObject({ status: 'EXPIRED', stopReason: 'emptied' });
  });

  it('keeps a reminder across a restart: the job waits in the database and the next app sends it', async () => {
    const { s } = await shopperWithCart();
    await later(s, 60);
    // Due now, but nothing runs it before the app goes down.
    await t.app.services.marketing.timeTravel(s.id, 60);
    expect(await reminders(s)).toHaveLength(0);
    const second = await buildApp({ config: loadConfig({ NODE_ENV: 'test', ...ENV }), database: t.database });
    try {
      expect(await second.jobWorker.runDue()).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
    expect(await reminders(s)).toHaveLength(1);
  });
});

describe('the recovery link', () => {
  async function sentLink() {
    const { s, product } = await shopperWithCart(2);
    await later(s, 120);
    const [message] = await reminders(s);
    return { s, product, token: LINK.exec(message!.text)![1]! };
  }
  const open = (token: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/cart/recover/${token}`,
      ...(cookie && { headers: { cookie } }),
    });

  it('restores the cart for its shopper, merged with what is there now, never doubled', async () => {
    const { s, product, token } = await sentLink();
    // Meanwhile the cart lost the line and got another.
    const cart = (await s.request({ url: `/api/cart/user/${s.mobile}` })).json();
    for (const line of cart) await s.request({ method: 'DELETE', url: `/api/cart/${line.id}` });
    await addToCart(s, product.id, '50g', 1);
    const res = await open(token, s.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await open(token, s.cookie)).statusCode).toBe(200);
    const lines = (await s.request({ url: `/api/cart/user/${s.mobile}` })).json() as {
      variant: string;
      quantity: number;
    }[];
    expect(lines.map((l) => [l.variant, l.quantity]).sort()).toEqual([
      ['100g', 2],
      ['50g', 1],
    ]);
  });

  it('signed out, asks to sign in with the mobile it was sent to and signs nobody in', async () => {
    const { s, token } = await sentLink();
    const res = await open(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(`Sign in with +91 ******${s.mobile.slice(-4)} to see your cart.`);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("refuses another shopper's link", async () => {
    const { token } = await sentLink();
    const other = await newShopper();
    const res = await open(token, other.cookie);
    expect(res.statusCode).toBe(403);
    expect((await other.request({ url: `/api/cart/user/${other.mobile}` })).json()).toEqual([]);
  });

  it('expires after 7 days, and refuses a made-up token', async () => {
    const { s, token } = await sentLink();
    await later(s, 7 * 24 * 60);
    expect((await open(token, s.cookie)).statusCode).toBe(404);
    expect((await open('x'.repeat(43), s.cookie)).statusCode).toBe(404);
  });

  it('marks the order that follows a reminder as recovered, and the back office counts it', async () => {
    const { s, token } = await sentLink();
    expect((await open(token, s.cookie)).statusCode).toBe(200);
    const addressId = await addAddress(s);
    const order = await createPaymentOrder(s, addressId);
    const { placed } = await payAndPlace(s, order.json().id ?? order.json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    await later(s, 1);
    const [row] = await t.database.db.select().from(abandonedCarts).where(eq(abandonedCarts.userId, s.id));
    expect(row!.status).toBe('RECOVERED');
    const [o] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, row!.recoveredOrderNumber!));
    expect(o!.recoveredFrom).toBe('ABANDONED_CART');
    const detail = await asAdmin({ url: `/api/admin/orders/${encodeURIComponent(o!.orderNumber)}` });
    expect(detail.json().recoveredFrom).toBe('ABANDONED_CART');
    const list = (await asAdmin({ url: '/api/admin/abandoned-carts' })).json();
    const mine = list.carts.find((c: { id: number }) => c.id === row!.id);
    expect(mine).toMatchObject({ status: 'RECOVERED', messagesSent: 1, orderNumber: o!.orderNumber });
    expect(list.totals.ordersRecovered).toBeGreaterThanOrEqual(1);
    expect(list.totals.revenueRecovered).toBeGreaterThan(0);
    expect((await s.request({ url: '/api/admin/abandoned-carts' })).statusCode).toBe(403);
    // Where the sale came from (issue 38): the reminder is its last touch.
    const report = (await asAdmin({ url: '/api/admin/reports/sales-by-source' })).json();
    expect(report.lastTouch).toContainEqual(
      expect.objectContaining({ source: 'cart-reminder', medium: 'message', campaign: 'abandoned-cart' }),
    );
  });
});

describe('unsubscribe', () => {
  it('turns that channel off without sign-in, recorded; repeating it is harmless', async () => {
    const { s } = await shopperWithCart();
    await later(s, 120);
    const [mail] = (await outbox(s.email)).filter((m) => LINK.test(m.text));
    const url = /<[^>]*(\/api\/unsubscribe\/[A-Za-z0-9_-]{43})>/.exec(
      mail!.headers!['List-Unsubscribe']!,
    )![1]!;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ channel: 'email', unsubscribed: true });
    }
    const prefs = (await s.request({ url: '/api/user/message-preferences' })).json();
    expect(prefs.marketing).toEqual({ whatsapp: true, sms: false, email: false });
    const history = (await s.request({ url: '/api/user/consents' })).json().history;
    expect(history.filter((h: { source: string }) => h.source === 'unsubscribe-link')).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${'a'.repeat(43)}` })).statusCode,
    ).toBe(404);
  });
});

describe('back in stock', () => {
  const TEA = 'tea-masala';
  async function teaVariant() {
    const tea = (await products()).find((p) => p.slug === TEA)!;
    return {
      tea,
      soldOut: tea.variants.find((v) => v.weight === '50g')!,
      inStock: tea.variants.find((v) => v.weight === '100g')!,
    };
  }

  it('subscribes to a sold-out variant (repeat harmless), refuses one in stock, unsubscribes', async () => {
    const s = await newShopper();
    const { soldOut, inStock } = await teaVariant();
    const url = `/api/products/${TEA}/back-in-stock`;
    for (let i = 0; i < 2; i++) {
      const res = await s.request({ method: 'POST', url, payload: { variantId: soldOut.id } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ variantId: soldOut.id, subscribed: true });
    }
    expect((await s.request({ url })).json()).toEqual({ variantIds: [soldOut.id] });
    // The shopper's data export shows the request (issue 35's export, issue 37's data).
    const exported = (await s.request({ url: '/api/user/data-export' })).json();
    expect(exported.backInStockRequests).toEqual([
      { productId: expect.any(Number), variantId: soldOut.id, askedAt: expect.any(String), toldAt: null },
    ]);
    expect(exported.savedCarts).toEqual([]);
    const refused = await s.request({ method: 'POST', url, payload: { variantId: inStock.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This item is in stock.');
    expect((await t.app.inject({ method: 'POST', url, payload: { variantId: soldOut.id } })).statusCode).toBe(
      401,
    );
    const off = await s.request({ method: 'DELETE', url, payload: { variantId: soldOut.id } });
    expect(off.json()).toEqual({ variantId: soldOut.id, subscribed: false });
    expect((await s.request({ url })).json()).toEqual({ variantIds: [] });
  });

  it('tells subscribers oldest first in batches of new stock × 5, the rest later only while stock remains', async () => {
    const { soldOut } = await teaVariant();
    const waiting: Shopper[] = [];
    for (let i = 0; i < 12; i++) {
      const s = await newShopper();
      const res = await s.request({
        method: 'POST',
        url: `/api/products/${TEA}/back-in-stock`,
        payload: { variantId: soldOut.id },
      });
      expect(res.statusCode).toBe(201);
      waiting.push(s);
    }
    const counts = (await asAdmin({ url: '/api/admin/back-in-stock?soldOut=true' })).json();
    expect(counts.find((c: { variantId: number }) => c.variantId === soldOut.id)?.waiting).toBe(12);
    // The back office restocks 2 units: a batch of 10, at once.
    const restock = await asAdmin({
      method: 'POST',
      url: `/api/admin/variants/${soldOut.id}/stock`,
      payload: { change: 2, reason: 'Restock' },
    });
    expect(restock.statusCode, restock.body).toBe(200);
    await t.app.jobWorker.runDue();
    const told = async () => {
      const out: boolean[] = [];
      for (const s of waiting)
        out.push((await outbox(s.mobile)).some((m) => m.text.includes('is back in stock')));
      return out;
    };
    expect(await told()).toEqual([...Array(10).fill(true), false, false]);
    const [alert] = (await outbox(waiting[0]!.mobile)).filter((m) => m.text.includes('is back in stock'));
    expect(alert!.text).toContain(`/product/${TEA}`);
    // A later scan within the hour tells nobody; after it, the rest, while stock remains.
    await t.app.services.marketing.scan();
    expect((await told()).filter(Boolean)).toHaveLength(10);
    await t.database.db
      .update(backInStock)
      .set({ notifiedAt: sql`${backInStock.notifiedAt} - interval '2 hours'` })
      .where(eq(backInStock.variantId, soldOut.id));
    await t.database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, soldOut.id));
    t.app.services.catalog.stockChanged();
    await t.app.services.marketing.scan();
    expect((await told()).filter(Boolean)).toHaveLength(10);
    await t.database.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, soldOut.id));
    t.app.services.catalog.stockChanged();
    await t.app.services.marketing.scan();
    expect(await told()).toEqual(Array(12).fill(true));
  });
});
