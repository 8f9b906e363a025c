// Shared helpers for the storefront end-to-end tests. Not a spec file, so Playwright does not
// collect it as a test.
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { test as base, expect } from '@playwright/test';

export { expect };

/**
 * Every spec's `test`: fails a test when any page it opened (the `page` fixture's, or a context
 * made with `browser.newContext()`/`newPage()`) logs a console error or throws an uncaught error,
 * React's hydration errors included. A refused request the app handles (a 4xx answer to a
 * document, fetch or XHR: the 404 page, a wrong OTP) is the browser's log line, not an error of
 * the page; a 4xx on an image, script or stylesheet and every 5xx count. A test that provokes an
 * error on purpose (a failing network) says so: `consoleErrors.allow(/pattern/)`, matched against
 * the message followed by its URL in brackets.
 */
export const test = base.extend<{ consoleErrors: { allow(pattern: RegExp): void } }>({
  consoleErrors: [
    async ({ browser }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      const refused = new Map<string, string>(); // url -> resource type, for 4xx and 5xx answers
      const watch = (context: BrowserContext) => {
        context.on('response', (response) => {
          if (response.status() >= 400) refused.set(response.url(), response.request().resourceType());
        });
        context.on('console', (message) => {
          if (message.type() !== 'error') return;
          const { url } = message.location();
          const handled =
            message.text().startsWith('Failed to load resource: the server responded with a status of 4') &&
            ['document', 'fetch', 'xhr'].includes(refused.get(url) ?? '');
          if (!handled) errors.push(`${message.text()}${url ? ` (${url})` : ''}`);
        });
        context.on('weberror', (error) => errors.push(`Uncaught ${error.error().stack}`));
      };
      browser.on('context', watch);
      for (const context of browser.contexts()) watch(context);
      await use({ allow: (pattern) => allowed.push(pattern) });
      browser.off('context', watch);
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, 'console errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export interface ApiVariant {
  id: number;
  weight: string;
  price: number;
  mrp: number;
  stock: number;
  sku: string;
}

export interface ApiProduct {
  id: number;
  slug: string;
  name: string;
  brand: string;
  active: boolean;
  bestseller: boolean;
  about: string[];
  variants: ApiVariant[];
}

/** Every product the server knows, active and inactive (`GET /api/products`). */
export async function fetchAllProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const res = await request.get('/api/products');
  expect(res.ok(), `GET /api/products answered ${res.status()}`).toBe(true);
  return (await res.json()) as ApiProduct[];
}

export async function fetchProducts(
  request: APIRequestContext,
): Promise<{ active: ApiProduct[]; inactive: ApiProduct[] }> {
  const all = await fetchAllProducts(request);
  return { active: all.filter((p) => p.active), inactive: all.filter((p) => !p.active) };
}

/**
 * Percent off as spec section 9 defines it: (mrp - price) x 100 / mrp, shown only when mrp is
 * above price and both are non-zero; a fractional part of 0.25 or more rounds up, otherwise down.
 * Computed on whole paise with integers so 0.25 stays exact.
 */
export function specPercentOff(mrpRupees: number, priceRupees: number): number {
  const mrp = Math.round(mrpRupees * 100);
  const price = Math.round(priceRupees * 100);
  if (mrp <= 0 || price <= 0 || mrp <= price) return 0;
  const numerator = (mrp - price) * 100;
  const whole = Math.floor(numerator / mrp);
  const remainder = numerator - whole * mrp; // fractional part = remainder / mrp
  return 4 * remainder >= mrp ? whole + 1 : whole;
}

/** Display form of a rupee amount: ₹ sign, Indian grouping, paise only when not whole. */
export function rupees(amount: number): string {
  const whole = Number.isInteger(amount);
  return `₹${amount.toLocaleString('en-IN', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  })}`;
}

/**
 * Waits until React has hydrated the server-rendered page: the router exists and the header search
 * box carries React's props. Interactions before that would hit the no-JavaScript fallbacks
 * (plain GET form, links without client routing).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const w = window as unknown as { __reactRouterDataRouter?: unknown };
    if (!w.__reactRouterDataRouter) return false;
    const probe = document.querySelector('header input, header button, header a, main a, main button');
    return probe !== null && Object.keys(probe).some((k) => k.startsWith('__reactProps$'));
  });
}

/** Navigates and waits for hydration; returns the document response. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

export const MOBILE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * The struck-through MRP inside a price block. Playwright does not map `<s>` to the ARIA
 * `deletion` role, so this selects `<s>`/`<del>` and callers check the line-through style.
 */
export function struckPrice(scope: Locator): Locator {
  return scope.locator('s, del');
}

/** Asserts the element is drawn with a line through it. */
export async function expectLineThrough(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => getComputedStyle(el).textDecorationLine))
    .toContain('line-through');
}

/**
 * Runs `action` and resolves once `scope` has carried `className` at some moment and dropped it
 * again. A short animation class (a shake) can come and go between two polls of a busy browser,
 * so a MutationObserver records it instead.
 */
export async function expectFlash(scope: Locator, className: string, action: () => Promise<void>) {
  const handle = await scope.evaluateHandle((el, name) => {
    const seen = { flashed: el.classList.contains(name) };
    new MutationObserver(() => {
      if (el.classList.contains(name)) seen.flashed = true;
    }).observe(el, { attributes: true, attributeFilter: ['class'] });
    return seen;
  }, className);
  await action();
  await expect.poll(() => handle.evaluate((seen) => seen.flashed)).toBe(true);
  await expect(scope).not.toHaveClass(new RegExp(`\\b${className}\\b`));
}
