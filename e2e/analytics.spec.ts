// The owner's analytics (issue 40): a scripted shopper's visit shows up in the funnel (counted on
// the server from the pages and API calls the shop already gets), and every report's charts and
// tables pass axe at 360 and 1280 px, with screenshots.
import { adminPage } from './admin-session.ts';
import { seriousAxeViolations } from './axe.ts';
import { addToCartThroughApi, placeOrderThroughApi, signUpThroughApi } from './shoppers.ts';
import { expect, fetchProducts, test } from './support.ts';

test.describe.configure({ mode: 'serial' });

const REPORTS = ['sales', 'payments', 'customers', 'cohorts', 'products', 'funnel', 'search'] as const;
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

test("a shopper's visit is counted in the funnel and the search report", async ({ browser }) => {
  test.setTimeout(90_000);
  const { context: adminContext, admin } = await adminPage(browser);
  const funnel = async () => {
    const res = await admin.request.get(`/api/admin/analytics/funnel?from=${today()}&to=${today()}`);
    expect(res.status()).toBe(200);
    return (await res.json()).totals as Record<string, number>;
  };
  const searches = async () => {
    const res = await admin.request.get(`/api/admin/analytics/search?from=${today()}&to=${today()}`);
    return (await res.json()) as { zeroResults: { term: string; zeroResults: number }[] };
  };
  const before = await funnel();
  const zeroBefore = (await searches()).zeroResults.find((t) => t.term === 'qqzzxx vvkk')?.zeroResults ?? 0;

  // A shopper with a browser of their own (its own user agent: its own visitor hash).
  const shopperContext = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 e2e-${Date.now()}`,
  });
  const page = await shopperContext.newPage();
  await page.goto('/');
  await page.goto('/product/garam-masala');
  await page.goto('/search?q=qqzzxx%20vvkk');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const shopper = await signUpThroughApi(page.request, { firstName: 'Kavya' });
  const garam = (await fetchProducts(page.request)).active.find((p) => p.slug === 'garam-masala')!;
  await addToCartThroughApi(page.request, shopper.mobile, {
    productId: garam.id,
    variant: garam.variants[0]!.weight,
  });
  await page.goto('/checkout');
  await placeOrderThroughApi(page.request, shopper.mobile);

  // Written in a batch a few seconds later, never while the pages were served.
  await expect
    .poll(
      async () => {
        const now = await funnel();
        return ['sessions', 'productViews', 'addToCart', 'checkoutStarted', 'orders'].every(
          (k) => (now[k] ?? 0) - (before[k] ?? 0) >= 1,
        );
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);
  await expect
    .poll(
      async () => (await searches()).zeroResults.find((t) => t.term === 'qqzzxx vvkk')?.zeroResults ?? 0,
      {
        timeout: 30_000,
        intervals: [1000],
      },
    )
    .toBe(zeroBefore + 1);
  await shopperContext.close();
  await adminContext.close();
});

for (const width of [360, 1280]) {
  test(`every report's charts and tables at ${width} px pass axe`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, admin } = await adminPage(browser);
    await admin.setViewportSize({ width, height: 800 });
    await admin.goto('/admin');
    await expect(admin.getByRole('heading', { name: 'Sales, last 30 days' })).toBeVisible();
    await expect(admin.locator('.analytics-chart__plot canvas').first()).toBeVisible();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.screenshot({ path: `/tmp/shots/analytics/dashboard-${width}.png`, fullPage: true });
    for (const report of REPORTS) {
      await admin.goto(`/admin/analytics?report=${report}&range=last30`);
      await expect(admin.getByRole('heading', { name: 'Analytics' })).toBeVisible();
      const charts = admin.locator('.analytics-chart__plot');
      for (let i = 0; i < (await charts.count()); i++)
        await expect(charts.nth(i).locator('canvas')).toBeVisible();
      // Nothing wider than the screen: the page never scrolls sideways.
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousAxeViolations(admin), report).toEqual([]);
      await admin.screenshot({ path: `/tmp/shots/analytics/${report}-${width}.png`, fullPage: true });
    }
    // The table view of a chart, for reading the figures on screen.
    await admin.goto('/admin/analytics?report=sales&range=last7');
    await admin.getByRole('button', { name: 'Show as table' }).first().click();
    await expect(admin.getByRole('table', { name: 'Sales over time' })).toBeVisible();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.screenshot({ path: `/tmp/shots/analytics/sales-table-${width}.png`, fullPage: true });
    await context.close();
  });
}
