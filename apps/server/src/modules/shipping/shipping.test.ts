import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { OrderDetail, OrderSummary } from '@spice/shared/contracts/commerce';
import { AdminProduct } from '@spice/shared/contracts/products-admin';
import * as z from '@spice/shared/contracts/zod';
import { gramsFromLabel, PACKAGING_ALLOWANCE_GRAMS } from '@spice/shared/shipping';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ADDRESS, addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { productVariants } from '../catalog/schema.ts';
import { shipmentEvents, shipments } from './schema.ts';

const TOKEN = 'test-webhook-token-0123456789';
let t: TestApp;
let shopper: Shopper;
let addressId: number;
let garam: z.infer<typeof ProductList>[number];
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { OTP_SENDS_PER_IP_PER_HOUR: '100000', SHIPROCKET_WEBHOOK_TOKEN: TOKEN },
  });
  garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
  shopper = await signUp(t.app, '9830000101');
  addressId = await addAddress(shopper);
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });

async function detail(orderNumber: string) {
  return AdminOrderDetail.parse((await asAdmin({ url: `/api/admin/orders/${orderNumber}` })).json());
}

async function packedOrder(quantity = 2): Promise<string> {
  await addToCart(shopper, garam.id, garam.variants[0]!.weight, quantity);
  const created = await createPaymentOrder(shopper, addressId);
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(shopper, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  const orderNumber: string = placed.json().orderNumber;
  for (const status of ['CONFIRMED', 'PACKED']) {
    const { version } = await detail(orderNumber);
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/orders/${orderNumber}/status`,
      payload: { status, version },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return orderNumber;
}

async function ship(orderNumber: string, courier: string, trackingId?: string) {
  const { version } = await detail(orderNumber);
  return asAdmin({
    method: 'PUT',
    url: `/api/admin/orders/${orderNumber}/status`,
    payload: { status: 'SHIPPED', version, courier, trackingId },
  });
}

const hook = (payload: object, token: string | null = TOKEN, provider = 'shiprocket') =>
  t.app.inject({
    method: 'POST',
    url: `/api/shipping/webhook/${provider}`,
    headers: token === null ? {} : { 'x-api-key': token },
    payload,
  });

const event = (awb: string, status: string, at: string, location = 'Mumbai Hub') => ({
  awb,
  current_status: status,
  current_timestamp: at,
  order_id: 'x',
  scans: [{ date: '2026-11-20 10:00:00', activity: 'Picked', location }],
});

async function stockOf(variantId: number) {
  const [v] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  return v!.stock;
}

describe('the Ship step', () => {
  it('records the courier and AWB, moves the order to shipped and shows the tracking to both sides', async () => {
    const orderNumber = await packedOrder();
    const res = await ship(orderNumber, 'delhivery', 'DL123456789');
    expect(res.statusCode, res.body).toBe(200);
    const admin = AdminOrderDetail.parse(res.json());
    expect(admin.status).toBe('SHIPPED');
    expect(admin.trackingId).toBe('DL123456789');
    expect(admin.tracking).toEqual({
      courier: 'Delhivery',
      awb: 'DL123456789',
      url: 'https://www.delhivery.com/track-v2/package/DL123456789',
      events: [],
    });
    const mine = OrderDetail.parse((await shopper.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(mine.tracking?.courier).toBe('Delhivery');
    const list = z
      .array(OrderSummary)
      .parse((await shopper.request({ url: `/api/orders/customer/${shopper.mobile}` })).json());
    expect(list.find((o) => o.orderNumber === orderNumber)?.tracking?.awb).toBe('DL123456789');
    expect(list.find((o) => o.orderNumber !== orderNumber)?.tracking ?? null).toBeNull();
  });

  it('keeps the old API working: a tracking id alone ships with an unnamed courier', async () => {
    const orderNumber = await packedOrder();
    const { version } = await detail(orderNumber);
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/orders/${orderNumber}/status`,
      payload: { status: 'SHIPPED', version, trackingId: 'OLD-API-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminOrderDetail.parse(res.json()).tracking).toMatchObject({
      courier: 'Other courier',
      url: null,
    });
  });

  it('refuses an AWB already on another order, and automatic booking when no courier API is set', async () => {
    const first = await packedOrder();
    expect((await ship(first, 'dtdc', 'DUP-1')).statusCode).toBe(200);
    const second = await packedOrder();
    const dup = await ship(second, 'bluedart', 'DUP-1');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This AWB number is already on another order.');
    const auto = await ship(second, 'auto');
    expect(auto.statusCode).toBe(400);
    expect((await detail(second)).status).toBe('PACKED');
  });

  it('stores an AWB trimmed and upper case, and refuses the same AWB in another case on a second order', async () => {
    const first = await packedOrder();
    const res = await ship(first, 'delhivery', '  dl-case-77 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminOrderDetail.parse(res.json()).tracking?.awb).toBe('DL-CASE-77');
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.awb, 'DL-CASE-77'));
    expect(row?.awb).toBe('DL-CASE-77');
    for (const typed of ['dl-case-77', 'DL-case-77', ' DL-CASE-77']) {
      const second = await packedOrder();
      const dup = await ship(second, 'bluedart', typed);
      expect(dup.statusCode, `${typed}: ${dup.body}`).toBe(409);
      expect(dup.json().message).toBe('This AWB number is already on another order.');
    }
    // A courier reporting it in lower case finds it too.
    const tracked = await hook(event('dl-case-77', 'IN TRANSIT', '20 11 2026 12:00:00'));
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json().status).not.toBe('ignored');
  });

  it('prints one PDF page per order with address, items, COD line and AWB', async () => {
    const shipped = await packedOrder();
    await ship(shipped, 'ekart', 'EK998877');
    const unshipped = await packedOrder(1);
    const res = await asAdmin({ url: `/api/admin/shipping/labels.pdf?orders=${shipped},${unshipped}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { totalPages, text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: false });
    expect(totalPages).toBe(2);
    expect(text[0]).toContain(`Order ${shipped}`);
    expect(text[0]).toContain('Ekart · AWB EK998877');
    expect(text[0]).toContain('PIN 560001');
    expect(text[0]).toContain('Garam Masala');
    expect(text[0]).toContain('PREPAID');
    expect(text[1]).toContain('AWB not assigned yet');
    // As the orders list's checkboxes send them.
    const ticked = await asAdmin({
      url: `/api/admin/shipping/labels.pdf?orders=${shipped}&orders=${unshipped}`,
    });
    expect((await extractText(new Uint8Array(ticked.rawPayload))).totalPages).toBe(2);
    const one = await asAdmin({ url: `/api/admin/orders/${shipped}/label.pdf` });
    expect(one.statusCode).toBe(200);
    expect((await asAdmin({ url: '/api/admin/shipping/labels.pdf?orders=NOPE' })).statusCode).toBe(404);
    expect((await shopper.request({ url: `/api/admin/orders/${shipped}/label.pdf` })).statusCode).toBe(403);
  });
});

const HINDI_ADDRESS = {
  ...ADDRESS,
  name: 'आशा राव',
  addressLine: 'मकान 12, चौथा क्रॉस',
  locality: 'इंदिरानगर',
  city: 'बेंगलुरु',
};

/**
 * Extracted text as written. Shaped Devanagari is drawn in visual order, as on the invoice and in
 * any Indic PDF: the vowel sign ि stands before its consonant cluster, and a mark moved by the font
 * starts a new text chunk (the extractor puts a space before it). Both are undone here.
 */
function logicalOrder(text: string) {
  return text
    .replace(/\s+([\u0900-\u0903\u093A-\u094F])/g, '$1')
    .replace(
      /\u093F((?:[\u0915-\u0939\u0958-\u095F]\u094D)*[\u0915-\u0939\u0958-\u095F]\u093C?)/g,
      '$1\u093F',
    )
    .replace(/ +,/g, ',');
}

async function labelText(orderNumber: string) {
  const res = await asAdmin({ url: `/api/admin/orders/${orderNumber}/label.pdf` });
  expect(res.statusCode, res.body).toBe(200);
  return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text;
}

describe('labels', () => {
  it('print a Hindi name and address whole, in the invoice’s Devanagari font', async () => {
    const hindi = await signUp(t.app, '9830000102');
    const added = await hindi.request({
      method: 'POST',
      url: `/api/addresses/${hindi.mobile}`,
      payload: HINDI_ADDRESS,
    });
    expect(added.statusCode, added.body).toBe(201);
    await addToCart(hindi, garam.id, garam.variants[0]!.weight, 1);
    const created = await createPaymentOrder(hindi, added.json()[0].id);
    const { placed } = await payAndPlace(hindi, created.json().orderId);
    const orderNumber: string = placed.json().orderNumber;
    const res = await asAdmin({ url: `/api/admin/orders/${orderNumber}/label.pdf` });
    const text = logicalOrder((await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text);
    expect(text).toContain('आशा राव');
    expect(text).toContain('मकान 12, चौथा क्रॉस, इंदिरानगर');
    expect(text).toContain('बेंगलुरु, Karnataka');
  });

  it('carry the sender’s and the return address, from the settings or the store’s own details', async () => {
    const orderNumber = await packedOrder(1);
    const before = await labelText(orderNumber);
    expect(before).toContain('FROM');
    expect(before).toContain('RETURN TO IF UNDELIVERED');
    const settings = await asAdmin({ url: '/api/admin/shipping/label-settings' });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({ format: 'A5', version: 0 });
    const storeName: string = settings.json().defaults.senderName;
    expect(before).toContain(storeName);
    const saved = await asAdmin({
      method: 'PUT',
      url: '/api/admin/shipping/label-settings',
      payload: {
        format: 'A5',
        senderName: 'Kesar Chakki Dispatch',
        senderAddress: 'Plot 7, MIDC, Nashik, Maharashtra 422010',
        senderPhone: '+91 98765 01235',
        returnAddress: 'Returns desk, Plot 9, MIDC, Nashik 422010',
        version: 0,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(1);
    const after = (await labelText(orderNumber)).replace(/\s+/g, ' ');
    expect(after).toContain('Kesar Chakki Dispatch');
    expect(after).toContain('Plot 7, MIDC, Nashik, Maharashtra 422010');
    expect(after).toContain('Phone +91 98765 01235');
    expect(after).toContain('Returns desk, Plot 9, MIDC, Nashik 422010');
    const stale = await asAdmin({
      method: 'PUT',
      url: '/api/admin/shipping/label-settings',
      payload: { format: '4x6', version: 0 },
    });
    expect(stale.statusCode).toBe(409);
    const bad = await asAdmin({
      method: 'PUT',
      url: '/api/admin/shipping/label-settings',
      payload: { format: 'A4', version: 1 },
    });
    expect(bad.statusCode).toBe(400);
    const asShopper = await shopper.request({ url: '/api/admin/shipping/label-settings' });
    expect(asShopper.statusCode).toBe(403);
  });

  it('print on a 4×6 inch page when the thermal format is chosen', async () => {
    const orderNumber = await packedOrder(1);
    const { version } = (await asAdmin({ url: '/api/admin/shipping/label-settings' })).json();
    const saved = await asAdmin({
      method: 'PUT',
      url: '/api/admin/shipping/label-settings',
      payload: { format: '4x6', version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await asAdmin({ url: `/api/admin/orders/${orderNumber}/label.pdf` });
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    expect((await pdf.getPage(1)).view).toEqual([0, 0, 288, 432]);
    const back = await asAdmin({
      method: 'PUT',
      url: '/api/admin/shipping/label-settings',
      payload: { format: 'A5', version: version + 1 },
    });
    expect(back.statusCode, back.body).toBe(200);
    const a5 = await getDocumentProxy(
      new Uint8Array((await asAdmin({ url: `/api/admin/orders/${orderNumber}/label.pdf` })).rawPayload),
    );
    expect((await a5.getPage(1)).view).toEqual([0, 0, 419.53, 595.28]);
  });

  it('print at every status, with the AWB once the order has one', async () => {
    await addToCart(shopper, garam.id, garam.variants[0]!.weight, 1);
    const created = await createPaymentOrder(shopper, addressId);
    const { placed } = await payAndPlace(shopper, created.json().orderId);
    const orderNumber: string = placed.json().orderNumber;
    expect(await labelText(orderNumber)).toContain('AWB not assigned yet');
    for (const status of ['CONFIRMED', 'PACKED']) {
      const { version } = await detail(orderNumber);
      await asAdmin({
        method: 'PUT',
        url: `/api/admin/orders/${orderNumber}/status`,
        payload: { status, version },
      });
      expect(await labelText(orderNumber)).toContain('AWB not assigned yet');
    }
    expect((await ship(orderNumber, 'delhivery', 'DLANY123')).statusCode).toBe(200);
    expect(await labelText(orderNumber)).toContain('Delhivery · AWB DLANY123');
    const { version } = await detail(orderNumber);
    const delivered = await asAdmin({
      method: 'PUT',
      url: `/api/admin/orders/${orderNumber}/status`,
      payload: { status: 'DELIVERED', version },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await labelText(orderNumber)).toContain('Delhivery · AWB DLANY123');
  });
});

describe('package weight', () => {
  it('comes from the variants’ grams (seeded from their labels, edited in the product form) plus packaging', async () => {
    const url = `/api/admin/products/${garam.id}`;
    const product = AdminProduct.parse((await asAdmin({ url })).json());
    for (const v of product.variants) expect(v.grams).toBe(gramsFromLabel(v.weight));
    const edited = await asAdmin({
      method: 'PUT',
      url,
      payload: {
        ...product,
        images: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        id: undefined,
        variants: product.variants.map(({ removable: _, ...v }, i) => ({
          ...v,
          loadedStock: v.stock,
          ...(i === 0 && { grams: 120 }),
        })),
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(AdminProduct.parse(edited.json()).variants[0]!.grams).toBe(120);
    const orderNumber = await packedOrder(2);
    const pdf = await asAdmin({ url: `/api/admin/orders/${orderNumber}/label.pdf` });
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain(`Weight ${((2 * 120 + PACKAGING_ALLOWANCE_GRAMS) / 1000).toFixed(2)} kg`);
  });
});

describe('the courier webhook', () => {
  it('refuses a missing or wrong token and an unknown provider', async () => {
    expect((await hook(event('X', 'IN TRANSIT', '20 11 2026 10:00:00'), null)).statusCode).toBe(401);
    expect((await hook(event('X', 'IN TRANSIT', '20 11 2026 10:00:00'), `${TOKEN}x`)).statusCode).toBe(401);
    expect((await hook(event('X', 'IN TRANSIT', '20 11 2026 10:00:00'), TOKEN, 'fedex')).statusCode).toBe(
      404,
    );
  });

  it('answers 200 to an unknown AWB and logs it', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    const res = await hook(event('NOSUCHAWB', 'IN TRANSIT', '20 11 2026 10:00:00'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ignored' });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ awb: 'NOSUCHAWB' }), expect.any(String));
    warn.mockRestore();
  });

  it('records transit events without moving the order, ignores repeats, and delivers on DELIVERED', async () => {
    const orderNumber = await packedOrder();
    await ship(orderNumber, 'xpressbees', 'XB-100');
    const steps = { 'PICKED UP': '09', 'IN TRANSIT': '12', 'OUT FOR DELIVERY': '15' };
    for (const [status, hour] of Object.entries(steps)) {
      const res = await hook(event('XB-100', status, `21 11 2026 ${hour}:00:00`));
      expect(res.json()).toEqual({ status: 'recorded' });
    }
    const again = await hook(event('XB-100', 'IN TRANSIT', '21 11 2026 12:00:00'));
    expect(again.json()).toEqual({ status: 'duplicate' });
    let o = await detail(orderNumber);
    expect(o.status).toBe('SHIPPED');
    expect(o.tracking?.events.map((e) => e.status)).toEqual(['PICKED UP', 'IN TRANSIT', 'OUT FOR DELIVERY']);
    expect(o.tracking?.events[0]).toEqual({
      status: 'PICKED UP',
      at: '2026-11-21T03:30:00.000Z',
      location: 'Mumbai Hub',
      detail: null,
    });

    const delivered = await hook(event('XB-100', 'DELIVERED', '22 11 2026 11:00:00'));
    expect(delivered.statusCode, delivered.body).toBe(200);
    o = await detail(orderNumber);
    expect(o.status).toBe('DELIVERED');
    const version = o.version;
    expect((await hook(event('XB-100', 'DELIVERED', '22 11 2026 11:00:00'))).json()).toEqual({
      status: 'duplicate',
    });
    expect((await detail(orderNumber)).version).toBe(version);
    const mine = OrderDetail.parse((await shopper.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(mine.statusHistory.map((s) => s.status)).toContain('DELIVERED');
    expect(mine.tracking?.events).toHaveLength(4);
  });

  it('returns the stock once on RTO, however often and in whatever words the courier repeats it', async () => {
    const variantId = garam.variants[0]!.id;
    const orderNumber = await packedOrder(3);
    await ship(orderNumber, 'shadowfax', 'SFX-RTO-1');
    const stock = await stockOf(variantId);
    const rto = await hook(event('SFX-RTO-1', 'RTO INITIATED', '22 11 2026 09:00:00'));
    expect(rto.json()).toEqual({ status: 'recorded' });
    expect((await detail(orderNumber)).status).toBe('RTO');
    expect(await stockOf(variantId)).toBe(stock + 3);
    expect((await hook(event('SFX-RTO-1', 'RTO INITIATED', '22 11 2026 09:00:00'))).json()).toEqual({
      status: 'duplicate',
    });
    expect((await hook(event('SFX-RTO-1', 'RTO DELIVERED', '25 11 2026 09:00:00'))).json()).toEqual({
      status: 'recorded',
    });
    expect(await stockOf(variantId)).toBe(stock + 3);
    const events = await t.database.db.select().from(shipmentEvents);
    expect(events.filter((e) => e.status.startsWith('RTO'))).toHaveLength(2);
  });

  it('refuses a payload without AWB, status or readable time', async () => {
    expect((await hook({ awb: 'X' })).statusCode).toBe(400);
    expect((await hook(event('X', 'IN TRANSIT', 'yesterday'))).statusCode).toBe(400);
  });
});
