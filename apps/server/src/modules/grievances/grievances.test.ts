// Grievances (issue 35, decision 0036): tickets in a yearly IST series, deadlines of 48 hours and
// 30 days, acknowledgement at once, access only for the filer (session or link token), the back
// office's queue, replies and monthly report.
import { ProductList } from '@spice/shared/contracts/catalog';
import { AdminGrievance, GrievanceFiled, GrievanceView } from '@spice/shared/contracts/grievances';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { createGrievancesService } from './service.ts';

let t: TestApp;
let asha: Shopper;
let ravi: Shopper;
let ashaOrder: string;
let adminCookie: string;

const file = (payload: object, cookie?: string, ip = '10.9.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/grievances',
    payload,
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });

const outbox = async (to: string) =>
  (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json() as {
    text: string;
    subject: string | null;
  }[];

beforeAll(async () => {
  t = await createTestApp({
    env: {
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      CONTACT_PER_IP_PER_HOUR: '100000',
      PUBLIC_URL: 'https://shop.example.in',
    },
  });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  asha = await signUp(t.app, '9870000001', 'asha@example.in');
  ravi = await signUp(t.app, '9870000002', 'ravi@example.in');
  const garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
  await addToCart(asha, garam.id, garam.variants[0]!.weight, 1);
  const created = await createPaymentOrder(asha, await addAddress(asha));
  ashaOrder = (await payAndPlace(asha, created.json().orderId)).placed.json().orderNumber;
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('filing a grievance', () => {
  it('answers 201 with a GRV ticket and deadlines 48 hours and 30 days after filing', async () => {
    const before = Date.now();
    const res = await file(
      { orderNumber: ashaOrder, category: 'DELIVERY', description: 'The parcel came torn.' },
      asha.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const filed = GrievanceFiled.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(['acknowledgeBy', 'resolveBy', 'ticketNumber']);
    expect(filed.ticketNumber).toMatch(/^GRV-\d{2}-\d{6}$/);
    const ack = Date.parse(filed.acknowledgeBy);
    expect(ack - before).toBeGreaterThanOrEqual(48 * 3_600_000 - 5);
    expect(ack - Date.now()).toBeLessThanOrEqual(48 * 3_600_000);
    expect(Date.parse(filed.resolveBy) - ack).toBe(28 * 24 * 3_600_000);
    // Acknowledged at once, by SMS to the account's mobile and by e-mail.
    expect((await outbox(asha.mobile))[0]!.text).toContain(filed.ticketNumber);
    const mail = (await outbox(asha.email))[0]!;
    expect(mail.subject).toContain(filed.ticketNumber);
    expect(mail.text).toContain(`https://shop.example.in/grievance/${filed.ticketNumber}`);
  });

  it('numbers tickets one after another, also when filed at the same moment', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        file({ category: 'OTHER', description: `Question ${i}` }, ravi.cookie, `10.9.1.${i}`),
      ),
    );
    const numbers = results.map((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return Number(r.json().ticketNumber.slice(7));
    });
    expect(new Set(numbers).size).toBe(6);
    numbers.sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(5);
  });

  it('refuses an order number that is not the shopper’s own', async () => {
    const res = await file(
      { orderNumber: ashaOrder, category: 'DELIVERY', description: 'Late.' },
      ravi.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('We could not find that order on your account.');
  });

  it('asks a signed-out filer for a name and a valid mobile', async () => {
    const res = await file({ category: 'OTHER', description: 'Hello', contact: { name: '', mobile: '123' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'contact.name': 'Enter your name.',
      'contact.mobile': 'Please enter a valid 10-digit mobile number.',
    });
  });
});

describe('reading a ticket', () => {
  it('shows the filer their ticket and answers 404 to another shopper and to nobody', async () => {
    const filed = (await file({ category: 'QUALITY', description: 'Stale cumin.' }, asha.cookie)).json();
    const url = `/api/grievances/${filed.ticketNumber}`;
    const mine = await asha.request({ url });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(GrievanceView.parse(mine.json())).toMatchObject({ status: 'OPEN', description: 'Stale cumin.' });
    expect((await ravi.request({ url })).statusCode).toBe(404);
    expect((await t.app.inject(url)).statusCode).toBe(404);
  });

  it('opens a signed-out filer’s ticket with the token of the acknowledgement link only', async () => {
    const res = await file({
      category: 'PAYMENT',
      description: 'Charged twice.',
      contact: { name: 'Nobody Known', mobile: '+91 98700 00099', email: 'nk@example.in' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { ticketNumber } = res.json();
    const sms = (await outbox('9870000099'))[0]!.text;
    const token = /token=([A-Za-z0-9_-]{43})/.exec(sms)?.[1];
    expect(token).toBeDefined();
    const url = `/api/grievances/${ticketNumber}`;
    expect((await t.app.inject(`${url}?token=${token}`)).statusCode).toBe(200);
    expect((await t.app.inject(`${url}?token=${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await t.app.inject(url)).statusCode).toBe(404);
    expect((await asha.request({ url: `${url}?token=wrong` })).statusCode).toBe(404);
  });
});

describe('the back office', () => {
  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: adminCookie } });

  it('lists open tickets by due date and moves one on with a reply the shopper gets', async () => {
    const { ticketNumber } = (
      await file({ category: 'ACCOUNT', description: 'Wrong name.' }, asha.cookie)
    ).json();
    const queue = (await asAdmin('GET', '/api/admin/grievances'))
      .json()
      .map((g: unknown) => AdminGrievance.parse(g));
    const due = queue
      .filter((g: { closedAt: string | null }) => g.closedAt === null)
      .map((g: { dueAt: string }) => g.dueAt);
    expect(due).toEqual([...due].sort());
    expect((await asha.request({ url: '/api/admin/grievances' })).statusCode).toBe(403);

    const ack = await asAdmin('POST', `/api/admin/grievances/${ticketNumber}/replies`, {
      status: 'ACKNOWLEDGED',
      reply: 'We are looking into it.',
    });
    expect(ack.statusCode, ack.body).toBe(200);
    const done = await asAdmin('POST', `/api/admin/grievances/${ticketNumber}/replies`, {
      status: 'RESOLVED',
      reply: 'Your name is corrected.',
    });
    expect(done.json()).toMatchObject({ status: 'RESOLVED', overdue: false });
    const again = await asAdmin('POST', `/api/admin/grievances/${ticketNumber}/replies`, {
      status: 'REJECTED',
      reply: 'No.',
    });
    expect(again.statusCode).toBe(409);

    const seen = GrievanceView.parse((await asha.request({ url: `/api/grievances/${ticketNumber}` })).json());
    expect(seen.replies.map((r) => r.body)).toEqual(['We are looking into it.', 'Your name is corrected.']);
    const mail = (await outbox(asha.email))[0]!;
    expect(mail.text).toContain('Your name is corrected.');
  });

  it('reports a month as CSV with received, resolved within 30 days and overdue', async () => {
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const res = await asAdmin('GET', `/api/admin/grievances/report.csv?month=${month}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toMatch(/\r\nReceived,\d+,/);
    expect(res.body).toMatch(/\r\nResolved within 30 days,1,/);
    expect(res.body).toMatch(/\r\nOverdue,0,/);
  });
});

describe('deadlines and series on an Indian clock', () => {
  it('starts the new year’s series at midnight IST and dates deadlines from the filing', async () => {
    let clock = new Date('2031-12-31T18:29:00Z'); // 23:59 IST on 31 December
    const sent: string[] = [];
    const service = createGrievancesService(t.database.db, {
      messenger: { send: async (m: { text: string }) => void sent.push(m.text) } as never,
      siteUrl: 'https://shop.example.in',
      storeName: async () => 'Kesar Chakki',
      isOrderOf: async () => false,
      log: { warn: () => {} },
      now: () => clock,
    });
    const contact = { name: 'Clock Test', mobile: '9870000077', email: undefined };
    const last = await service.file(
      { orderNumber: undefined, category: 'OTHER', description: 'Late night', contact },
      { user: null, lang: 'en' },
    );
    expect(last.ticketNumber).toBe('GRV-31-000001');
    expect(last.acknowledgeBy).toBe('2032-01-02T18:29:00.000Z');
    expect(last.resolveBy).toBe('2032-01-30T18:29:00.000Z');
    clock = new Date('2031-12-31T18:30:00Z'); // 00:00 IST on 1 January
    const first = await service.file(
      { orderNumber: undefined, category: 'OTHER', description: 'New year', contact },
      { user: null, lang: 'hi' },
    );
    expect(first.ticketNumber).toBe('GRV-32-000001');
    expect(sent.at(-1)).toContain('GRV-32-000001');
    expect(sent.at(-1)).toContain('/hi/grievance/GRV-32-000001?token=');
    // Overdue 48 hours after filing while still open.
    clock = new Date('2032-01-02T18:31:00Z');
    const queue = await service.queue();
    expect(queue.find((g) => g.ticketNumber === 'GRV-32-000001')?.overdue).toBe(true);
  });
});

describe('the public form’s limit', () => {
  it('answers 429 beyond the per-address cap, like the contact form', async () => {
    const small = await createTestApp({ seed: false, env: { CONTACT_PER_IP_PER_HOUR: '2' } });
    try {
      const post = () =>
        small.app.inject({
          method: 'POST',
          url: '/api/grievances',
          remoteAddress: '10.9.9.9',
          payload: { category: 'OTHER', description: 'Hello', contact: { name: 'A', mobile: '9870000055' } },
        });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      const third = await post();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await small.close();
    }
  });
});
