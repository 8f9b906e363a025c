import { AuditPage, STOCK_TOO_LOW, StockVariant } from '@spice/shared/contracts/admin';
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
  shopper = await signUp(t.app, '9860000001');
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });
const adjust = (variantId: number, payload: object) =>
  asAdmin({ method: 'POST', url: `/api/admin/variants/${variantId}/stock`, payload });

async function storefrontStock(variantId: number): Promise<number> {
  const products = (await t.app.inject('/api/products')).json() as {
    variants: { id: number; stock: number }[];
  }[];
  return products.flatMap((p) => p.variants).find((v) => v.id === variantId)!.stock;
}

describe('stock adjustments', () => {
  it('answers 401 logged out and 403 to a shopper', async () => {
    for (const endpoint of [
      { method: 'GET', url: '/api/admin/stock' },
      { method: 'POST', url: '/api/admin/variants/1/stock', payload: { change: 1, reason: 'x' } },
    ] as InjectOptions[]) {
      expect((await t.app.inject(endpoint)).statusCode).toBe(401);
      expect((await shopper.request(endpoint)).statusCode).toBe(403);
    }
  });

  it('adds and removes units with a reason, audited, and the storefront shows the new stock at once', async () => {
    const list = ((await asAdmin({ url: '/api/admin/stock' })).json() as unknown[]).map((v) =>
      StockVariant.parse(v),
    );
    const variant = list.find((v) => v.productActive)!;
    const before = await storefrontStock(variant.variantId);
    expect(before).toBe(variant.stock);

    const added = await adjust(variant.variantId, { change: 25, reason: 'Received a new batch' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ variantId: variant.variantId, stock: before + 25 });
    expect(await storefrontStock(variant.variantId)).toBe(before + 25);

    const audit = AuditPage.parse((await asAdmin({ url: '/api/admin/audit' })).json()).content[0];
    expect(audit).toMatchObject({
      action: 'stock.adjust',
      entityId: String(variant.variantId),
      before: { stock: before },
      after: { stock: before + 25, change: 25, reason: 'Received a new batch' },
    });

    const removed = await adjust(variant.variantId, { change: -5, reason: 'Damaged in storage' });
    expect(removed.json().stock).toBe(before + 20);
  });

  it('never goes below zero, needs a reason and a non-zero whole number', async () => {
    const [variant] = ((await asAdmin({ url: '/api/admin/stock' })).json() as unknown[]).map((v) =>
      StockVariant.parse(v),
    );
    const tooMany = await adjust(variant!.variantId, { change: -(variant!.stock + 1), reason: 'Count' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(STOCK_TOO_LOW);

    const noReason = await adjust(variant!.variantId, { change: 2, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe('Please say why the stock changes.');
    expect((await adjust(variant!.variantId, { change: 0, reason: 'x' })).statusCode).toBe(400);
    expect((await adjust(variant!.variantId, { change: 1.5, reason: 'x' })).statusCode).toBe(400);
    expect((await adjust(999999, { change: 1, reason: 'x' })).statusCode).toBe(404);
  });
});
