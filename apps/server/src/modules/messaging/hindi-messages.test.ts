// An order placed from a Hindi page (Accept-Language: hi) gets its messages in Hindi: e-mail, SMS
// and WhatsApp (template language 'hi'), links to /hi/orders/…, and later status messages stay in
// the order's language. An order placed without the header stays English. OTP texts take the
// store's name and the code's lifetime from the settings.
import { ProductList } from '@spice/shared/contracts/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, placementPayload } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { productVariants } from '../catalog/schema.ts';
import { siteSettings } from '../content/schema.ts';
import { orders } from '../orders/schema.ts';

let t: TestApp;
let adminCookie: string;
let garam: { id: number; variants: { id: number; weight: string }[] };
let n = 0;
const nextMobile = () => `8${String(400000000 + n++).slice(-9)}`;
const HI = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
const DEVANAGARI = /[\u0900-\u097F]/;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000', OTP_TTL_SECONDS: '600' } });
  garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
  await t.database.db
    .update(productVariants)
    .set({ stock: 500 })
    .where(eq(productVariants.id, garam.variants[0]!.id));
  t.app.services.catalog.invalidate();
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

interface OutboxRow {
  channel: string;
  to: string;
  subject?: string;
  text: string;
  html?: string;
}
const outbox = async (to: string): Promise<OutboxRow[]> =>
  (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json();

async function shopper(): Promise<Shopper> {
  const s = await signUp(t.app, nextMobile());
  const optIn = await s.request({
    method: 'PUT',
    url: '/api/user/message-preferences',
    payload: { email: true, whatsapp: true },
  });
  expect(optIn.statusCode, optIn.body).toBe(200);
  await addToCart(s, garam.id, garam.variants[0]!.weight, 2);
  return s;
}

async function placeCod(s: Shopper, headers: Record<string, string>) {
  const addressId = await addAddress(s);
  const place = (amount: number) =>
    s.request({ method: 'POST', url: '/api/orders/place-cod', payload: { addressId, amount }, headers });
  const probe = await place(0);
  expect(probe.statusCode, probe.body).toBe(409);
  const res = await place(probe.json().amount);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().orderNumber as string;
}

async function placeOnline(s: Shopper, headers: Record<string, string>) {
  const addressId = await addAddress(s);
  const create = (amount: number) =>
    s.request({
      method: 'POST',
      url: '/api/payment/create-razorpay-order',
      payload: { amount, addressId },
      headers,
    });
  const probe = await create(1);
  expect(probe.statusCode, probe.body).toBe(409);
  const created = await create(probe.json().amount);
  expect(created.statusCode, created.body).toBe(200);
  const paid = await s.request({
    method: 'POST',
    url: `/api/payment/simulated/${created.json().orderId}/pay`,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  // The placing call carries no language: the checkout remembered it.
  const placed = await s.request({
    method: 'POST',
    url: '/api/orders/place',
    payload: placementPayload(paid.json()),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().orderNumber as string;
}

async function moveTo(orderNumber: string, status: string) {
  const detail = await t.app.inject({
    url: `/api/admin/orders/${orderNumber}`,
    headers: { cookie: adminCookie },
  });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderNumber}/status`,
    headers: { cookie: adminCookie },
    payload: { status, version: detail.json().version },
  });
  expect(res.statusCode, res.body).toBe(200);
}

function expectHindi(rows: OutboxRow[], orderNumber: string) {
  const about = rows.filter((r) => r.text.includes(orderNumber) || r.subject?.includes(orderNumber));
  // A COD order's confirmation request (issue 34) goes beside the order's messages, in Hindi too.
  const confirmation = about.filter((r) => r.text.includes('/hi/confirm/'));
  for (const row of confirmation) expect(row.text, row.channel).toMatch(DEVANAGARI);
  const mine = about.filter((r) => !confirmation.includes(r));
  expect(mine.map((r) => r.channel).sort()).toEqual(['email', 'sms', 'whatsapp']);
  for (const row of mine) {
    expect(row.text, row.channel).toMatch(DEVANAGARI);
    expect(row.text).not.toMatch(/\bHi \w+, your order\b/);
  }
  const email = mine.find((r) => r.channel === 'email')!;
  expect(email.subject).toMatch(DEVANAGARI);
  expect(email.html).toContain('lang="hi"');
  expect(email.html).toContain(`/hi/orders/${orderNumber}`);
  expect(email.html).not.toContain(`"/orders/${orderNumber}`);
  expect(mine.find((r) => r.channel === 'whatsapp')!.subject).toContain('Template');
  return mine;
}

describe('an order placed in Hindi', () => {
  it('COD: e-mail, SMS and WhatsApp in Hindi, with /hi links and the date in Hindi, and later status messages too', async () => {
    const s = await shopper();
    const orderNumber = await placeCod(s, HI);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(row!.language).toBe('hi');
    await t.app.jobWorker.runDue();
    const placed = expectHindi([...(await outbox(s.email)), ...(await outbox(s.mobile))], orderNumber);
    expect(placed.find((r) => r.channel === 'email')!.subject).toContain('कन्फ़र्म');
    // The order date in IST with the Hindi month name.
    const month = new Intl.DateTimeFormat('hi-IN', { month: 'long', timeZone: 'Asia/Kolkata' }).format(
      row!.createdAt,
    );
    expect(placed.find((r) => r.channel === 'email')!.text).toContain(month);
    // The lines in Hindi as the catalogue had them, kept on the order; the address type too.
    const email = placed.find((r) => r.channel === 'email')!;
    expect(email.text).toContain('गरम मसाला');
    expect(email.text).toContain('(घर)');
    const detail = (await s.request({ url: `/api/orders/${orderNumber}` })).json();
    expect(detail.items[0]).toMatchObject({ productName: 'Garam Masala', productNameHi: 'गरम मसाला' });
    expect(detail.items[0].variantHi).toMatch(DEVANAGARI);

    // A status change made in the (English) back office still speaks the order's language.
    await moveTo(orderNumber, 'CANCELLED');
    await t.app.jobWorker.runDue();
    const all = [...(await outbox(s.email)), ...(await outbox(s.mobile))];
    // Not the confirmation request, whose 'cancel order' button says रद्द too.
    const cancelled = all.filter((r) => r.text.includes('रद्द') && !r.text.includes('/confirm/'));
    expect(cancelled.map((r) => r.channel).sort()).toEqual(['email', 'sms', 'whatsapp']);
  });

  it('online: the checkout remembers the language, and WhatsApp asks for the Hindi template', async () => {
    const s = await shopper();
    const orderNumber = await placeOnline(s, HI);
    await t.app.jobWorker.runDue();
    expectHindi([...(await outbox(s.email)), ...(await outbox(s.mobile))], orderNumber);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(row!.language).toBe('hi');
  });

  it('without the header an order stays English, exactly as before', async () => {
    const s = await shopper();
    const orderNumber = await placeCod(s, {});
    await t.app.jobWorker.runDue();
    const about = [...(await outbox(s.email)), ...(await outbox(s.mobile))].filter(
      (r) => r.text.includes(orderNumber) || r.subject?.includes(orderNumber),
    );
    for (const r of about) expect(r.text).not.toMatch(DEVANAGARI);
    // The order's own messages, beside its COD confirmation request (issue 34), English too.
    const confirmation = about.filter((r) => r.text.includes('/confirm/'));
    expect(confirmation.every((r) => !r.text.includes('/hi/confirm/'))).toBe(true);
    const mine = about.filter((r) => !confirmation.includes(r));
    expect(mine.length).toBe(3);
    expect(mine.find((r) => r.channel === 'email')!.html).toContain(`/orders/${orderNumber}`);
    expect(mine.find((r) => r.channel === 'email')!.html).not.toContain('/hi/orders/');
  });
});

describe('login and e-mail codes', () => {
  it('name the store from the settings and the configured lifetime, in the asked language', async () => {
    const storeName = 'Masala Ghar';
    await t.database.db.update(siteSettings).set({ storeName });
    t.app.services.content.invalidate();
    const en = nextMobile();
    const hi = nextMobile();
    for (const [mobile, headers] of [
      [en, {}],
      [hi, HI],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/otp/send',
        payload: { mobile },
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [enSms] = await outbox(en);
    const [hiSms] = await outbox(hi);
    expect(enSms!.text).toContain(`your ${storeName} login code`);
    expect(enSms!.text).toContain('valid for 10 minutes');
    expect(enSms!.text).not.toContain('Kesar Chakki');
    expect(hiSms!.text).toContain(storeName);
    expect(hiSms!.text).toContain('10 मिनट');
    expect(hiSms!.text).toMatch(DEVANAGARI);
  });
});
