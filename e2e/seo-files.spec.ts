import { expect, fetchProducts, test } from './support.ts';

test.describe('SEO files', () => {
  test('robots.txt references the sitemap', async ({ request }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*/m);
    const line = body.match(/^Sitemap:\s*(\S+)\s*$/m);
    expect(line, 'a Sitemap: line').not.toBeNull();
    const sitemapUrl = new URL(line![1]!);
    expect(sitemapUrl.pathname).toBe('/sitemap.xml');
    const sitemap = await request.get(sitemapUrl.pathname);
    expect(sitemap.status()).toBe(200);
  });

  test('sitemap.xml lists every active product and not the inactive one', async ({ request }) => {
    const { active, inactive } = await fetchProducts(request);
    expect(inactive.length).toBeGreaterThan(0);
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/xml/);
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    // English URLs; each page's Hindi twin under /hi is checked in i18n.spec.ts.
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((m) => new URL(m[1]!).pathname)
      .filter((p) => !p.startsWith('/hi'));
    for (const p of active) expect(locs, `sitemap lists ${p.slug}`).toContain(`/product/${p.slug}`);
    for (const p of inactive) expect(locs, `sitemap omits ${p.slug}`).not.toContain(`/product/${p.slug}`);
    expect(locs.filter((l) => l.startsWith('/product/'))).toHaveLength(active.length);
  });
});
