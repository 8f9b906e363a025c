// The storefront in Hindi (issue 15, decision 0017): /hi pages over plain HTTP (html lang,
// hreflang, canonical, sitemap, the banner offered by Accept-Language), the language switch on a
// product page, Hindi search in the dropdown, axe on Hindi pages, and screenshots at 390 and 1280 px.
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { addAddressThroughApi, signUpThroughApi } from './shoppers.ts';
import { DESKTOP, expect, MOBILE, open, test } from './support.ts';

const PRODUCT = 'turmeric-powder';
const linkTags = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map((m) => m[0]);

test.describe('Hindi pages over HTTP', () => {
  for (const path of [
    '/hi',
    `/hi/product/${PRODUCT}`,
    '/hi/search?q=haldi',
    '/hi/about',
    '/hi/return-policy',
  ]) {
    test(`${path} is Hindi, with its canonical and hreflang alternates`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<html lang="hi-IN"/);
      const links = linkTags(html);
      const english = path.replace(/^\/hi/, '') || '/';
      const origin = new URL(res.url()).origin;
      const pathname = path.split('?')[0]!;
      const englishPathname = english.split('?')[0]!;
      expect(links).toContainEqual(
        expect.stringMatching(new RegExp(`rel="canonical" href="${origin}${pathname}"`)),
      );
      for (const [tag, href] of [
        ['hi-IN', pathname],
        ['en-IN', englishPathname],
        ['x-default', englishPathname],
      ]) {
        expect(
          links.some((l) => l.includes(`hrefLang="${tag}"`) && l.includes(`href="${origin}${href}"`)),
          tag,
        ).toBe(true);
      }
    });
  }

  test('English pages stay English, with the same alternates', async ({ request }) => {
    const html = await (await request.get(`/product/${PRODUCT}`)).text();
    expect(html).toMatch(/<html lang="en-IN"/);
    expect(
      linkTags(html).some((l) => l.includes('hrefLang="hi-IN"') && l.includes(`/hi/product/${PRODUCT}"`)),
    ).toBe(true);
  });

  test('a Hindi page speaks Hindi: title, navigation, structured data', async ({ request }) => {
    const html = await (await request.get(`/hi/product/${PRODUCT}`)).text();
    expect(html).toContain('कार्ट में डालें');
    expect(html).toContain('हमारे बारे में');
    expect(html).toContain('"inLanguage":"hi-IN"');
    expect(html).toContain('<meta property="og:locale" content="hi_IN"/>');
  });

  test('an unknown /hi path is a Hindi 404', async ({ request }) => {
    const res = await request.get('/hi/no-such-page');
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).toMatch(/<html lang="hi-IN"/);
    expect(html).toContain('यह पेज हमें नहीं मिला');
  });

  test('the sitemap lists every page in both languages, with alternates', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    for (const path of ['/', '/hi', '/about', '/hi/about', `/product/${PRODUCT}`, `/hi/product/${PRODUCT}`]) {
      expect(locs, path).toContain(path);
    }
    expect(locs.filter((l) => l.startsWith('/hi'))).toHaveLength(locs.length / 2);
    expect(xml).toMatch(/hreflang="hi-IN" href="[^"]*\/hi\/product\/turmeric-powder"/);
    expect(xml).toMatch(/hreflang="x-default" href="[^"]*\/product\/turmeric-powder"/);
  });

  test('the Hindi banner: only on English pages, only for Accept-Language hi without a lang cookie', async ({
    playwright,
    baseURL,
  }) => {
    // A bare client: no cookies kept between requests, headers exactly as given.
    const http = await playwright.request.newContext({ baseURL });
    // The banner element (its text also travels in every English page's catalogue data).
    const banner = '<aside class="lang-banner"';
    const get = async (path: string, headers: Record<string, string>) => {
      const res = await http.get(path, { headers });
      expect(res.status()).toBe(200);
      return { html: await res.text(), vary: res.headers().vary ?? '' };
    };
    // Twice each: the second answer comes from the page cache, which must keep the two apart.
    for (let round = 0; round < 2; round++) {
      const asked = await get('/about', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
      expect(asked.html).toContain(banner);
      expect(asked.vary).toMatch(/Accept-Language/);
      expect((await get('/about', { 'accept-language': 'en-IN,en;q=0.9' })).html).not.toContain(banner);
      expect((await get('/about', {})).html).not.toContain(banner);
      expect((await get('/about', { 'accept-language': 'en;q=1,hi;q=0.5' })).html).not.toContain(banner);
      expect((await get('/about', { 'accept-language': 'hi', cookie: 'lang=en' })).html).not.toContain(
        banner,
      );
      expect((await get('/hi/about', { 'accept-language': 'hi' })).html).not.toContain(banner);
    }
    await http.dispose();
  });
});

const cookieLang = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'lang');

test('the switch on a product page: to Hindi and back, the same product, remembered', async ({ page }) => {
  await open(page, `/product/${PRODUCT}?ref=share`);
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'हिन्दी' }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/hi/product/${PRODUCT}\\?ref=share$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('button', { name: 'कार्ट में डालें', exact: true })).toBeVisible();
  const cookie = await cookieLang(page);
  expect(cookie?.value).toBe('hi');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

  await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${PRODUCT}\\?ref=share$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible();
  expect((await cookieLang(page))?.value).toBe('en');
});

test('the banner offers Hindi and remembers a dismissal', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    locale: 'hi-IN',
    extraHTTPHeaders: { 'accept-language': 'hi-IN,hi' },
  });
  const page = await context.newPage();
  await page.goto(`${baseURL}/about`);
  const banner = page.getByRole('complementary', { name: 'Choose your language' });
  await expect(banner.getByRole('link', { name: 'हिन्दी में देखें' })).toHaveAttribute('href', '/hi/about');
  await banner.getByRole('button', { name: 'Stay in English' }).click();
  await expect(banner).toHaveCount(0);
  expect((await cookieLang(page))?.value).toBe('en');
  await page.reload();
  await expect(page.getByRole('link', { name: 'हिन्दी में देखें' })).toHaveCount(0);
  await context.close();
});

for (const q of ['haldi', 'हल्दी']) {
  test(`on a Hindi page, '${q}' in the dropdown finds turmeric, in Hindi links`, async ({ page }) => {
    await open(page, '/hi');
    await page.getByRole('banner').getByRole('searchbox').fill(q);
    const list = page.getByRole('list', { name: 'मिलते-जुलते उत्पाद' });
    const link = list.getByRole('listitem').first().getByRole('link');
    await expect(link).toHaveAttribute('href', `/hi/product/${PRODUCT}`);
    await expect(link).toContainText(/Turmeric|हल्दी/);
  });
}

test.describe('axe on Hindi pages', () => {
  for (const path of ['/hi', `/hi/product/${PRODUCT}`, '/hi/search?q=haldi', '/hi/about']) {
    test(`${path} has no serious axe violations`, async ({ page }) => {
      await open(page, path);
      await expectNoSeriousAxeViolations(page);
    });
  }
});

test.describe('Hindi screenshots', () => {
  for (const [name, path] of [
    ['home', '/hi'],
    ['product', `/hi/product/${PRODUCT}`],
    ['search', '/hi/search?q=haldi'],
  ] as const) {
    for (const viewport of [MOBILE, DESKTOP]) {
      test(`${name} at ${viewport.width} px`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await open(page, path);
        await page.screenshot({
          path: test.info().outputPath(`hi-${name}-${viewport.width}.png`),
          fullPage: true,
        });
      });
    }
  }
});

test('a shopper switches to Hindi on a product page, adds to cart, and the cart and checkout are Hindi', async ({
  page,
}) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Ishita' });
  await addAddressThroughApi(page.request, shopper.mobile);
  await open(page, `/product/${PRODUCT}`);
  await page
    .getByRole('banner')
    .getByRole('link', { name: 'हिन्दी' })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/hi/product/${PRODUCT}$`));

  await page.getByRole('button', { name: 'कार्ट में डालें', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'कार्ट में जोड़ दिया गया' })).toBeVisible();
  await open(page, '/hi/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'शॉपिंग कार्ट' })).toBeVisible();
  await expect(page.locator('main')).toContainText('हल्दी');
  await page.getByRole('link', { name: 'चेकआउट करें' }).click();
  await expect(page).toHaveURL(/\/hi\/checkout$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { level: 1, name: 'चेकआउट' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'कीमत का ब्योरा' })).toContainText('कुल MRP');
});
