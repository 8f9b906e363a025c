import { ProductList } from '@spice/shared/contracts/catalog';
import { FeedSummary } from '@spice/shared/contracts/sales-sources';
import { parse as parseCsv } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { verifyMobile } from '../../test/shoppers.ts';
import { products, productVariants } from '../catalog/schema.ts';
import { GOOGLE_NS, GOOGLE_PRODUCT_CATEGORY, META_COLUMNS } from './feed-items.ts';

let t: TestApp;
let adminCookie: string;
const ORIGIN = 'https://shop.example';

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

type GoogleItem = Record<string, string | string[] | number>;
async function googleFeed(path = '/feeds/google.xml') {
  const res = await t.app.inject(path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  const doc = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (n) => n === 'item' || n === 'g:additional_image_link',
  }).parse(res.body);
  return { doc, items: doc.rss.channel.item as GoogleItem[], body: res.body };
}
const catalogue = async () => ProductList.parse((await t.app.inject('/api/products')).json());
const leftOutSkus = async () =>
  new Set(
    FeedSummary.parse(
      (await t.app.inject({ url: '/api/admin/feeds', headers: { cookie: adminCookie } })).json(),
    ).leftOut.map((l) => l.sku),
  );

describe('GET /feeds/google.xml', () => {
  it('is RSS 2.0 in Google’s namespace with every required attribute on every item', async () => {
    const { doc, items } = await googleFeed();
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss['@_xmlns:g']).toBe(GOOGLE_NS);
    const active = (await catalogue()).filter((p) => p.active);
    const left = await leftOutSkus();
    expect(items.map((i) => i['g:id']).sort()).toEqual(
      active
        .flatMap((p) => p.variants.map((v) => v.sku))
        .filter((sku) => !left.has(sku))
        .sort(),
    );
    for (const item of items) {
      for (const field of [
        'g:id',
        'g:item_group_id',
        'title',
        'description',
        'link',
        'g:image_link',
        'g:availability',
        'g:price',
        'g:brand',
        'g:condition',
        'g:identifier_exists',
        'g:google_product_category',
        'g:product_type',
      ])
        expect(item[field], `${item['g:id']} ${field}`).toBeTruthy();
      expect(item['g:condition']).toBe('new');
      expect(item['g:google_product_category']).toBe(GOOGLE_PRODUCT_CATEGORY);
      expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
      expect(String(item['g:price'])).toMatch(/^\d+\.\d{2} INR$/);
      expect(String(item.link)).toMatch(new RegExp(`^${ORIGIN}/product/[^?]+\\?variant=\\d+$`));
    }
  });

  it('gives each variant the API’s prices, stock, title and unit pricing', async () => {
    const { items } = await googleFeed();
    const bySku = new Map(items.map((i) => [i['g:id'], i]));
    const left = await leftOutSkus();
    for (const product of (await catalogue()).filter((p) => p.active)) {
      for (const v of product.variants) {
        if (left.has(v.sku)) continue;
        const item = bySku.get(v.sku)!;
        expect(item['g:item_group_id']).toBe(String(product.id));
        expect(item.title).toBe(`${product.name} ${v.weight}`);
        expect(item['g:price']).toBe(`${v.mrp.toFixed(2)} INR`);
        expect(item['g:sale_price']).toBe(v.price < v.mrp ? `${v.price.toFixed(2)} INR` : undefined);
        expect(item['g:availability']).toBe(v.stock > 0 ? 'in_stock' : 'out_of_stock');
        if (v.netQuantity?.unit === 'g') {
          expect(item['g:unit_pricing_measure']).toBe(`${v.netQuantity.value} g`);
          expect(item['g:unit_pricing_base_measure']).toBe('100 g');
        }
        expect(item['g:identifier_exists']).toBe('no');
      }
    }
  });

  it('follows a price change, a GTIN and a sale at once (the snapshot is invalidated on write)', async () => {
    const [v] = await t.database.db.select().from(productVariants).where(eq(productVariants.sku, 'GM-100'));
    await t.database.db
      .update(productVariants)
      .set({ gtin: '8901058851298', pricePaise: 12_000, stock: 0 })
      .where(eq(productVariants.id, v!.id));
    t.app.services.catalog.invalidate();
    const item = (await googleFeed()).items.find((i) => i['g:id'] === 'GM-100')!;
    expect(item).toMatchObject({
      'g:gtin': '8901058851298',
      'g:identifier_exists': 'yes',
      'g:sale_price': '120.00 INR',
      'g:availability': 'out_of_stock',
    });
    await t.database.db
      .update(productVariants)
      .set({ gtin: null, pricePaise: v!.pricePaise, stock: v!.stock })
      .where(eq(productVariants.id, v!.id));
    t.app.services.catalog.invalidate();
  });

  it('has a Hindi twin with Hindi titles and /hi links', async () => {
    const { items } = await googleFeed('/feeds/google-hi.xml');
    const garam = (await t.app.services.catalog.view('hi')).bySlug.get('garam-masala')!;
    const item = items.find((i) => i['g:id'] === garam.variants[0]!.sku)!;
    expect(item.title).toBe(`${garam.name} ${garam.variants[0]!.weight}`);
    expect(item.title).toMatch(/[\u0900-\u097F]/);
    expect(String(item.link)).toMatch(new RegExp(`^${ORIGIN}/hi/product/`));
  });
});

describe('GET /feeds/meta.csv', () => {
  it('has Meta’s columns and quotes what needs quoting', async () => {
    const [p] = await t.database.db.select().from(products).where(eq(products.slug, 'garam-masala'));
    const description = 'Whole spices, roasted "slow", then ground,\nsmall batches';
    await t.database.db.update(products).set({ description }).where(eq(products.id, p!.id));
    t.app.services.catalog.invalidate();
    const res = await t.app.inject('/feeds/meta.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.startsWith('id,title,')).toBe(true);
    const rows = parseCsv(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...META_COLUMNS]);
    const garam = rows.find((r) => r.id === 'GM-100')!;
    // Descriptions are one line in the feeds.
    expect(garam.description).toBe('Whole spices, roasted "slow", then ground, small batches');
    expect(garam).toMatchObject({ condition: 'new', item_group_id: String(p!.id) });
    expect(['in stock', 'out of stock']).toContain(garam.availability);
    expect(garam.price).toMatch(/^\d+\.\d{2} INR$/);
    await t.database.db.update(products).set({ description: p!.description }).where(eq(products.id, p!.id));
    t.app.services.catalog.invalidate();
  });
});

describe('GET /api/admin/feeds', () => {
  it('gives the addresses, the counts and the products left out with the reason', async () => {
    const [p] = await t.database.db.select().from(products).where(eq(products.slug, 'chaat-masala'));
    await t.database.db.update(products).set({ description: '' }).where(eq(products.id, p!.id));
    t.app.services.catalog.invalidate();
    const res = await t.app.inject({ url: '/api/admin/feeds', headers: { cookie: adminCookie } });
    expect(res.statusCode, res.body).toBe(200);
    const summary = FeedSummary.parse(res.json());
    expect(summary.feeds.map((f) => f.url)).toEqual([
      `${ORIGIN}/feeds/google.xml`,
      `${ORIGIN}/feeds/google-hi.xml`,
      `${ORIGIN}/feeds/meta.csv`,
    ]);
    const { items } = await googleFeed();
    expect(summary.feeds[0]!.items).toBe(items.length);
    expect(
      summary.leftOut.filter((l) => l.productId === p!.id).every((l) => l.reasons.includes('no description')),
    ).toBe(true);
    expect(items.some((i) => i['g:item_group_id'] === String(p!.id))).toBe(false);
    await t.database.db.update(products).set({ description: p!.description }).where(eq(products.id, p!.id));
    t.app.services.catalog.invalidate();
    expect((await t.app.inject('/api/admin/feeds')).statusCode).toBe(401);
  });
});
