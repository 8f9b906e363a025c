// GET /api/products/search and /api/products/bestsellers over HTTP, and the back office's Hindi
// name and search keywords reaching the search at once, audited.
import { AuditPage } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import {
  AdminProduct,
  type AdminProductDto,
  HINDI_NAME_SCRIPT,
} from '@spice/shared/contracts/products-admin';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  // A long cache: edits must reach search because saving invalidates the catalogue.
  t = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '3600' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });

async function search(q: string) {
  const res = await t.app.inject(`/api/products/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return ProductList.parse(res.json());
}

describe('GET /api/products/search', () => {
  it('finds Hindi names in Devanagari and Latin letters, and misspellings', async () => {
    for (const q of ['haldi', 'हल्दी', 'huldi', 'tumeric', 'HALDI'])
      expect((await search(q))[0]?.slug, q).toBe('turmeric-powder');
    expect((await search('garam masla'))[0]?.slug).toBe('garam-masala');
    expect((await search('chili'))[0]?.slug).toBe('red-chilli-powder');
  });

  it('answers each product with its Hindi name and search keywords', async () => {
    const [turmeric] = await search('haldi');
    expect(turmeric?.nameHi).toBe('हल्दी पाउडर');
    expect(turmeric?.searchKeywords).toContain('pisi haldi');
  });

  it('answers a hostile query as text: an empty list, never an error', async () => {
    for (const q of ['<img src=x onerror=alert(1)>', '%00', '(((', '*', '"><script>']) {
      const res = await t.app.inject(`/api/products/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(ProductList.parse(res.json()), q).toEqual([]);
    }
    // SQL never sees the query; this one is three words that names happen to contain.
    expect(
      (await t.app.inject(`/api/products/search?q=${encodeURIComponent("' OR 1=1 --")}`)).statusCode,
    ).toBe(200);
    expect((await t.app.inject(`/api/products/search?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/products/bestsellers', () => {
  it('lists active bestsellers, up to the limit', async () => {
    const res = await t.app.inject('/api/products/bestsellers?limit=2');
    expect(res.statusCode).toBe(200);
    const list = ProductList.parse(res.json());
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(2);
    expect(list.every((p) => p.active && p.bestseller)).toBe(true);
  });
});

describe('search keywords and the Hindi name in the back office', () => {
  const load = async (slug: string) => {
    const all = ProductList.parse((await t.app.inject('/api/products')).json());
    const id = all.find((p) => p.slug === slug)!.id;
    return AdminProduct.parse((await asAdmin({ url: `/api/admin/products/${id}` })).json());
  };
  const payload = (p: AdminProductDto, changes: Record<string, unknown>) => ({
    name: p.name,
    nameHi: p.nameHi,
    searchKeywords: p.searchKeywords,
    brand: p.brand,
    description: p.description,
    slug: p.slug,
    bestseller: p.bestseller,
    active: p.active,
    about: p.about,
    variants: p.variants.map(({ removable: _, ...v }) => ({ ...v, loadedStock: v.stock })),
    version: p.version,
    ...changes,
  });

  it('saves them, audits them and search finds the product by them after the rebuild', async () => {
    await search('sunehri'); // an index exists before the save: the save must rebuild it
    expect(await search('sunehri')).toEqual([]);
    const before = await load('sambar-masala');
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${before.id}`,
      payload: payload(before, { nameHi: 'सांबर पाउडर', searchKeywords: ['sunehri', ' idli podi '] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminProduct.parse(res.json())).toMatchObject({
      nameHi: 'सांबर पाउडर',
      searchKeywords: ['sunehri', 'idli podi'],
    });
    // The new words are found once the background rebuild is swapped in (decision 0038).
    await t.app.services.search.ready();
    expect((await search('sunehri')).map((p) => p.slug)).toEqual(['sambar-masala']);
    expect((await search('सांबर पाउडर'))[0]?.slug).toBe('sambar-masala');

    const entries = AuditPage.parse((await asAdmin({ url: '/api/admin/audit' })).json()).content;
    const entry = entries.find((e) => e.action === 'product.update' && e.entityId === String(before.id))!;
    expect(entry).toMatchObject({ action: 'product.update', entityId: String(before.id) });
    expect(entry.before).toMatchObject({ nameHi: 'सांबर मसाला' });
    expect(entry.after).toMatchObject({ nameHi: 'सांबर पाउडर', searchKeywords: ['sunehri', 'idli podi'] });
  });

  it('answers a repeated query from kept bytes with an ETag, and a price change shows at once', async () => {
    const first = await t.app.inject('/api/products/search?q=jeera');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject('/api/products/search?q=jeera');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    const unchanged = await t.app.inject({
      url: '/api/products/search?q=jeera',
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    // Hindi answers are kept beside the English ones, not instead of them.
    const hindi = await t.app.inject('/api/products/search?q=jeera&lang=hi');
    expect(ProductList.parse(hindi.json())[0]?.name).toBe('जीरा पाउडर');
    expect((await t.app.inject('/api/products/search?q=jeera')).headers.etag).toBe(etag);

    // A price is not search text: the index stays, the kept answer goes with its snapshot.
    const p = await load('jeera-powder');
    const price = p.variants[0]!.price + 5;
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id}`,
      payload: payload(p, {
        variants: p.variants.map(({ removable: _, ...v }, i) => ({
          ...v,
          loadedStock: v.stock,
          ...(i === 0 ? { price } : {}),
        })),
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.app.inject('/api/products/search?q=jeera');
    expect(after.headers.etag).not.toBe(etag);
    expect(ProductList.parse(after.json()).find((x) => x.slug === 'jeera-powder')?.variants[0]?.price).toBe(
      price,
    );
  });

  it('refuses a Hindi name not written in Devanagari', async () => {
    const p = await load('chole-masala');
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id}`,
      payload: payload(p, { nameHi: 'chole masala' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(HINDI_NAME_SCRIPT);
  });
});
