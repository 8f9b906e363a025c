import { AdminPolicy, AdminSettings, AuditPage, CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let shopper: Shopper;
let adminCookie: string;

beforeAll(async () => {
  // A long cache: the storefront must see changes because saving invalidates it, not because it expired.
  t = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '3600' } });
  shopper = await signUp(t.app, '9850000001');
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });

describe('role checks on the content endpoints', () => {
  it('answers 401 logged out and 403 to a shopper on every one', async () => {
    const endpoints: InjectOptions[] = [
      { method: 'GET', url: '/api/admin/policies' },
      { method: 'PUT', url: '/api/admin/policies/return', payload: { title: 'T', body: 'B', version: 1 } },
      { method: 'GET', url: '/api/admin/settings' },
      {
        method: 'PUT',
        url: '/api/admin/settings',
        payload: { storeName: 'S', title: 'T', description: 'D', version: 1 },
      },
    ];
    for (const endpoint of endpoints) {
      expect((await t.app.inject(endpoint)).statusCode, String(endpoint.url)).toBe(401);
      expect((await shopper.request(endpoint)).statusCode, String(endpoint.url)).toBe(403);
    }
  });
});

describe('policy texts', () => {
  it('saves a policy, shows it on the storefront at once, audits it and refuses a stale save', async () => {
    const warm = await t.app.inject('/api/website/policies/return');
    expect(warm.statusCode).toBe(200);
    const list = (await asAdmin({ url: '/api/admin/policies' })).json() as unknown[];
    const current = list.map((p) => AdminPolicy.parse(p)).find((p) => p.kind === 'return')!;

    const saved = await asAdmin({
      method: 'PUT',
      url: '/api/admin/policies/return',
      payload: { title: 'Returns', body: 'Returns within 7 days of delivery.', version: current.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      version: current.version + 1,
      body: 'Returns within 7 days of delivery.',
    });

    const shown = await t.app.inject('/api/website/policies/return');
    expect(shown.json()).toMatchObject({ title: 'Returns', body: 'Returns within 7 days of delivery.' });

    const audit = AuditPage.parse((await asAdmin({ url: '/api/admin/audit' })).json()).content[0];
    expect(audit).toMatchObject({
      action: 'policy.update',
      entityId: 'return',
      before: { body: current.body },
      after: { body: 'Returns within 7 days of delivery.' },
    });

    // A second admin still holding the old version.
    const stale = await asAdmin({
      method: 'PUT',
      url: '/api/admin/policies/return',
      payload: { title: 'Returns', body: 'Something else.', version: current.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CHANGED_MEANWHILE);
    expect((await t.app.inject('/api/website/policies/return')).json().body).toBe(
      'Returns within 7 days of delivery.',
    );
  });

  it('refuses an empty text with the field named', async () => {
    const res = await asAdmin({
      method: 'PUT',
      url: '/api/admin/policies/terms',
      payload: { title: 'Terms', body: '   ', version: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.body).toBe('Please enter the policy text.');
  });

  it('lets exactly one of two racing saves of the same version win', async () => {
    const { version } = AdminPolicy.parse(
      ((await asAdmin({ url: '/api/admin/policies' })).json() as { kind: string }[]).find(
        (p) => p.kind === 'shipping',
      ),
    );
    const save = (body: string) =>
      asAdmin({
        method: 'PUT',
        url: '/api/admin/policies/shipping',
        payload: { title: 'Shipping', body, version },
      });
    const results = await Promise.all([save('First.'), save('Second.')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('store settings', () => {
  it('saves the store name, title and description and the storefront uses them at once', async () => {
    await t.app.inject('/api/website/footer');
    const current = AdminSettings.parse((await asAdmin({ url: '/api/admin/settings' })).json());
    const res = await asAdmin({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: {
        storeName: 'Kesar Chakki Masale',
        title: 'Kesar Chakki Masale | Stone-ground spices',
        description: 'Pure, stone-ground Indian spice blends.',
        version: current.version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.services.content.settings()).storeName).toBe('Kesar Chakki Masale');
    const stale = await asAdmin({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { storeName: 'X', title: 'X', description: 'X', version: current.version },
    });
    expect(stale.statusCode).toBe(409);
  });
});
