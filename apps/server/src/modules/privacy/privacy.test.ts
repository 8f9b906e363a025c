// Personal data (issue 35, decision 0036): the export holds the shopper's data and nobody else's;
// erasure needs the code sent by SMS, waits for orders in progress, removes the person, keeps the
// orders detached and the issued invoices byte for byte; the mobile can sign up again as new.
import { consentText } from '@spice/shared/consent-texts';
import { ProductList } from '@spice/shared/contracts/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { latestCode, type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { users } from '../accounts/schema.ts';
import { createAccountsService } from '../accounts/service.ts';
import { invoices } from '../invoices/schema.ts';
import { orders } from '../orders/schema.ts';
import { reviews } from '../reviews/schema.ts';

let t: TestApp;
let adminCookie: string;
let garam: { id: number; variants: { weight: string }[] };

beforeAll(async () => {
  t = await createTestApp({
    env: { OTP_SENDS_PER_IP_PER_HOUR: '100000', CONTACT_PER_IP_PER_HOUR: '100000' },
  });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function order(s: Shopper): Promise<string> {
  await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
  const created = await createPaymentOrder(s, await addAddress(s));
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().orderNumber;
}

async function deliver(orderNumber: string) {
  for (const status of ['CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED']) {
    const { version } = (
      await t.app.inject({ url: `/api/admin/orders/${orderNumber}`, headers: { cookie: adminCookie } })
    ).json();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${orderNumber}/status`,
      payload: {
        status,
        version,
        trackingId: status === 'SHIPPED' ? `DTDC${orderNumber.replace(/\D/g, '')}` : undefined,
      },
      headers: { cookie: adminCookie },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

const erase = (s: Shopper, payload: object = {}) =>
  s.request({ method: 'POST', url: '/api/user/erasure', payload });

describe('the data export', () => {
  it('is a JSON file of the shopper’s own data, never another shopper’s', async () => {
    const mine = await signUp(t.app, '9880000001', 'mine@example.in');
    const other = await signUp(t.app, '9880000002', 'other@example.in');
    const myOrder = await order(mine);
    const otherOrder = await order(other);
    await mine.request({
      method: 'POST',
      url: '/api/reviews',
      payload: { productId: garam.id, rating: 5, description: 'Mine is fragrant.' },
    });
    await other.request({
      method: 'POST',
      url: '/api/reviews',
      payload: { productId: garam.id, rating: 2, description: 'Other is dull.' },
    });
    await mine.request({
      method: 'PUT',
      url: '/api/user/consents',
      payload: { purpose: 'marketing', given: true },
    });
    await mine.request({
      method: 'PUT',
      url: '/api/user/message-preferences',
      payload: { email: true, whatsapp: true },
    });
    await mine.request({
      method: 'POST',
      url: '/api/grievances',
      payload: { category: 'OTHER', description: 'My own complaint' },
    });
    await other.request({
      method: 'POST',
      url: '/api/grievances',
      payload: { category: 'OTHER', description: 'Other complaint' },
    });

    const res = await mine.request({ url: '/api/user/data-export' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.profile).toMatchObject({ mobile: mine.mobile, email: mine.email });
    expect(data.addresses).toHaveLength(1);
    expect(data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([myOrder]);
    expect(data.orders[0].items[0]).toMatchObject({ quantity: 1 });
    expect(data.invoiceNumbers).toHaveLength(1);
    expect(data.reviews.map((r: { description: string }) => r.description)).toEqual(['Mine is fragrant.']);
    expect(
      data.consents.map((c: { purpose: string; given: boolean }) => [c.purpose, c.given]).sort(),
    ).toEqual([
      ['marketing', true],
      ['whatsapp', true],
    ]);
    expect(data.consents[0].textShown.length).toBeGreaterThan(20);
    expect(data.grievances.map((g: { description: string }) => g.description)).toEqual(['My own complaint']);
    expect(
      data.messagesSent.orderMessages.every((m: { orderNumber: string }) => m.orderNumber === myOrder),
    ).toBe(true);
    const text = res.body;
    for (const foreign of [other.mobile, other.email, otherOrder, 'Other is dull.', 'Other complaint'])
      expect(text).not.toContain(foreign);
    // No login or erasure codes in a file on disk.
    expect(data.messagesSent.messages.some((m: { text: string }) => /login code/.test(m.text))).toBe(false);
    expect((await t.app.inject('/api/user/data-export')).statusCode).toBe(401);
  });

  it('withdraws a consent as easily as it was given, keeping both records', async () => {
    const s = await signUp(t.app, '9880000003');
    await s.request({
      method: 'PUT',
      url: '/api/user/consents',
      payload: { purpose: 'marketing', given: true },
    });
    const res = await s.request({
      method: 'PUT',
      url: '/api/user/consents',
      payload: { purpose: 'marketing', given: false },
    });
    expect(res.json().marketing).toBe(false);
    expect(res.json().history.map((h: { given: boolean }) => h.given)).toEqual([false, true]);
    expect(res.json().history[0]).toMatchObject({ source: 'profile', language: 'en' });
  });
});

describe('consents from the signup form', () => {
  it('records the WhatsApp opt-in with its time, the words shown, the language and the source', async () => {
    const s = await signUp(t.app, '9880000020', undefined, {
      whatsapp: true,
      headers: { 'accept-language': 'hi-IN' },
    });
    const prefs = (await s.request({ url: '/api/user/message-preferences' })).json();
    expect(prefs).toMatchObject({ whatsapp: true, email: true, whatsappOptedOutAt: null });
    const consents = (await s.request({ url: '/api/user/consents' })).json();
    expect(consents.history).toEqual([
      {
        purpose: 'whatsapp',
        channel: null,
        given: true,
        textShown: consentText('whatsapp', 'hi', s.mobile),
        language: 'hi',
        source: 'signup',
        at: prefs.whatsappOptedInAt,
      },
    ]);
    // Withdrawn on the profile as easily: a second record, the first kept.
    await s.request({
      method: 'PUT',
      url: '/api/user/message-preferences',
      payload: { email: true, whatsapp: false },
    });
    const after = (await s.request({ url: '/api/user/consents' })).json();
    expect(after.history.map((h: { given: boolean; source: string }) => [h.given, h.source])).toEqual([
      [false, 'profile'],
      [true, 'signup'],
    ]);
  });

  it('records nothing when the box is left unticked (no opt-in is assumed)', async () => {
    const s = await signUp(t.app, '9880000021');
    expect((await s.request({ url: '/api/user/message-preferences' })).json()).toMatchObject({
      whatsapp: false,
      whatsappOptedInAt: null,
    });
    expect((await s.request({ url: '/api/user/consents' })).json().history).toEqual([]);
  });

  it('creates the account and the consent together or not at all', async () => {
    const accounts = createAccountsService(t.database.db, {
      signupChoices: async () => {
        throw new Error('the consent could not be recorded');
      },
    });
    const input = { firstName: 'Nisha', lastName: 'Pai', mobile: '9880000022', email: 'nisha@example.in' };
    await expect(accounts.createUser(input, { whatsapp: true, lang: 'en', at: new Date() })).rejects.toThrow(
      'the consent could not be recorded',
    );
    expect(await t.database.db.select().from(users).where(eq(users.mobile, input.mobile))).toEqual([]);
  });
});

describe('erasing an account', () => {
  it('needs the code sent by SMS, worded like the login code', async () => {
    const s = await signUp(t.app, '9880000010');
    const sent = await erase(s);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ codeSent: true });
    const sms = (
      (await t.app.inject(`/api/dev/outbox?to=${s.mobile}`)).json() as { text: string; code: string }[]
    )[0]!;
    expect(sms.text).toMatch(/^\d{6} is your .+ code to erase your account\. It is valid for 5 minutes\./);
    const wrong = await erase(s, { otp: sms.code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await s.request({ url: '/api/user/data-export' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/erasure', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('answers 409 while an order is in progress', async () => {
    const s = await signUp(t.app, '9880000011');
    await order(s);
    const res = await erase(s);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'You have an order in progress. You can erase your account after it is delivered.',
    );
  });

  it('removes the person, keeps orders detached and issued invoices byte for byte, frees the mobile', async () => {
    const s = await signUp(t.app, '9880000012', 'leaving@example.in');
    const orderNumber = await order(s);
    await deliver(orderNumber);
    await s.request({
      method: 'POST',
      url: '/api/reviews',
      payload: { productId: garam.id, rating: 4, description: 'Good masala.' },
    });
    await s.request({
      method: 'PUT',
      url: '/api/user/consents',
      payload: { purpose: 'marketing', given: true },
    });
    const { ticketNumber } = (
      await s.request({
        method: 'POST',
        url: '/api/grievances',
        payload: { category: 'OTHER', description: 'Before I go' },
      })
    ).json();
    await addToCart(s, garam.id, garam.variants[0]!.weight, 2);

    const db = t.database.db;
    const [orderRow] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    const invoiceBefore = await db.select().from(invoices).where(eq(invoices.orderId, orderRow!.id));
    const pdfUrl = `/api/orders/${orderNumber}/invoice`;
    const pdfBefore = (await t.app.inject({ url: pdfUrl, headers: { cookie: adminCookie } })).rawPayload;
    expect(pdfBefore.length).toBeGreaterThan(1000);

    expect((await erase(s)).json()).toEqual({ codeSent: true });
    const otp = await latestCode(t.app, s.mobile);
    const done = await erase(s, { otp });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ erased: true });

    // The session is gone.
    expect((await s.request({ url: '/api/user/data-export' })).statusCode).toBe(401);
    // The person is gone from the account, the orders and the reviews.
    const [user] = await db.select().from(users).where(eq(users.id, s.id));
    expect(user).toMatchObject({ firstName: 'Erased customer', lastName: '', mobile: `erased-${s.id}` });
    expect(user!.erasedAt).not.toBeNull();
    const [after] = await db.select().from(orders).where(eq(orders.id, orderRow!.id));
    expect(after).toMatchObject({
      userName: 'Erased customer',
      userMobile: '',
      userEmail: '',
      addressId: null,
    });
    expect(after!.address).toMatchObject({ name: 'Erased customer', phone: '', fullAddress: '' });
    expect(after!.totalPaise).toBe(orderRow!.totalPaise);
    const review = (await db.select().from(reviews)).find((r) => r.description === 'Good masala.');
    expect(review).toMatchObject({ name: 'A customer', email: '', userId: null });
    // The issued invoice is as issued: its row and its PDF.
    expect(await db.select().from(invoices).where(eq(invoices.orderId, orderRow!.id))).toEqual(invoiceBefore);
    const pdfAfter = (await t.app.inject({ url: pdfUrl, headers: { cookie: adminCookie } })).rawPayload;
    expect(Buffer.compare(pdfAfter, pdfBefore)).toBe(0);
    // The complaint stays for the record but no longer names or reaches the person.
    const queue = (
      await t.app.inject({ url: '/api/admin/grievances', headers: { cookie: adminCookie } })
    ).json();
    expect(queue.find((g: { ticketNumber: string }) => g.ticketNumber === ticketNumber)).toMatchObject({
      contactName: 'Erased customer',
      contactMobile: '',
      contactEmail: null,
    });

    // The mobile signs up again as a new account, with nothing of the old one.
    const again = await signUp(t.app, '9880000012', 'leaving@example.in');
    expect(again.id).not.toBe(s.id);
    const fresh = (await again.request({ url: '/api/user/data-export' })).json();
    expect(fresh.orders).toEqual([]);
    expect(fresh.addresses).toEqual([]);
    expect(fresh.reviews).toEqual([]);
    expect(fresh.consents).toEqual([]);
    expect(fresh.cart).toEqual([]);
    expect(fresh.grievances).toEqual([]);
  });

  it('leaves the back office’s customers list and its totals, while its orders stay in the orders list', async () => {
    const asAdmin = (url: string) => t.app.inject({ url, headers: { cookie: adminCookie } });
    const s = await signUp(t.app, '9880000013', 'gone@example.in');
    const orderNumber = await order(s);
    await deliver(orderNumber);
    const before = (await asAdmin('/api/admin/customers?size=100')).json();
    expect(before.content.map((c: { id: number }) => c.id)).toContain(s.id);

    await erase(s);
    expect((await erase(s, { otp: await latestCode(t.app, s.mobile) })).statusCode).toBe(200);

    const list = (await asAdmin('/api/admin/customers?size=100')).json();
    expect(list.totalElements).toBe(before.totalElements - 1);
    expect(list.content.map((c: { id: number }) => c.id)).not.toContain(s.id);
    expect(list.content.some((c: { name: string }) => c.name === 'Erased customer')).toBe(false);
    expect((await asAdmin('/api/admin/customers?q=Erased')).json().totalElements).toBe(0);
    const csv = (await asAdmin('/api/admin/customers.csv')).body;
    expect(csv).not.toContain('Erased customer');
    expect(csv.trim().split('\n')).toHaveLength(list.totalElements + 1);
    expect((await asAdmin(`/api/admin/customers/${s.id}`)).statusCode).toBe(404);

    const orders = (await asAdmin(`/api/admin/orders?q=${orderNumber}`)).json();
    expect(orders.content).toHaveLength(1);
    expect(orders.content[0]).toMatchObject({ orderNumber, status: 'DELIVERED' });
    expect(JSON.stringify(orders.content[0])).toContain('Erased customer');
    expect((await asAdmin(`/api/admin/orders/${orderNumber}`)).statusCode).toBe(200);
  });
});
