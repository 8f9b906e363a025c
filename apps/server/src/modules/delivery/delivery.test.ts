import { CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import { AdminDeliverySettings, PincodeInfo } from '@spice/shared/contracts/delivery';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ADDRESS, addToCart } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { loadPincodeDirectory, readDirectoryFile, splitLocalities } from './pincode-data.ts';
import { deliverySettings, pincodeDirectoryLoads, pincodes } from './schema.ts';

let t: TestApp;
let adminCookie: string;
let productId: number;
let variant: string;
let mobiles = 9_812_000_000;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  const products = (await t.app.inject('/api/products')).json() as {
    id: number;
    variants: { weight: string }[];
  }[];
  productId = products[0]!.id;
  variant = products[0]!.variants[0]!.weight;
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });
const settings = async () =>
  AdminDeliverySettings.parse((await asAdmin({ url: '/api/admin/delivery-settings' })).json());
async function saveSettings(change: Partial<ReturnType<typeof AdminDeliverySettings.parse>>) {
  const res = await asAdmin({
    method: 'PUT',
    url: '/api/admin/delivery-settings',
    payload: { ...(await settings()), ...change },
  });
  expect(res.statusCode, res.body).toBe(200);
}
const lookup = async (pincode: string) => {
  const res = await t.app.inject(`/api/pincodes/${pincode}`);
  expect(res.statusCode, res.body).toBe(200);
  return PincodeInfo.parse(res.json());
};
/** Only Date is faked: PGlite and Fastify keep their real timers. */
const clockAt = (ist: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${ist}+05:30`));
};

describe('the pincode directory', () => {
  it('holds every India Post pincode once, each with a city, district and state', () => {
    const { rows } = readDirectoryFile();
    expect(rows.length).toBeGreaterThan(19_000);
    expect(new Set(rows.map((r) => r.pincode)).size).toBe(rows.length);
    expect(rows.every((r) => /^[1-9]\d{5}$/.test(r.pincode) && r.city && r.district && r.state)).toBe(true);
  });

  it("holds each pincode's post-office localities, without India Post's office types", () => {
    const { rows } = readDirectoryFile();
    const all = rows.flatMap((r) => splitLocalities(r.localities));
    // 154,874 offices; a few share a name within their pincode once the suffix is off.
    expect(all.length).toBeGreaterThan(154_000);
    expect(rows.filter((r) => r.localities === '').length).toBe(0);
    expect(all.filter((l) => /[\s-](S\.?\s?O|B\.?\s?O|H\.?\s?O|G\.?P\.?O|E\.?D)\.?$/i.test(l))).toEqual([]);
    expect(all.filter((l) => l !== l.trim() || l === '')).toEqual([]);
  });
});

describe('loading the directory', () => {
  it("replaces an earlier build's rows (one without localities) with this build's, once", async () => {
    const { db } = t.database;
    const [loaded] = await db.select().from(pincodeDirectoryLoads);
    await db.update(pincodes).set({ localities: [] }).where(eq(pincodes.pincode, '110001'));
    await db.update(pincodeDirectoryLoads).set({ checksum: 'an earlier build' });
    expect(await loadPincodeDirectory(db)).toBe(true);
    const [row] = await db.select().from(pincodes).where(eq(pincodes.pincode, '110001'));
    expect(row?.localities).toContain('Connaught Place');
    expect(await db.select().from(pincodeDirectoryLoads)).toMatchObject([
      { checksum: loaded!.checksum, rows: loaded!.rows },
    ]);
    expect(await loadPincodeDirectory(db)).toBe(false);
  });
});

describe('GET /api/pincodes/{pincode}', () => {
  it('answers a known pincode with its place, COD and a delivery window, cacheable', async () => {
    const res = await t.app.inject('/api/pincodes/560001');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const info = PincodeInfo.parse(res.json());
    expect(info).toMatchObject({
      pincode: '560001',
      city: 'Bangalore',
      district: 'Bangalore',
      state: 'Karnataka',
      serviceable: true,
      cod: true,
      codReason: null,
    });
    expect(info.estimatedDelivery?.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.estimatedDelivery!.to >= info.estimatedDelivery!.from).toBe(true);
    expect(await lookup('110001')).toMatchObject({ city: 'Delhi', state: 'Delhi' });
    expect(await lookup('194101')).toMatchObject({ state: 'Ladakh' });
  });

  it("answers a pincode's post-office localities, sorted, their office types off", async () => {
    const res = await t.app.inject('/api/pincodes/400001');
    // Every field the look-up answered before, and the localities.
    expect(Object.keys(res.json()).sort()).toEqual(
      ['pincode', 'city', 'district', 'state', 'serviceable', 'cod', 'codReason', 'estimatedDelivery']
        .concat('localities')
        .sort(),
    );
    // India Post: Bazargate, Elephanta Caves Po, M.P.T., 'Mumbai ' (the G.P.O.), Stock Exchange,
    // Tajmahal, Town Hall (Mumbai) — in district Mumbai.
    expect(PincodeInfo.parse(res.json()).localities).toEqual([
      'Bazargate',
      'Elephanta Caves',
      'M.P.T.',
      'Mumbai',
      'Stock Exchange',
      'Tajmahal',
      'Town Hall',
    ]);
    const delhi = (await lookup('110001')).localities;
    expect(delhi).toEqual(expect.arrayContaining(['Connaught Place', 'Parliament House', 'Janpath']));
    expect(delhi).toHaveLength(21);
  });

  it("leaves the localities out of the checkout's per-address answers", async () => {
    const answers = await t.app.services.delivery.lookupMany(['110001']);
    expect(answers['110001']).toMatchObject({ city: 'Delhi', serviceable: true });
    expect(answers['110001']).not.toHaveProperty('localities');
  });

  it('answers 404 for six digits that are no Indian pincode', async () => {
    const res = await t.app.inject('/api/pincodes/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'We could not find this pincode.' });
  });

  it.each(['12345', '1234567', '56000a', '%20560001'])('answers 400 for the malformed %s', async (pin) => {
    const res = await t.app.inject(`/api/pincodes/${pin}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter the valid pincode.');
  });

  it('offers no COD in a special region, and says why', async () => {
    expect(await lookup('781001')).toMatchObject({
      state: 'Assam',
      serviceable: true,
      cod: false,
      codReason: 'Cash on delivery is not available for this pincode.',
    });
  });

  describe('estimates from the Mumbai warehouse, 14:00 IST cut-off', () => {
    // 23 Nov 2026 is a Monday. Mumbai (local) 1–2 days, Pune (same state) and Bengaluru (metro) 2–4.
    it.each([
      ['2026-11-23T10:00', '400001', '2026-11-24', '2026-11-25'], // before cut-off: ships Monday
      ['2026-11-23T14:30', '400001', '2026-11-25', '2026-11-26'], // after: ships Tuesday
      ['2026-11-28T15:00', '411001', '2026-12-02', '2026-12-04'], // Saturday after cut-off: Monday
      ['2026-11-29T09:00', '560001', '2026-12-02', '2026-12-04'], // Sunday: ships Monday
    ])('an order at %s to %s arrives %s to %s', async (at, pincode, from, to) => {
      clockAt(at);
      expect((await lookup(pincode)).estimatedDelivery).toEqual({ from, to });
    });

    it('skips a listed holiday', async () => {
      await saveSettings({ holidays: ['2026-11-24'] });
      try {
        clockAt('2026-11-23T15:00');
        // Ships Wednesday (Tuesday is a holiday), Mumbai in 1–2 working days.
        expect((await lookup('400001')).estimatedDelivery).toEqual({ from: '2026-11-26', to: '2026-11-27' });
      } finally {
        vi.useRealTimers();
        await saveSettings({ holidays: [] });
      }
    });
  });
});

describe('addresses are checked against the pincode', () => {
  let s: Shopper;
  beforeAll(async () => {
    s = await signUp(t.app, String(mobiles++));
  });
  const add = (payload: object) =>
    s.request({ method: 'POST', url: `/api/addresses/${s.mobile}`, payload: { ...ADDRESS, ...payload } });

  it("refuses a state that is not the pincode's, on the state field", async () => {
    const res = await add({ state: 'Kerala' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'This pincode is in Karnataka.',
      errors: { state: 'This pincode is in Karnataka.' },
    });
  });

  it('refuses a pincode India Post does not know, on the pincode field', async () => {
    const res = await add({ pincode: '999999' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ pincode: 'We could not find this pincode.' });
  });

  it("accepts the state in any spelling and saves the shop's", async () => {
    const res = await add({ state: 'KARNATAKA' });
    expect(res.statusCode, res.body).toBe(201);
    const [saved] = res.json() as { id: number; state: string }[];
    expect(saved!.state).toBe('Karnataka');
    const update = await s.request({
      method: 'PUT',
      url: `/api/addresses/${saved!.id}`,
      payload: { ...ADDRESS, pincode: '400001', state: 'Karnataka' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors.state).toBe('This pincode is in Maharashtra.');
  });
});

describe('placing an order to a pincode the shop does not serve', () => {
  async function shopperAt(address: object) {
    const s = await signUp(t.app, String(mobiles++));
    const res = await s.request({
      method: 'POST',
      url: `/api/addresses/${s.mobile}`,
      payload: { ...ADDRESS, ...address },
    });
    expect(res.statusCode, res.body).toBe(201);
    await addToCart(s, productId, variant);
    return { s, addressId: res.json()[0].id as number };
  }

  it('is refused on both place endpoints while the pincode is blocked, and works once unblocked', async () => {
    const { s, addressId } = await shopperAt({});
    await saveSettings({ blocked: ['5600'] });
    try {
      expect(await lookup('560001')).toMatchObject({
        serviceable: false,
        cod: false,
        estimatedDelivery: null,
      });
      for (const url of ['/api/orders/place-cod', '/api/payment/create-razorpay-order']) {
        const res = await s.request({ method: 'POST', url, payload: { addressId, amount: 1 } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe('We do not deliver to this pincode yet.');
      }
    } finally {
      await saveSettings({ blocked: [] });
    }
    // Unblocked: the page's stale amount is the only objection left (409 with the server's total).
    const res = await s.request({
      method: 'POST',
      url: '/api/orders/place-cod',
      payload: { addressId, amount: 1 },
    });
    expect(res.statusCode).toBe(409);
  });

  it("refuses COD where the pincode's zone takes none, and says why", async () => {
    const { s, addressId } = await shopperAt({ pincode: '781001', city: 'Guwahati', state: 'Assam' });
    const res = await s.request({
      method: 'POST',
      url: '/api/orders/place-cod',
      payload: { addressId, amount: 1 },
    });
    // The amount is checked first (409 with the total); at the right total the zone refuses.
    const amount = res.json().amount as number;
    const again = await s.request({
      method: 'POST',
      url: '/api/orders/place-cod',
      payload: { addressId, amount },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Cash on delivery is not available for this pincode.');
  });
});

describe('delivery settings in the back office', () => {
  it('answers 401 logged out and 403 to a shopper', async () => {
    const shopper = await signUp(t.app, String(mobiles++));
    for (const endpoint of [
      { method: 'GET', url: '/api/admin/delivery-settings' },
      { method: 'PUT', url: '/api/admin/delivery-settings', payload: {} },
    ] as InjectOptions[]) {
      expect((await t.app.inject(endpoint)).statusCode).toBe(401);
      expect((await shopper.request(endpoint)).statusCode).toBe(403);
    }
  });

  it('shows the demo settings: Mumbai warehouse, 14:00 cut-off, five zones', async () => {
    expect(await settings()).toMatchObject({
      warehousePincode: '400001',
      cutoff: '14:00',
      zones: { local: { minDays: 1, maxDays: 2, cod: true }, special: { cod: false } },
    });
  });

  it('refuses bad values with one error per field', async () => {
    const current = await settings();
    const res = await asAdmin({
      method: 'PUT',
      url: '/api/admin/delivery-settings',
      payload: {
        ...current,
        cutoff: '25:00',
        holidays: ['2026-02-30'],
        zones: { ...current.zones, metro: { minDays: 5, maxDays: 2, cod: true } },
        blocked: ['0123'],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'blocked.0',
      'cutoff',
      'holidays.0',
      'zones.metro.maxDays',
    ]);
    const unknown = await asAdmin({
      method: 'PUT',
      url: '/api/admin/delivery-settings',
      payload: { ...current, warehousePincode: '999999' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ warehousePincode: 'We could not find this pincode.' });
  });

  it('saves against the loaded version, audited, and the next lookup uses the change', async () => {
    const before = await settings();
    await saveSettings({ zones: { ...before.zones, metro: { minDays: 3, maxDays: 3, cod: false } } });
    expect(await lookup('560001')).toMatchObject({ cod: false });
    const stale = await asAdmin({ method: 'PUT', url: '/api/admin/delivery-settings', payload: before });
    expect(stale.statusCode).toBe(409);
    const audit = (await asAdmin({ url: '/api/admin/audit' })).json() as {
      content: { action: string; before: unknown; after: unknown }[];
    };
    expect(audit.content[0]).toMatchObject({
      action: 'delivery-settings.update',
      after: { zones: { metro: { minDays: 3, cod: false } } },
    });
    await saveSettings({ zones: before.zones });
  });

  it('saves the first settings of a store that never saved any (version 0), once', async () => {
    const saved = await settings();
    await t.database.db.delete(deliverySettings);
    const fresh = await settings();
    expect(fresh.version).toBe(0);
    const put = (version: number) =>
      asAdmin({ method: 'PUT', url: '/api/admin/delivery-settings', payload: { ...saved, version } });
    const atVersion = await put(1);
    expect([atVersion.statusCode, atVersion.json().message]).toEqual([409, CHANGED_MEANWHILE]);
    expect(await t.database.db.select().from(deliverySettings)).toEqual([]);
    const first = await put(0);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ...saved, version: 1 });
    const again = await put(0);
    expect([again.statusCode, again.json().message]).toEqual([409, CHANGED_MEANWHILE]);
    expect(await settings()).toEqual({ ...saved, version: 1 });
  });
});
