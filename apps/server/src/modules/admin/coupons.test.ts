import { AuditPage, CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import { AdminCoupon, CAP_ONLY_FOR_PERCENT, PERCENT_MESSAGE } from '@spice/shared/contracts/admin-coupons';
import { toIstLocal } from '@spice/shared/ist';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { coupons } from '../coupons/schema.ts';

let t: TestApp;
let shopper: Shopper;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  shopper = await signUp(t.app, '9850000021');
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });
const list = async () => z.array(AdminCoupon).parse((await asAdmin({ url: '/api/admin/coupons' })).json());
const byCode = async (code: string) => (await list()).find((c) => c.code === code)!;
const activeCodes = async () =>
  ((await t.app.inject('/api/coupons/active')).json() as { code: string }[]).map((c) => c.code);
const lastAudit = async () => AuditPage.parse((await asAdmin({ url: '/api/admin/audit' })).json()).content[0];
const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** Every field as the admin form sends it: strings, IST datetime-local. */
const form = {
  code: ' monsoon15 ',
  description: '15% off up to ₹150 on orders of ₹399 or more',
  discountType: 'PERCENT',
  discountValue: '15',
  maxDiscount: '150',
  minCartValue: '399',
  validFrom: toIstLocal(days(-1)),
  validUntil: toIstLocal(days(30)),
  usageLimit: '100',
  perUserLimit: '2',
  active: 'true',
};

/** A paid order by the shopper using a coupon, for a cart above ₹500. */
async function orderWith(s: Shopper, code: string) {
  const products = await t.app.services.catalog.listActive();
  const product = products.find((p) => p.slug === 'garam-masala')!;
  const variant = product.variants.find((v) => v.stock >= 5)!;
  await addToCart(s, product.id, variant.weight, Math.ceil(500 / variant.price));
  const addressId = await addAddress(s);
  const created = await createPaymentOrder(s, addressId, code);
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
}

describe('role checks on the coupon endpoints', () => {
  it('answers 401 logged out and 403 to a shopper on every one', async () => {
    const endpoints: InjectOptions[] = [
      { method: 'GET', url: '/api/admin/coupons' },
      { method: 'GET', url: '/api/admin/coupons/1' },
      { method: 'POST', url: '/api/admin/coupons', payload: form },
      { method: 'PUT', url: '/api/admin/coupons/1', payload: { ...form, version: 1 } },
      { method: 'PUT', url: '/api/admin/coupons/1/active', payload: { active: false, version: 1 } },
    ];
    for (const endpoint of endpoints) {
      const label = `${endpoint.method} ${endpoint.url}`;
      expect((await t.app.inject(endpoint)).statusCode, label).toBe(401);
      expect((await shopper.request(endpoint)).statusCode, label).toBe(403);
    }
    expect(await activeCodes()).toEqual(['WELCOME10', 'FLAT50']);
  });
});

describe('coupons in the back office', () => {
  it('lists every coupon with its rules in rupees and percent, status and usage so far', async () => {
    const all = await list();
    expect(all.map((c) => c.code).sort()).toEqual(['FESTIVE20', 'FLAT50', 'WELCOME10']);
    expect(await byCode('WELCOME10')).toMatchObject({
      discountType: 'PERCENT',
      discountValue: 10,
      maxDiscount: 100,
      minCartValue: 299,
      perUserLimit: 1,
      firstOrderOnly: true,
      usedCount: 0,
      redemptions: 0,
      status: 'active',
    });
    expect(await byCode('FLAT50')).toMatchObject({
      discountType: 'FLAT',
      discountValue: 50,
      usageLimit: 500,
    });
    expect(await byCode('FESTIVE20')).toMatchObject({ status: 'expired', usedCount: 312 });
  });

  it('creates a coupon (code trimmed and upper-cased) that shoppers can see and apply at once', async () => {
    const res = await asAdmin({ method: 'POST', url: '/api/admin/coupons', payload: form });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'MONSOON15',
      discountValue: 15,
      maxDiscount: 150,
      minCartValue: 399,
      usageLimit: 100,
      perUserLimit: 2,
      firstOrderOnly: false,
      status: 'active',
      usedCount: 0,
      version: 1,
    });
    // Stored as basis points and paise.
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'MONSOON15'));
    expect(row).toMatchObject({ discountValue: 1500, maxDiscountPaise: 15_000, minCartValuePaise: 39_900 });

    expect(await activeCodes()).toContain('MONSOON15');
    const applied = await shopper.request({
      method: 'POST',
      url: '/api/coupons/validate',
      payload: { code: 'monsoon15', cartAmount: 2000 },
    });
    expect(applied.json()).toEqual({ code: 'MONSOON15', discountAmount: 150 });
    expect(await lastAudit()).toMatchObject({
      action: 'coupon.create',
      after: { code: 'MONSOON15', discountValue: 15 },
    });
  });

  it('sets and clears the first-order rule, as the form’s checkbox sends it', async () => {
    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/coupons',
      payload: { ...form, code: 'FIRSTBITE', firstOrderOnly: 'true' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ firstOrderOnly: true });
    const edited = await asAdmin({
      method: 'PUT',
      url: `/api/admin/coupons/${created.json().id}`,
      payload: { ...form, code: 'FIRSTBITE', firstOrderOnly: 'false', version: created.json().version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ firstOrderOnly: false });
  });

  it('refuses a code already taken, whatever its case, naming the field', async () => {
    const res = await asAdmin({
      method: 'POST',
      url: '/api/admin/coupons',
      payload: { ...form, code: 'welcome10' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.code).toMatch(/WELCOME10 already exists/);
  });

  it('refuses rules that make no sense, with each field named', async () => {
    const res = await asAdmin({
      method: 'POST',
      url: '/api/admin/coupons',
      payload: {
        ...form,
        code: 'X',
        discountValue: '120',
        minCartValue: '-5',
        usageLimit: '0',
        validUntil: toIstLocal(days(-2)),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'code',
      'discountValue',
      'minCartValue',
      'usageLimit',
      'validUntil',
    ]);
    const cross = await asAdmin({
      method: 'POST',
      url: '/api/admin/coupons',
      payload: { ...form, code: 'NEWONE', discountValue: '120', validUntil: toIstLocal(days(-2)) },
    });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().errors).toMatchObject({
      discountValue: PERCENT_MESSAGE,
      validUntil: 'The end must be after the start.',
    });
    const flatCap = await asAdmin({
      method: 'POST',
      url: '/api/admin/coupons',
      payload: { ...form, code: 'FLATCAP', discountType: 'FLAT', discountValue: '49.50' },
    });
    expect(flatCap.json().errors).toEqual({ maxDiscount: CAP_ONLY_FOR_PERCENT });
    expect((await list()).some((c) => c.code === 'NEWONE' || c.code === 'FLATCAP')).toBe(false);
  });

  it('shows usage: a paid order counts as a use and a redemption; editing keeps the count', async () => {
    await orderWith(shopper, 'MONSOON15');
    const used = await byCode('MONSOON15');
    expect(used).toMatchObject({ usedCount: 1, redemptions: 1 });

    const edited = await asAdmin({
      method: 'PUT',
      url: `/api/admin/coupons/${used.id}`,
      payload: { ...form, discountValue: '12.5', usageLimit: '50', version: used.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      discountValue: 12.5,
      usageLimit: 50,
      usedCount: 1,
      redemptions: 1,
      version: used.version + 1,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'coupon.update',
      before: { discountValue: 15, usageLimit: 100 },
      after: { discountValue: 12.5, usageLimit: 50 },
    });
  });

  it('refuses a total limit below the uses already taken', async () => {
    const c = await byCode('MONSOON15');
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/coupons/${c.id}`,
      // 1 use so far: a limit of 1 is fine.
      payload: { ...form, usageLimit: '1', perUserLimit: '1', version: c.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Two more uses taken by checkouts meanwhile (they do not change the coupon's version).
    await t.database.db.update(coupons).set({ usedCount: 3 }).where(eq(coupons.id, c.id));
    const lower = await asAdmin({
      method: 'PUT',
      url: `/api/admin/coupons/${c.id}`,
      payload: { ...form, usageLimit: '2', perUserLimit: '1', version: c.version + 1 },
    });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().errors.usageLimit).toMatch(/used 3 times already/);
    expect((await byCode('MONSOON15')).usedCount).toBe(3);
  });

  it('a use taken by a checkout while the owner edits is kept (the edit never writes the count)', async () => {
    const c = await byCode('MONSOON15');
    await t.app.services.coupons.releaseUse(c.id, t.database.db);
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/coupons/${c.id}`,
      payload: { ...form, usageLimit: '', perUserLimit: '', version: c.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ usedCount: 2, usageLimit: null });
  });

  it('refuses a stale edit; of two racing edits exactly one wins', async () => {
    const c = await byCode('FLAT50');
    const flat = { ...form, code: 'FLAT50', discountType: 'FLAT', discountValue: '50', maxDiscount: '' };
    const results = await Promise.all([
      asAdmin({
        method: 'PUT',
        url: `/api/admin/coupons/${c.id}`,
        payload: { ...flat, description: 'A', version: c.version },
      }),
      asAdmin({
        method: 'PUT',
        url: `/api/admin/coupons/${c.id}`,
        payload: { ...flat, description: 'B', version: c.version },
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(CHANGED_MEANWHILE);
  });

  it('deactivates and reactivates; the shoppers’ list and validation follow at once', async () => {
    const c = await byCode('MONSOON15');
    const off = await asAdmin({
      method: 'PUT',
      url: `/api/admin/coupons/${c.id}/active`,
      payload: { active: false, version: c.version },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, status: 'inactive' });
    expect(await activeCodes()).not.toContain('MONSOON15');
    const refused = await shopper.request({
      method: 'POST',
      url: '/api/coupons/validate',
      payload: { code: 'MONSOON15', cartAmount: 2000 },
    });
    expect(refused.statusCode).toBe(400);
    expect(await lastAudit()).toMatchObject({
      action: 'coupon.deactivate',
      before: { active: true },
      after: { active: false },
    });

    const stale = await asAdmin({
      method: 'PUT',
      url: `/api/admin/coupons/${c.id}/active`,
      payload: { active: true, version: c.version },
    });
    expect(stale.statusCode).toBe(409);
    const on = await asAdmin({
      method: 'PUT',
      url: `/api/admin/coupons/${c.id}/active`,
      payload: { active: true, version: c.version + 1 },
    });
    expect(on.statusCode).toBe(200);
    expect(await activeCodes()).toContain('MONSOON15');
  });

  it('a coupon scheduled for later is listed as scheduled and not offered to shoppers yet', async () => {
    const res = await asAdmin({
      method: 'POST',
      url: '/api/admin/coupons',
      payload: {
        ...form,
        code: 'DIWALI25',
        discountValue: '25',
        validFrom: toIstLocal(days(10)),
        validUntil: '',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'scheduled', validUntil: null });
    expect(await activeCodes()).not.toContain('DIWALI25');
  });
});
