// Measurement tags with consent (issue 38): a shop of its own with ANALYTICS_ID and META_PIXEL_ID
// set (port E2E_TAGS_PORT, default 3207). Nothing of Google's or Meta's loads, and none of their
// cookies exist, before the shopper accepts; then every e-commerce event reaches the data layer
// with its payload, and the Pixel's events carry the order number as the purchase's event id. The
// landing's campaign (a first-party cookie the server sets) stays with the shopper through sign-in
// and checkout onto the order.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN_MOBILE } from './admin-session.ts';
import { addAddressThroughApi, latestCode, signUpThroughApi } from './shoppers.ts';
import { expect, fetchProducts, test, waitForHydration } from './support.ts';

const PORT = Number(process.env.E2E_TAGS_PORT ?? 3207);
const BASE = `http://127.0.0.1:${PORT}`;
const SHOTS = '/tmp/shots/feeds';
const THIRD_PARTY =
  /googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.net|facebook\.com/;

let shop: ChildProcess | undefined;

test.use({ baseURL: BASE, viewport: { width: 360, height: 740 } });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  shop = spawn(process.execPath, [path.resolve(import.meta.dirname, '../scripts/start.ts')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'warn',
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      ANALYTICS_ID: 'G-TEST12345',
      META_PIXEL_ID: '123456789012',
    },
  });
  for (let i = 0; i < 600; i++) {
    if (shop.exitCode !== null) throw new Error(`shop exited with ${shop.exitCode}`);
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the shop did not start');
});

test.afterAll(() => {
  if (shop?.pid) process.kill(shop.pid, 'SIGTERM');
});

type Event = [string, string, Record<string, unknown>];
/** GA4's events in the data layer: ['event', name, params] (gtag pushes its arguments). */
const gaEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [])
      .map((a) => Array.from(a))
      .filter((a) => a[0] === 'event'),
  ) as Promise<Event[]>;
const pixelCalls = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { fbq?: { queue?: unknown[][] } }).fbq?.queue ?? []).map((a) => Array.from(a)),
  ) as Promise<unknown[][]>;
const named = async (page: Page, name: string) => {
  await expect
    .poll(async () => (await gaEvents(page)).some((e) => e[1] === name), { message: name })
    .toBe(true);
  return (await gaEvents(page)).filter((e) => e[1] === name).map((e) => e[2]);
};

test('nothing loads before consent; after Accept every e-commerce event carries its payload, and the campaign reaches the order', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const thirdParty: string[] = [];
  await context.route(THIRD_PARTY, (route) => {
    thirdParty.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: '' });
  });

  // A landing from an Instagram ad: the banner, and nothing of Google's or Meta's.
  await page.goto('/?utm_source=instagram&utm_medium=paid_social&utm_campaign=winter');
  await waitForHydration(page);
  const banner = page.getByRole('region', { name: 'Cookie choices' });
  await expect(banner).toBeVisible();
  const accept = banner.getByRole('button', { name: 'Accept' });
  const necessary = banner.getByRole('button', { name: 'Only necessary' });
  const [a, n] = [await accept.boundingBox(), await necessary.boundingBox()];
  expect(Math.round(a!.height)).toBe(Math.round(n!.height));
  expect(Math.abs(a!.width - n!.width)).toBeLessThan(40);
  // In the page's flow, above the header: it covers none of the page's controls.
  expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  await page.screenshot({ path: `${SHOTS}/banner-en-360.png` });
  expect(thirdParty).toEqual([]);
  expect(await page.evaluate(() => 'dataLayer' in window || 'fbq' in window)).toBe(false);
  const cookies = await context.cookies();
  expect(cookies.filter((c) => !c.domain.includes('127.0.0.1'))).toEqual([]);
  expect(cookies.map((c) => c.name)).toContain('kc_src');
  expect(cookies.map((c) => c.name)).not.toContain('kc_consent');

  // Signed in (the campaign cookie stays), then Accept: the tags load and the home's list is measured.
  const shopper = await signUpThroughApi(page.request, { firstName: 'Tara' });
  await addAddressThroughApi(page.request, shopper.mobile);
  await accept.click();
  await expect(banner).toHaveCount(0);
  await expect.poll(() => thirdParty.some((u) => u.includes('googletagmanager.com/gtag/js'))).toBe(true);
  expect(thirdParty.some((u) => u.includes('connect.facebook.net'))).toBe(true);
  expect((await context.cookies()).find((c) => c.name === 'kc_consent')?.value).toBe('all');
  expect((await named(page, 'page_view')).length).toBeGreaterThan(0);
  const [list] = await named(page, 'view_item_list');
  const listItems = list!.items as Record<string, unknown>[];
  expect(listItems.length).toBeGreaterThan(0);
  expect(listItems[0]).toEqual(
    expect.objectContaining({
      item_id: expect.any(String),
      item_name: expect.any(String),
      item_variant: expect.any(String),
      price: expect.any(Number),
      quantity: 1,
      item_brand: expect.any(String),
      item_category: 'Spices & Masalas',
    }),
  );

  // A search: search and its results' list.
  await page.goto('/search?q=masala');
  await waitForHydration(page);
  expect(await named(page, 'search')).toContainEqual({ search_term: 'masala' });

  // The product page: view_item; Add to Cart: add_to_cart and the Pixel's ViewContent, AddToCart.
  const { active } = await fetchProducts(page.request);
  const product = active.find((p) => p.variants[0] && p.variants[0].stock > 10 && p.variants[0].price < 500)!;
  const variant = product.variants[0]!;
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  const [viewItem] = await named(page, 'view_item');
  expect(viewItem).toMatchObject({
    currency: 'INR',
    value: variant.price,
    items: [{ item_id: variant.sku, price: variant.price }],
  });
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  const [added] = await named(page, 'add_to_cart');
  expect(added).toMatchObject({
    currency: 'INR',
    value: variant.price,
    items: [{ item_id: variant.sku, quantity: 1 }],
  });
  const pixel = await pixelCalls(page);
  expect(pixel).toContainEqual(['init', '123456789012']);
  expect(pixel.some((c) => c[0] === 'track' && c[1] === 'ViewContent')).toBe(true);
  expect(pixel.some((c) => c[0] === 'track' && c[1] === 'AddToCart')).toBe(true);

  // The cart, the checkout, cash on delivery, the order.
  await page.goto('/cart');
  await waitForHydration(page);
  const [viewCart] = await named(page, 'view_cart');
  expect(viewCart).toMatchObject({ currency: 'INR', items: [{ item_id: variant.sku, quantity: 1 }] });
  await page.goto('/checkout');
  await waitForHydration(page);
  const [begin] = await named(page, 'begin_checkout');
  expect(begin).toMatchObject({ currency: 'INR', items: [{ item_id: variant.sku }] });
  const details = page.getByRole('complementary', { name: 'Price Details' });
  await details.getByRole('radio', { name: /Cash on delivery/ }).check();
  await details.getByRole('button', { name: /^Place Order/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Placed!' })).toBeVisible({ timeout: 20_000 });
  const orderId = ((await page.locator('.order-success dl dd').first().textContent()) ?? '').trim();
  const [payment] = await named(page, 'add_payment_info');
  expect(payment).toMatchObject({ currency: 'INR', payment_type: 'COD', items: [{ item_id: variant.sku }] });
  const [purchase] = await named(page, 'purchase');
  expect(purchase).toMatchObject({
    transaction_id: orderId,
    currency: 'INR',
    shipping: expect.any(Number),
    tax: expect.any(Number),
    items: [{ item_id: variant.sku, quantity: 1, item_category: 'Spices & Masalas' }],
  });
  expect(await pixelCalls(page)).toContainEqual([
    'track',
    'Purchase',
    expect.objectContaining({ currency: 'INR' }),
    { eventID: orderId },
  ]);

  // A reload of the success page sends no second purchase.
  await page.reload();
  await waitForHydration(page);
  await expect.poll(async () => (await gaEvents(page)).some((e) => e[1] === 'page_view')).toBe(true);
  await page.waitForTimeout(1000);
  expect((await gaEvents(page)).filter((e) => e[1] === 'purchase')).toEqual([]);

  // The order kept the landing's campaign through sign-in and checkout.
  const adminRequest = page.request;
  await adminRequest.post('/api/auth/logout').catch(() => undefined);
  await adminRequest.post('/api/auth/otp/send', { data: { mobile: DEMO_ADMIN_MOBILE } });
  await adminRequest.post('/api/auth/otp/verify', {
    data: { mobile: DEMO_ADMIN_MOBILE, otp: await latestCode(adminRequest, DEMO_ADMIN_MOBILE) },
  });
  const order = await (await adminRequest.get(`/api/admin/orders/${orderId}`)).json();
  expect(order.attribution.last).toMatchObject({
    source: 'instagram',
    medium: 'paid_social',
    campaign: 'winter',
  });
  const report = await (await adminRequest.get('/api/admin/reports/sales-by-source')).json();
  expect(report.lastTouch).toContainEqual(
    expect.objectContaining({
      source: 'instagram',
      medium: 'paid_social',
      campaign: 'winter',
      orders: 1,
      codShare: 1,
    }),
  );
});

test('the Hindi banner, and Only necessary keeps every tag away', async ({ page, context }) => {
  const thirdParty: string[] = [];
  await context.route(THIRD_PARTY, (route) => {
    thirdParty.push(route.request().url());
    return route.abort();
  });
  await page.goto('/hi');
  await waitForHydration(page);
  const banner = page.getByRole('region', { name: 'कुकी का चुनाव' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'स्वीकार करें' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/banner-hi-360.png` });
  await banner.getByRole('button', { name: 'केवल ज़रूरी' }).click();
  await expect(banner).toHaveCount(0);
  await page.goto('/hi/search?q=masala');
  await waitForHydration(page);
  await page.waitForTimeout(1000);
  await expect(page.getByRole('region', { name: 'कुकी का चुनाव' })).toHaveCount(0);
  expect(thirdParty).toEqual([]);
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
  expect((await context.cookies()).find((c) => c.name === 'kc_consent')?.value).toBe('necessary');

  // Withdrawn or changed as easily: the privacy notice forgets the choice and the banner asks again.
  await page.goto('/hi/privacy-notice');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'कुकी से जुड़ी अपनी पसंद बदलें' }).click();
  await expect(page.getByRole('region', { name: 'कुकी का चुनाव' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'kc_consent')).toBeUndefined();
});
