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
    expect((await t.app.inject('/api/config/checkout-settings')).json()).toEqual({ platformFee: 4.5 });
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
});
