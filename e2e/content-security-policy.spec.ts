// The Content-Security-Policy in a real browser: every page the shop renders runs its own scripts
// without a single violation (signed out, signed in, back office, client-side navigation), and an
// inline script that found its way into a page is refused.
import type { BrowserContext, Page } from '@playwright/test';
import { adminPage } from './admin-session.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, fetchAllProducts, open, test, waitForHydration } from './support.ts';

/** Collects CSP violations (the DOM event, and Chromium's console report) from every page of a context. */
async function watchViolations(context: BrowserContext) {
  const violations: string[] = [];
  await context.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void })
        .__reportCspViolation;
      report(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
  context.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy|Permissions-Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

async function visitAll(page: Page, paths: string[]) {
  for (const path of paths) {
    const response = await open(page, path);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy, path).toContain("script-src 'self'");
    expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-(?:inline|eval)'/);
  }
}

test('signed-out pages and client navigation run without a CSP violation', async ({ page, context }) => {
  const violations = await watchViolations(context);
  const [product] = await fetchAllProducts(page.request);
  await visitAll(page, [
    '/',
    `/product/${product!.slug}`,
    '/search?q=masala',
    '/about',
    '/contact',
    '/privacy-policy',
    '/no-such-page',
  ]);
  // The same pages again come from the page cache with the policy stored beside them.
  await visitAll(page, ['/', '/about']);
  await page.getByRole('link', { name: 'About' }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  expect(violations).toEqual([]);
});

test('a shopper’s pages run without a CSP violation', async ({ page, context }) => {
  const violations = await watchViolations(context);
  await signUpThroughApi(page.request, { firstName: 'Csp' });
  const [product] = await fetchAllProducts(page.request);
  await open(page, `/product/${product!.slug}`);
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await visitAll(page, ['/cart', '/profile', '/orders', '/checkout']);
  expect(violations).toEqual([]);
});

test('the back office runs without a CSP violation', async ({ browser }) => {
  const { context, admin } = await adminPage(browser);
  const violations = await watchViolations(context);
  await visitAll(admin, ['/admin', '/admin/products', '/admin/orders', '/admin/banners', '/admin/site']);
  expect(violations).toEqual([]);
  await context.close();
});

test('an inline script injected into a page is refused and the page still works', async ({
  page,
  context,
  consoleErrors,
}) => {
  // What the browser logs about the injection itself: the refusals, the image's 404, and React
  // finding markup it did not render (it renders the page again on the client).
  consoleErrors.allow(/Content Security Policy/);
  consoleErrors.allow(/status of 404 \(Not Found\) \(http:\/\/[^)]+\/x\)$/);
  consoleErrors.allow(/Minified React error #418/);
  const violations = await watchViolations(context);
  // As if stored text had reached the HTML unescaped: the server's own response, one script added.
  await page.route('**/about', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '<main',
      '<script>window.__injected = true</script><img src="x" onerror="window.__injected = true"><main',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto('/about');
  await waitForHydration(page);
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
  ).toBeUndefined();
  expect(violations.some((v) => v.includes('script-src'))).toBe(true);
});
