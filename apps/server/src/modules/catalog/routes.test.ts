import { Product, ProductList } from '@spice/shared/contracts/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { products, productVariants } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/products', () => {
  it('lists active and inactive products with variants, in the spec field names', async () => {
    const res = await t.app.inject('/api/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const list = ProductList.parse(res.json());
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list.some((p) => !p.active)).toBe(true);
    for (const p of list) {
      // A gift box is one combo (decision 0040); every other product has sizes.
      expect(p.variants.length).toBeGreaterThanOrEqual(p.variants.some((v) => v.components) ? 1 : 2);
      for (const v of p.variants) expect(v.mrp).toBeGreaterThanOrEqual(v.price);
    }
  });

  it('gives prices in rupees, not paise', async () => {
    const [row] = await t.database.db.select().from(productVariants).limit(1);
    const list = ProductList.parse((await t.app.inject('/api/products')).json());
    const variant = list.flatMap((p) => p.variants).find((v) => v.id === row!.id)!;
    expect(variant.price).toBe(row!.pricePaise / 100);
    expect(variant.mrp).toBe(row!.mrpPaise / 100);
  });

  it('lets a CDN cache it briefly and answers 304 to a matching ETag', async () => {
    const res = await t.app.inject('/api/products');
    expect(res.headers['cache-control']).toMatch(/public/);
    expect(res.headers['cache-control']).toMatch(/s-maxage=\d+/);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows a change on the next request once the catalogue is invalidated', async () => {
    const before = ProductList.parse((await t.app.inject('/api/products')).json());
    const first = before[0]!;
    await t.database.db.update(products).set({ name: 'Renamed Masala' }).where(eq(products.id, first.id));
    t.app.services.catalog.invalidate();
    const after = ProductList.parse((await t.app.inject('/api/products')).json());
    expect(after.find((p) => p.id === first.id)!.name).toBe('Renamed Masala');
    await t.database.db.update(products).set({ name: first.name }).where(eq(products.id, first.id));
    t.app.services.catalog.invalidate();
  });
});

describe('GET /api/products/{id}', () => {
  it('answers one product', async () => {
    const list = ProductList.parse((await t.app.inject('/api/products')).json());
    const res = await t.app.inject(`/api/products/${list[1]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(Product.parse(res.json()).id).toBe(list[1]!.id);
  });

  it('answers 404 JSON for an unknown id', async () => {
    const res = await t.app.inject('/api/products/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Product not found.' });
  });

  it('answers 400 JSON for an id that is not a number', async () => {
    const res = await t.app.inject('/api/products/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe('product by slug, recommendations and search', () => {
  it('finds a product by slug and 404s an unknown slug', async () => {
    const list = ProductList.parse((await t.app.inject('/api/products')).json());
    const res = await t.app.inject(`/api/products/slug/${list[0]!.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(list[0]!.id);
    expect((await t.app.inject('/api/products/slug/no-such-masala')).statusCode).toBe(404);
  });

  it('recommends up to 5 other active products', async () => {
    const list = ProductList.parse((await t.app.inject('/api/products')).json());
    const exclude = list.find((p) => p.active)!.id;
    const recs = ProductList.parse((await t.app.inject(`/api/products/active?exclude=${exclude}`)).json());
    expect(recs.length).toBe(5);
    expect(recs.every((p) => p.active && p.id !== exclude)).toBe(true);
  });

  it('searches active product names case-insensitively, exact matches first', async () => {
    const res = await t.app.inject('/api/products/search?q=MASALA');
    const found = ProductList.parse(res.json());
    expect(found.length).toBeGreaterThan(3);
    expect(found.every((p) => p.active && p.name.toLowerCase().includes('masala'))).toBe(true);
    const list = ProductList.parse((await t.app.inject('/api/products')).json());
    const target = list.find((p) => p.active)!;
    const exact = ProductList.parse(
      (await t.app.inject(`/api/products/search?q=${encodeURIComponent(target.name.toUpperCase())}`)).json(),
    );
    expect(exact[0]!.id).toBe(target.id);
  });

  it('never finds inactive products, and nothing for an empty query', async () => {
    const list = ProductList.parse((await t.app.inject('/api/products')).json());
    const inactive = list.find((p) => !p.active)!;
    const found = ProductList.parse(
      (await t.app.inject(`/api/products/search?q=${encodeURIComponent(inactive.name)}`)).json(),
    );
    expect(found.some((p) => p.id === inactive.id)).toBe(false);
    expect((await t.app.inject('/api/products/search?q=')).json()).toEqual([]);
  });
});

describe('errors and infrastructure', () => {
  it('answers unknown API paths with JSON 404', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No route/);
  });

  it('reports database reachability at /api/health', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('echoes a request id on every response', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a mutating request from a foreign origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { origin: 'https://evil.example', host: 'shop.test' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-origin request refused.');
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { origin: 'not a url', host: 'shop.test' },
    });
    expect(garbled.statusCode).toBe(403);
    // The shop's own pages pass the check (and then meet the route's own rules).
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://shop.test', host: 'shop.test' },
    });
    expect(sameOrigin.statusCode).not.toBe(403);
  });

  it('sends the baseline security headers on every response', async () => {
    // An answer, an unknown path, a refused parameter, a cross-origin write refused by a hook.
    const requests = [
      { url: '/api/products' },
      { url: '/api/nowhere' },
      { url: '/api/products/not-a-number' },
      { url: '/api/auth/logout', method: 'POST' as const, headers: { origin: 'https://evil.example' } },
    ];
    for (const { url, ...rest } of requests) {
      const res = await t.app.inject({ url, ...rest });
      expect(res.statusCode, url).toBe(
        url === '/api/products'
          ? 200
          : url === '/api/nowhere'
            ? 404
            : url.startsWith('/api/auth')
              ? 403
              : 400,
      );
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/website/banners']),
    );
    const html = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(html.statusCode);
  });
});
