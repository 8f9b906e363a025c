// The catalogue in Hindi: the same DTOs with each text resolved to Hindi, falling back to the
// English field by field (and About line by line); English answers exactly as before.

import { Product, ProductList } from '@spice/shared/contracts/catalog';
import { LANG_MESSAGE } from '@spice/shared/contracts/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { declarationDefaults, products, productVariants } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '3600' } });
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const productRow = async (slug: string) =>
  (await t.database.db.select().from(products).where(eq(products.slug, slug)))[0]!;

describe('the catalogue in Hindi', () => {
  it('gives a product every text in Hindi from the service and from GET /api/products/slug/{slug}?lang=hi', async () => {
    const row = await productRow('turmeric-powder');
    const hindi = await t.app.services.catalog.getBySlug('turmeric-powder', 'hi');
    expect(hindi).toMatchObject({ name: 'हल्दी पाउडर', description: row.descriptionHi, about: row.aboutHi });
    expect(hindi!.variants.map((v) => v.weight)).toEqual(['100 ग्राम', '200 ग्राम', '500 ग्राम']);

    const api = Product.parse((await get('/api/products/slug/turmeric-powder?lang=hi')).json());
    expect(api).toEqual(hindi);
    // Everything that is not a text stays: slug, prices, stock, images, search fields.
    const english = (await t.app.services.catalog.getBySlug('turmeric-powder'))!;
    expect(api.slug).toBe(english.slug);
    expect(api.nameHi).toBe(english.nameHi);
    expect(api.variants.map(({ weight: _, ...v }) => v)).toEqual(
      english.variants.map(({ weight: _, ...v }) => v),
    );
    // The same pictures, described in Hindi.
    expect(api.gallery.map(({ alt: _, ...g }) => g)).toEqual(english.gallery.map(({ alt: _, ...g }) => g));
    for (const g of api.gallery) expect(g.alt).toBe('हल्दी पाउडर की तस्वीर');
  });

  it('falls back to the English field by field, and About line by line', async () => {
    const row = await productRow('chaat-masala');
    await t.database.db
      .update(products)
      .set({ nameHi: '', descriptionHi: '  ', aboutHi: ['', 'दूसरी पंक्ति हिंदी में'] })
      .where(eq(products.id, row.id));
    const [firstVariant] = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, row.id))
      .orderBy(productVariants.position);
    await t.database.db
      .update(productVariants)
      .set({ weightHi: '' })
      .where(eq(productVariants.id, firstVariant!.id));
    t.app.services.catalog.invalidate();

    const p = (await t.app.services.catalog.getById(row.id, 'hi'))!;
    expect(p.name).toBe(row.name);
    expect(p.description).toBe(row.description);
    expect(p.about[0]).toBe(row.about[0]);
    expect(p.about[1]).toBe('दूसरी पंक्ति हिंदी में');
    // Lines with no Hindi at all (beyond the Hindi list) show the English.
    expect(p.about.slice(2)).toEqual(row.about.slice(2));
    expect(p.about).toHaveLength(row.about.length);
    expect(p.variants[0]!.weight).toBe(firstVariant!.weight);
    expect(p.variants[1]!.weight).toMatch(/ग्राम$/);
  });

  it('answers English exactly as without any Hindi, with or without ?lang=en', async () => {
    const before = (await get('/api/products')).body;
    expect((await get('/api/products?lang=en')).body).toBe(before);
    expect(before).not.toMatch(/descriptionHi|aboutHi|weightHi/);
    // Wipe every Hindi text but the name (the English DTO has always carried nameHi): same bytes.
    await t.database.db.update(products).set({ descriptionHi: '', aboutHi: [], declarationsHi: {} });
    await t.database.db.update(productVariants).set({ weightHi: '' });
    await t.database.db.update(declarationDefaults).set({ valuesHi: {} });
    t.app.services.catalog.invalidate();
    expect((await get('/api/products')).body).toBe(before);
    // And with no Hindi, the Hindi view is the English one but for the names (and the pictures'
    // alt texts, made from the names).
    const hi = ProductList.parse((await get('/api/products?lang=hi')).json());
    const en = ProductList.parse(JSON.parse(before));
    const withoutNames = (list: typeof en) =>
      list.map(({ name: _, gallery, ...p }) => ({ ...p, gallery: gallery.map(({ alt: _a, ...g }) => g) }));
    expect(withoutNames(hi)).toEqual(withoutNames(en));
  });

  it('resolves the Hindi once per snapshot: the same objects on every call until a change', async () => {
    const a = await t.app.services.catalog.listActive('hi');
    expect(await t.app.services.catalog.listActive('hi')).toBe(a);
    expect(await t.app.services.catalog.listActive('en')).not.toBe(a);
    t.app.services.catalog.invalidate();
    expect(await t.app.services.catalog.listActive('hi')).not.toBe(a);
  });

  it('gives the list, bestsellers, recommendations and search in Hindi, each with its own ETag', async () => {
    const en = await get('/api/products');
    const hi = await get('/api/products?lang=hi');
    expect(hi.headers.etag).toBeTruthy();
    expect(hi.headers.etag).not.toBe(en.headers.etag);
    expect(hi.body).toMatch(/गरम मसाला/);

    const best = ProductList.parse((await get('/api/products/bestsellers?lang=hi')).json());
    expect(best.map((p) => p.name)).toContain('गरम मसाला');
    const also = ProductList.parse((await get('/api/products/active?lang=hi&limit=3')).json());
    expect(also.every((p) => /\p{Script=Devanagari}/u.test(p.name))).toBe(true);

    // One index finds the product whichever language the shopper types; lang picks the texts.
    for (const q of ['haldi', 'हल्दी', 'turmeric']) {
      const found = ProductList.parse(
        (await get(`/api/products/search?q=${encodeURIComponent(q)}&lang=hi`)).json(),
      );
      expect(found[0]?.name, q).toBe('हल्दी पाउडर');
    }
    const english = ProductList.parse((await get('/api/products/search?q=haldi')).json());
    expect(english[0]?.name).toBe('Turmeric (Haldi) Powder');
    expect((await t.app.services.search.search('haldi', 5, 'hi'))[0]?.name).toBe('हल्दी पाउडर');
    expect((await t.app.services.catalog.bestsellers(8, 'hi'))[0]?.name).toMatch(/\p{Script=Devanagari}/u);
    expect((await t.app.services.catalog.recommendations(undefined, 2, 'hi')).length).toBe(2);
  });

  it('refuses a language it does not have with a clear 400', async () => {
    for (const url of [
      '/api/products?lang=fr',
      '/api/products/slug/garam-masala?lang=HI',
      '/api/products/search?q=haldi&lang=',
      '/api/products/bestsellers?lang=hindi',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(LANG_MESSAGE);
    }
  });
});
