// Decision 0038: no search waits for an index build. A catalogue change is indexed in the
// background and swapped in; searches meanwhile answer from the index they have, at once.
import { Product, ProductList } from '@spice/shared/contracts/catalog';
import { AdminProduct, type AdminProductDto } from '@spice/shared/contracts/products-admin';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { verifyMobile } from '../../test/shoppers.ts';
import type { CatalogSnapshot } from '../catalog/service.ts';
import type { Searchable } from './search-index.ts';
import { createSearchService } from './service.ts';

let t: TestApp;
let adminCookie: string;
let added: AdminProductDto;

beforeAll(async () => {
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
  return ProductList.parse(res.json()).map((p) => p.slug);
}

describe('a product the owner adds through the back office', () => {
  it('is found once the rebuild is swapped in; a search before that answers from the old index', async () => {
    expect(await search('xacuti')).toEqual([]);
    const res = await asAdmin({
      method: 'POST',
      url: '/api/admin/products',
      payload: {
        name: 'Xacuti Masala',
        brand: 'Kesar Chakki',
        description: 'Poppy seed, coconut and kashmiri chilli for a Goan curry.',
        about: ['Roast before grinding'],
        // What publishing needs of the product itself (decision 0035); the rest are the shop's defaults.
        declarations: {
          genericName: 'Spice blend (xacuti masala)',
          ingredients: 'Poppy seed, coconut, kashmiri chilli',
          shelfLifeMonths: 9,
        },
        variants: [{ weight: '100 g', price: 90, mrp: 110, stock: 30, sku: 'KC-XC-100' }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    added = AdminProduct.parse(res.json());
    // Right after the save: the old index answers (the rebuild waits out its debounce).
    expect(await search('xacuti')).toEqual([]);
    await t.app.services.search.ready();
    expect(await search('xacuti')).toEqual(['xacuti-masala']);
    expect(await search('Xacuti Masala')).toEqual(['xacuti-masala']);
  });

  it('drops out of the answers at once when made inactive, before any rebuild', async () => {
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${added.id}/active`,
      payload: { active: false, version: added.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await search('xacuti')).toEqual([]);
  });
});

const party = { name: 'Bench Foods', address: 'Pune 411001' };
const BENCH_DECLARATIONS = {
  genericName: 'Spice blend',
  manufacturer: party,
  packer: null,
  marketer: null,
  countryOfOrigin: 'India',
  consumerCare: { phone: '9800000000', email: 'care@example.in', address: party.address },
  fssaiLicence: '10012345000123',
  veg: true,
  ingredients: 'Spices',
  allergens: '',
  shelfLifeMonths: 12,
  storage: '',
  nutritionPer100g: null,
};

/** A catalogue snapshot of generated products, as much of one as search reads. */
function snapshotOf(products: Searchable[]): CatalogSnapshot {
  const dtos = products.map((p) =>
    Product.parse({
      ...p,
      slug: `p-${p.id}`,
      brand: 'Bench',
      active: true,
      bestseller: false,
      imageUrl: null,
      image: null,
      images: [],
      gallery: [],
      variants: [],
      declarations: BENCH_DECLARATIONS,
    }),
  );
  const view = { active: dtos, byId: new Map(dtos.map((p) => [p.id, p])) };
  return { ...view, view: () => view } as unknown as CatalogSnapshot;
}

const generated = (count: number, word: string): Searchable[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `${i === count - 1 ? word : 'Garam Masala'} ${i}`,
    nameHi: `गरम मसाला ${i}`,
    searchKeywords: ['warm', 'blend'],
    description: 'Cardamom, cinnamon, cloves, cumin and black pepper, stone-ground in small batches.',
    about: ['Roasted before grinding', 'For dal, sabzi and biryani'],
  }));

describe('searches during a rebuild', () => {
  it('answer from the old index without waiting for the new one', async () => {
    let snapshot = snapshotOf(generated(10, 'Kashmiri Kahwa'));
    const service = createSearchService({ catalog: { snapshot: async () => snapshot }, debounceMs: 0 });
    await service.ready();
    expect((await service.search('kahwa')).map((p) => p.id)).toEqual([10]);

    // 3,000 products take hundreds of slices to index; the searches below are answered between them.
    snapshot = snapshotOf(generated(3000, 'Mughlai Korma'));
    let swapped = false;
    const rebuilt = service.ready().then(() => {
      swapped = true;
    });
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const found = await service.search('kahwa');
      expect(swapped).toBe(false);
      // The old index's product 10 is in the new snapshot under another name: the answer is today's product.
      expect(found.map((p) => p.id)).toEqual([10]);
      expect(performance.now() - started).toBeLessThan(250);
    }
    await rebuilt;
    expect((await service.search('korma')).map((p) => p.id)).toEqual([3000]);
    expect(await service.search('kahwa')).toEqual([]);
  });
});
