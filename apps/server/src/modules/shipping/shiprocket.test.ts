// The Shiprocket adapter against a loopback fake of its API that checks every request (method,
// path, headers, body), then the Ship step booking through it end to end.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { gramsFromLabel, PACKAGING_ALLOWANCE_GRAMS } from '@spice/shared/shipping';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp, verifyMobile } from '../../test/shoppers.ts';
import type { Parcel } from './courier.ts';
import { createShiprocket } from './shiprocket.ts';

interface Seen {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

let fake: Server;
let baseUrl: string;
let seen: Seen[] = [];
let tokensIssued = 0;
/** When set, the next authenticated call answers 401 once (a token revoked early). */
let revokeOnce = false;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      seen.push({ method: req.method ?? '', path, headers: req.headers, body: raw ? JSON.parse(raw) : null });
      const send = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (path === '/v1/external/auth/login') {
        tokensIssued += 1;
        return send(200, { token: `tok-${tokensIssued}`, email: 'ops@shop.in' });
      }
      const auth = req.headers.authorization;
      if (revokeOnce || auth !== `Bearer tok-${tokensIssued}`) {
        revokeOnce = false;
        return send(401, { message: 'Token has expired' });
      }
      if (req.method === 'POST' && path === '/v1/external/orders/create/adhoc') {
        const body = JSON.parse(raw) as { order_id: string; pickup_location: string };
        if (body.pickup_location === 'Nowhere')
          return send(422, { message: 'Wrong Pickup location entered.' });
        return send(200, { order_id: 9001, shipment_id: 7001, status: 'NEW', status_code: 1 });
      }
      if (req.method === 'POST' && path === '/v1/external/courier/assign/awb') {
        return send(200, {
          awb_assign_status: 1,
          response: {
            data: { awb_code: '141123221084922', courier_name: 'Delhivery Surface', shipment_id: 7001 },
          },
        });
      }
      if (req.method === 'POST' && path === '/v1/external/courier/generate/label') {
        return send(200, {
          label_created: 1,
          label_url: 'https://kr-shipmultichannel.s3.amazonaws.com/label.pdf',
        });
      }
      if (req.method === 'GET' && path === '/v1/external/courier/track/awb/141123221084922') {
        return send(200, {
          tracking_data: {
            track_status: 1,
            shipment_track_activities: [
              {
                date: '2026-11-22 14:10:00',
                status: 'X-DDD3FD',
                activity: 'Out for delivery',
                location: 'Pune_Camp',
                'sr-status-label': 'OUT FOR DELIVERY',
              },
              {
                date: '2026-11-21 09:00:00',
                status: 'X-PPOM',
                activity: 'In transit',
                location: 'Mumbai_Hub',
                'sr-status-label': 'IN TRANSIT',
              },
            ],
          },
        });
      }
      send(404, { message: `fake: no ${req.method} ${path}` });
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
});
beforeEach(() => {
  seen = [];
});

const parcel: Parcel = {
  orderNumber: 'KC-1',
  orderDate: new Date('2026-11-20T06:30:00Z'),
  cod: true,
  codAmountPaise: 52050,
  totalPaise: 52050,
  customer: { name: 'Asha Devi Rao', phone: '9876543210', email: 'asha@example.com' },
  address: { line: '12, 4th Cross, Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
  items: [
    { name: 'Garam Masala (100g)', sku: 'GM-100', units: 2, ordered: 2, refunded: 0, pricePaise: 13000 },
  ],
  weightGrams: 300,
};

const adapter = (pickupLocation = 'Primary') =>
  createShiprocket({
    baseUrl,
    email: 'ops@shop.in',
    password: 'secret-pass',
    pickupLocation,
    timeoutMs: 5000,
  });

describe('the Shiprocket adapter', () => {
  it('logs in, creates the order, assigns the AWB and generates the label, sending what the API expects', async () => {
    const booked = await adapter().book(parcel, { courier: 'auto' });
    expect(booked).toEqual({
      courierCode: 'shiprocket',
      courierName: 'Delhivery Surface',
      awb: '141123221084922',
      trackingUrl: 'https://shiprocket.co/tracking/141123221084922',
      providerOrderId: '9001',
      providerShipmentId: '7001',
      labelUrl: 'https://kr-shipmultichannel.s3.amazonaws.com/label.pdf',
    });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/external/auth/login',
      'POST /v1/external/orders/create/adhoc',
      'POST /v1/external/courier/assign/awb',
      'POST /v1/external/courier/generate/label',
    ]);
    const [login, create, assign, label] = seen;
    expect(login!.body).toEqual({ email: 'ops@shop.in', password: 'secret-pass' });
    expect(login!.headers.authorization).toBeUndefined();
    for (const r of [login!, create!, assign!, label!])
      expect(r.headers['content-type']).toBe('application/json');
    for (const r of [create!, assign!, label!]) expect(r.headers.authorization).toMatch(/^Bearer tok-\d+$/);
    expect(create!.body).toEqual({
      order_id: 'KC-1',
      order_date: '2026-11-20 12:00',
      pickup_location: 'Primary',
      billing_customer_name: 'Asha',
      billing_last_name: 'Devi Rao',
      billing_address: '12, 4th Cross, Indiranagar',
      billing_city: 'Bengaluru',
      billing_pincode: '560001',
      billing_state: 'Karnataka',
      billing_country: 'India',
      billing_email: 'asha@example.com',
      billing_phone: '9876543210',
      shipping_is_billing: true,
      order_items: [{ name: 'Garam Masala (100g)', sku: 'GM-100', units: 2, selling_price: 130 }],
      payment_method: 'COD',
      sub_total: 520.5,
      length: 20,
      breadth: 15,
      height: 10,
      weight: 0.3,
    });
    expect(assign!.body).toEqual({ shipment_id: 7001 });
    expect(label!.body).toEqual({ shipment_id: [7001] });
  });

  it('reuses its token, and logs in again once when Shiprocket refuses it', async () => {
    const sr = adapter();
    await sr.track!('141123221084922');
    await sr.track!('141123221084922');
    expect(seen.filter((r) => r.path === '/v1/external/auth/login')).toHaveLength(1);
    seen = [];
    revokeOnce = true;
    const events = await sr.track!('141123221084922');
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/external/courier/track/awb/141123221084922',
      'POST /v1/external/auth/login',
      'GET /v1/external/courier/track/awb/141123221084922',
    ]);
    expect(events).toEqual([
      { status: 'IN TRANSIT', at: new Date('2026-11-21T03:30:00Z'), location: 'Mumbai_Hub' },
      { status: 'OUT FOR DELIVERY', at: new Date('2026-11-22T08:40:00Z'), location: 'Pune_Camp' },
    ]);
  });

  it("says Shiprocket's own reason when it refuses, and when it does not answer", async () => {
    await expect(adapter('Nowhere').book(parcel, { courier: 'auto' })).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'Shiprocket refused the request: Wrong Pickup location entered.',
    });
    const dead = createShiprocket({
      baseUrl: 'http://127.0.0.1:9',
      email: 'a@b.in',
      password: 'secret-pass',
      pickupLocation: 'Primary',
      timeoutMs: 1000,
    });
    await expect(dead.book(parcel, { courier: 'auto' })).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('the Ship step with Shiprocket configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        OTP_SENDS_PER_IP_PER_HOUR: '100000',
        SHIPROCKET_EMAIL: 'ops@shop.in',
        SHIPROCKET_PASSWORD: 'secret-pass',
        SHIPROCKET_BASE_URL: baseUrl,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('books the parcel through Shiprocket and ships the order with the AWB it assigned', async () => {
    const garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
      (p) => p.slug === 'garam-masala',
    )!;
    const shopper = await signUp(t.app, '9830000201');
    const addressId = await addAddress(shopper);
    await addToCart(shopper, garam.id, garam.variants[0]!.weight, 2);
    const created = await createPaymentOrder(shopper, addressId);
    const { placed } = await payAndPlace(shopper, created.json().orderId);
    const orderNumber: string = placed.json().orderNumber;
    const cookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
    const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie } });
    const options = await admin('GET', '/api/admin/shipping/options');
    expect(options.json().automatic).toBe('shiprocket');
    for (const status of ['CONFIRMED', 'PACKED', 'SHIPPED']) {
      const { version } = AdminOrderDetail.parse(
        (await admin('GET', `/api/admin/orders/${orderNumber}`)).json(),
      );
      const res = await admin('PUT', `/api/admin/orders/${orderNumber}/status`, {
        status,
        version,
        ...(status === 'SHIPPED' && { courier: 'auto' }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const order = AdminOrderDetail.parse((await admin('GET', `/api/admin/orders/${orderNumber}`)).json());
    expect(order.status).toBe('SHIPPED');
    expect(order.tracking).toMatchObject({ courier: 'Delhivery Surface', awb: '141123221084922' });
    const create = seen.find((r) => r.path === '/v1/external/orders/create/adhoc')!.body as Record<
      string,
      unknown
    >;
    expect(create).toMatchObject({
      order_id: orderNumber,
      billing_city: 'Bengaluru',
      billing_state: 'Karnataka',
      billing_pincode: '560001',
      payment_method: 'Prepaid',
    });
    // Two packs of the first size plus the packaging allowance, in kg.
    const grams = gramsFromLabel(garam.variants[0]!.weight)!;
    expect(create.weight).toBe((2 * grams + PACKAGING_ALLOWANCE_GRAMS) / 1000);
  });
});
