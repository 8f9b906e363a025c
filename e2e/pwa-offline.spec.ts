// Issue 42 'Done when': at 360 px, the first visit registers the service worker; offline, the home,
// a product seen before and search results come from the kept copies with the offline notice, an
// unseen product shows the offline page, the cart its last copy and checkout says it needs a
// connection; back online, a new build is picked up by the next navigation. Screenshots go to
// /tmp/shots/pwa/.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signUpThroughApi } from './shoppers.ts';
import { expect, fetchProducts, test, waitForHydration } from './support.ts';

const SHOTS = '/tmp/shots/pwa';
const SW_FILE = path.resolve(
  import.meta.dirname,
  '../apps/web',
  process.env.WEB_BUILD_DIR ?? 'build',
  'client/sw.js',
);
const NOTICE = {
  en: 'You are offline. Prices and stock may have changed.',
  hi: 'आप ऑफ़लाइन हैं। कीमतें और स्टॉक बदल गए हो सकते हैं।',
};

// The other journeys run without the worker (playwright.config.ts); this one is about it.
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

async function workerReady(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state === 'activated' && Boolean(navigator.serviceWorker.controller);
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

async function workerVersion(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        navigator.serviceWorker.controller?.postMessage({ type: 'version' }, [channel.port2]);
        // A worker on its way out answers nothing: ask again.
        setTimeout(() => resolve('no answer'), 1000);
      }),
  );
}

test('works offline from kept copies and takes a new build on the next navigation', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  // Offline, the browser reports the pages it could not fetch before the worker answered.
  consoleErrors.allow(/net::ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  const { active } = await fetchProducts(page.request);
  const [seen, unseen] = active.filter((p) => p.variants.some((v) => v.stock > 5));
  if (!seen || !unseen) throw new Error('the demo catalogue needs two products in stock');

  // First visit: the worker registers after load and takes the page.
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await workerReady(page);
  await page.screenshot({ path: `${SHOTS}/home-online-360.png` });
  // Chromium's own installability check (what Lighthouse's audit was): manifest, icons, worker.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  // A Playwright context is an incognito profile, which never installs: every other reason counts.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
  expect(manifest.errors).toEqual([]);
  await cdp.detach();

  // Catalogue pages seen while online are kept.
  for (const path of [`/product/${seen.slug}`, '/search?q=masala', '/hi', '/']) await page.goto(path);
  const keptPages = () =>
    page.evaluate(async () =>
      (await (await caches.open('pages')).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search),
    );
  const seenPages = ['/', '/hi', `/product/${seen.slug}`, '/search?q=masala'].toSorted();
  await expect.poll(async () => (await keptPages()).toSorted()).toEqual(seenPages);

  // Signed in, with a line in the cart: the cart page keeps its last copy in the browser; pages
  // rendered for the shopper are never kept (the home's kept copy stays the signed-out one).
  const shopper = await signUpThroughApi(page.request, { firstName: 'Offline' });
  const variant = seen.variants.find((v) => v.stock > 5);
  const added = await page.request.post('/api/cart', {
    data: { productId: seen.id, variant: variant?.weight, quantity: 2, phoneNumber: `+91${shopper.mobile}` },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/');
  await page.goto('/cart');
  await waitForHydration(page);
  await expect(page.getByText(seen.name).first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('kesarchakki.cartCopy') ?? ''))
    .toContain(seen.name);
  expect((await keptPages()).toSorted()).toEqual(seenPages);
  const keptHome = await page.evaluate(async () =>
    (await (await caches.open('pages')).match('/', { ignoreVary: true }))?.text(),
  );
  expect(keptHome).not.toContain(shopper.mobile);
  // No answer of the API is kept by the worker.
  const cacheNames = await page.evaluate(() => caches.keys());
  for (const name of cacheNames) {
    const urls = await page.evaluate(
      async (n) => (await (await caches.open(n)).keys()).map((r) => r.url),
      name,
    );
    expect(
      urls.filter((u) => new URL(u).pathname.startsWith('/api/')),
      name,
    ).toEqual([]);
  }

  await context.setOffline(true);

  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: NOTICE.en })).toBeVisible();
  await expect(page.locator('main')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-home-360.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/offline-home-1280.png` });
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto(`/product/${seen.slug}`);
  await expect(page.getByText(NOTICE.en)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(seen.name);
  await page.screenshot({ path: `${SHOTS}/offline-product-360.png` });

  await page.goto('/search?q=masala');
  await expect(page.getByText(NOTICE.en)).toBeVisible();

  await page.goto('/hi');
  await expect(page.getByText(NOTICE.hi)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-home-hi-360.png` });

  await page.goto(`/product/${unseen.slug}`);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-page-360.png` });
  await page.goto(`/hi/product/${unseen.slug}`);
  await expect(page.getByRole('heading', { name: 'आप ऑफ़लाइन हैं' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-page-hi-360.png` });

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart (last saved copy)' })).toBeVisible();
  await expect(page.locator('#cart-copy')).toContainText(seen.name);
  await expect(page.locator('#cart-copy')).toContainText('Qty 2');
  await page.screenshot({ path: `${SHOTS}/offline-cart-360.png` });

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout needs a connection' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-checkout-360.png` });

  // A client navigation offline (a link on a kept page) loads the kept copy as a document.
  await page.goto('/');
  await waitForHydration(page);
  await page.locator(`a[href="/product/${seen.slug}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${seen.slug}$`));
  await expect(page.getByText(NOTICE.en)).toBeVisible();

  // Back online; a new deployment: its worker (a new build id) is found and takes over.
  await context.setOffline(false);
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByText(NOTICE.en)).toHaveCount(0);
  const before = await workerVersion(page);
  // The server reads its build's files on each request: the new worker is this one with a new id,
  // written over the build's for the rest of this test (and put back after).
  const script = readFileSync(SW_FILE, 'utf8');
  expect(script).toContain(before);
  writeFileSync(SW_FILE, script.replaceAll(before, 'next-build'));
  try {
    // The browser looks for a new worker on navigations now and then; here it is asked to, until
    // the new one answers (a check during another worker's activation finds nothing).
    await expect
      .poll(
        async () => {
          await page.evaluate(async () =>
            (await navigator.serviceWorker.getRegistration())?.update().catch(() => {}),
          );
          return workerVersion(page);
        },
        { timeout: 30_000, intervals: [1000] },
      )
      .toBe('next-build');
  } finally {
    writeFileSync(SW_FILE, script);
  }
  // The page open during the update is the old build's: its next navigation is a whole new page.
  await page.evaluate(() => {
    (window as unknown as { oldBuildPage: boolean }).oldBuildPage = true;
  });
  await page.locator(`a[href="/product/${seen.slug}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${seen.slug}$`));
  await waitForHydration(page);
  expect(await page.evaluate(() => 'oldBuildPage' in window)).toBe(false);
  await expect(page.getByText(NOTICE.en)).toHaveCount(0);
});
