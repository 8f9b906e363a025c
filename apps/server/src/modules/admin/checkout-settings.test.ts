import { AdminCheckoutSettings, AuditPage, CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let shopper: Shopper;
let adminCookie: string;

beforeAll(async () => {
  // A long cache: the storefront must see the change because the save invalidates it.
  t = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '3600' } });
  shopper = await signUp(t.app, '9870000001');
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });
const current = async () =>
  AdminCheckoutSettings.parse((await asAdmin({ url: '/api/admin/checkout-settings' })).json());
const save = (payload: object) => asAdmin({ method: 'PUT', url: '/api/admin/checkout-settings', payload });

describe('checkout settings in the back office', () => {
  it('answers 401 logged out and 403 to a shopper, and keeps the milestones public', async () => {
    for (const endpoint of [
      { method: 'GET', url: '/api/admin/checkout-settings' },
      { method: 'PUT', url: '/api/admin/checkout-settings', payload: {} },
    ] as InjectOptions[]) {
      expect((await t.app.inject(endpoint)).statusCode).toBe(401);
      expect((await shopper.request(endpoint)).statusCode).toBe(403);
    }
    expect((await t.app.inject('/api/admin/shipping-milestones')).statusCode).toBe(200);
  });

  it('saves fee and milestones in rupees, shows them to the storefront at once, audited', async () => {
    await t.app.inject('/api/config/checkout-settings');
    await t.app.inject('/api/admin/shipping-milestones');
    const before = await current();
    expect(before).toMatchObject({ platformFee: 9 });

    const res = await save({
      platformFee: 4.5,
      milestones: [
        { minCartValue: 0, shippingCharge: 79 },
        { minCartValue: 399.99, shippingCharge: 0 },
      ],
      version: before.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject('/api/config/checkout-settings')).json()).toMatchObject({ platformFee: 4.5 });
    const milestones = (await t.app.inject('/api/admin/shipping-milestones')).json() as object[];
    expect(milestones).toMatchObject([
      { minCartValue: 0, shippingCharge: 79 },
      { minCartValue: 399.99, shippingCharge: 0 },
    ]);
    expect((await t.app.services.checkout.config()).platformFeePaise).toBe(450);
    const audit = AuditPage.parse((await asAdmin({ url: '/api/admin/audit' })).json()).content[0];
    expect(audit).toMatchObject({
      action: 'checkout-settings.update',
      before: { platformFee: 9 },
      after: { platformFee: 4.5 },
    });

    const stale = await save({
      platformFee: 1,
      milestones: [{ minCartValue: 0, shippingCharge: 1 }],
      version: before.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CHANGED_MEANWHILE);
  });

  it('refuses fractions of a paisa, a list without a ₹0 start and repeated starts, saving nothing', async () => {
    const { version } = await current();
    const tooPrecise = await save({
      platformFee: 1.005,
      milestones: [{ minCartValue: 0, shippingCharge: 1 }],
      version,
    });
    expect(tooPrecise.statusCode).toBe(400);
    expect(tooPrecise.json().errors.platformFee).toMatch(/up to two decimals/);
    const noZero = await save({
      platformFee: 1,
      milestones: [{ minCartValue: 100, shippingCharge: 1 }],
      version,
    });
    expect(noZero.statusCode).toBe(400);
    expect(noZero.json().message).toMatch(/start at ₹0/);
    const repeated = await save({
      platformFee: 1,
      milestones: [
        { minCartValue: 0, shippingCharge: 1 },
        { minCartValue: 0, shippingCharge: 2 },
      ],
      version,
    });
    expect(repeated.statusCode).toBe(400);
    expect((await current()).version).toBe(version);
  });

  it('saves the cash on delivery rules and prepaid discount, public in rupees, audited', async () => {
    const before = await current();
    // The demo defaults: COD on, ₹29 fee, up to ₹3,000, no prepaid discount.
    expect(before.cod).toEqual({
      enabled: true,
      fee: 29,
      minOrderValue: 0,
      maxOrderValue: 3000,
      blockedPincodes: [],
      rtoLimit: 2,
      // Issue 34: the demo asks COD shoppers to confirm within a day.
      confirmation: { required: true, withinHours: 24 },
    });
    expect(before.prepaidDiscount).toBeNull();
    const res = await save({
      platformFee: before.platformFee,
      milestones: before.milestones,
      cod: {
        enabled: true,
        fee: 39.5,
        minOrderValue: 199,
        maxOrderValue: 2500,
        blockedPincodes: ['7901', '110001'],
        rtoLimit: 3,
      },
      prepaidDiscount: { type: 'PERCENT', value: 5, maxDiscount: 50 },
      version: before.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject('/api/config/checkout-settings')).json()).toEqual({
      platformFee: before.platformFee,
      cod: { enabled: true, fee: 39.5, minOrderValue: 199, maxOrderValue: 2500 },
      prepaidDiscount: { type: 'PERCENT', value: 5, maxDiscount: 50 },
    });
    expect((await t.app.services.checkout.config()).cod).toEqual({
      enabled: true,
      feePaise: 3950,
      minOrderPaise: 19900,
      maxOrderPaise: 250000,
      blockedPincodes: ['7901', '110001'],
      rtoLimit: 3,
    });
    const audit = AuditPage.parse((await asAdmin({ url: '/api/admin/audit' })).json()).content[0];
    expect(audit).toMatchObject({
      action: 'checkout-settings.update',
      before: { cod: { fee: 29 }, prepaidDiscount: null },
      after: { cod: { fee: 39.5 }, prepaidDiscount: { type: 'PERCENT', value: 5 } },
    });

    const after = await current();
    const off = await save({
      ...after,
      cod: { ...after.cod, enabled: false, maxOrderValue: null },
      prepaidDiscount: null,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.app.inject('/api/config/checkout-settings')).json()).toMatchObject({
      cod: { enabled: false, maxOrderValue: null },
      prepaidDiscount: null,
    });
  });

  it('refuses a COD maximum below the minimum, a bad pincode and a zero return limit, saving nothing', async () => {
    const s = await current();
    for (const [cod, field] of [
      [{ ...s.cod, minOrderValue: 500, maxOrderValue: 100 }, 'cod.maxOrderValue'],
      [{ ...s.cod, blockedPincodes: ['abc'] }, 'cod.blockedPincodes.0'],
      [{ ...s.cod, rtoLimit: 0 }, 'cod.rtoLimit'],
    ] as const) {
      const res = await save({ ...s, cod });
      expect(res.statusCode, JSON.stringify(cod)).toBe(400);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
    const percent = await save({ ...s, prepaidDiscount: { type: 'PERCENT', value: 80, maxDiscount: null } });
    expect(percent.statusCode).toBe(400);
    expect((await current()).version).toBe(s.version);
  });
});
