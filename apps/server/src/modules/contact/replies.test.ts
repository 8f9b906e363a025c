// Replies to contact messages from the back office: e-mailed to the sender in English or Hindi
// (through the messenger: the dev outbox here), kept with the message, audited; and each message
// linked to the sender's account and orders.
import { ContactInboxPage, ContactMessage } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let adminCookie: string;
let shopper: Shopper;
let orderNumber: string;

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: adminCookie } });

async function contact(name: string, email: string, phone: string, message: string, ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact/send',
    payload: { name, email, phone, message },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(201);
  const inbox = ContactInboxPage.parse((await asAdmin('GET', '/api/admin/contact-messages')).json());
  return inbox.content.find((m) => m.email === email)!;
}

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  shopper = await signUp(t.app, '9860000001', 'sunita@example.in');
  const garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
  await addToCart(shopper, garam.id, garam.variants[0]!.weight, 1);
  const created = await createPaymentOrder(shopper, await addAddress(shopper));
  orderNumber = (await payAndPlace(shopper, created.json().orderId)).placed.json().orderNumber;
}, 90_000);
afterAll(async () => {
  await t.close();
});

describe('a reply to a contact message', () => {
  it('is e-mailed to the sender, kept with the message, marks it read and is audited', async () => {
    const message = await contact(
      'Sunita Rao',
      'sunita.other@example.in',
      '+91 98600 00001',
      'Where is my order?',
      '10.7.0.1',
    );
    expect(message.read).toBe(false);
    const res = await asAdmin('POST', `/api/admin/contact-messages/${message.id}/replies`, {
      body: 'It left our warehouse today; the courier delivers it by Friday.',
      language: 'en',
    });
    expect(res.statusCode, res.body).toBe(201);
    const replied = ContactMessage.parse(res.json());
    expect(replied.read).toBe(true);
    expect(replied.replies).toMatchObject([
      {
        body: 'It left our warehouse today; the courier delivers it by Friday.',
        language: 'en',
        sentByName: expect.any(String),
        emailedAt: expect.any(String),
      },
    ]);
    const outbox = (await t.app.inject('/api/dev/outbox?to=sunita.other@example.in')).json() as {
      subject: string;
      text: string;
    }[];
    expect(outbox[0]!.subject).toMatch(/^Reply to your message to /);
    expect(outbox[0]!.text).toContain('Namaste Sunita Rao,');
    expect(outbox[0]!.text).toContain('It left our warehouse today');
    expect(outbox[0]!.text).toContain('> Where is my order?');
    const audit = (await asAdmin('GET', '/api/admin/audit')).json();
    expect(audit.content[0]).toMatchObject({ action: 'message.reply', entityId: String(message.id) });
    // Kept: the inbox shows it with the message.
    const inbox = ContactInboxPage.parse((await asAdmin('GET', '/api/admin/contact-messages')).json());
    expect(inbox.content.find((m) => m.id === message.id)?.replies).toHaveLength(1);
  });

  it('greets and signs in Hindi when asked', async () => {
    const message = await contact(
      'अनीता',
      'anita@example.in',
      '9860000099',
      'क्या आप गुवाहाटी भेजते हैं?',
      '10.7.0.2',
    );
    const res = await asAdmin('POST', `/api/admin/contact-messages/${message.id}/replies`, {
      body: 'जी हाँ, हम गुवाहाटी भेजते हैं।',
      language: 'hi',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = (await t.app.inject('/api/dev/outbox?to=anita@example.in')).json() as {
      subject: string;
      text: string;
    }[];
    expect(mail!.subject).toMatch(/को भेजे आपके संदेश का जवाब$/);
    expect(mail!.text).toContain('नमस्ते अनीता,');
    expect(mail!.text).toContain('सादर,');
    expect(mail!.text).toContain('आपने लिखा था:');
  });

  it('refuses an empty reply, an unknown message, and anyone but an admin', async () => {
    const message = await contact('Ravi', 'ravi@example.in', '9860000098', 'Hello', '10.7.0.3');
    const empty = await asAdmin('POST', `/api/admin/contact-messages/${message.id}/replies`, { body: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Write the reply.');
    const unknown = await asAdmin('POST', '/api/admin/contact-messages/999999/replies', { body: 'Hi' });
    expect(unknown.statusCode).toBe(404);
    const url = `/api/admin/contact-messages/${message.id}/replies`;
    expect((await t.app.inject({ method: 'POST', url, payload: { body: 'Hi' } })).statusCode).toBe(401);
    expect((await shopper.request({ method: 'POST', url, payload: { body: 'Hi' } })).statusCode).toBe(403);
  });
});

describe('a contact message in the inbox', () => {
  it('links to the account with the same mobile and its orders', async () => {
    const message = await contact(
      'Sunita',
      'not-on-file@example.in',
      shopper.mobile,
      'About my order',
      '10.7.0.4',
    );
    expect(message.customer).toMatchObject({ id: shopper.id });
    expect(message.orders.map((o) => o.orderNumber)).toContain(orderNumber);
    const stranger = await contact('Stranger', 'stranger@example.in', '9860000097', 'Hi', '10.7.0.5');
    expect(stranger.customer).toBeNull();
    expect(stranger.orders).toEqual([]);
  });
});
