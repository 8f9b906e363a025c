// Every page at every width a shopper or the shop owner brings: nothing wider than the screen,
// no header entry broken onto two lines, a logo that stays a logo, and axe clean at 360 and
// 1280 px. One browser page per route and role, resized through the widths.
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { ADMIN_STATE_FILE } from './admin-session.ts';
import { seriousAxeViolations } from './axe.ts';
import {
  addAddressThroughApi,
  addToCartThroughApi,
  placeOrderThroughApi,
  signUpThroughApi,
} from './shoppers.ts';
import { type ApiProduct, expect, fetchProducts, open, test } from './support.ts';

// Each test loads a page and measures it eight times (axe twice): more than the default 30 s on a
// busy machine.
test.describe.configure({ timeout: 60_000 });

const WIDTHS = [320, 360, 390, 412, 768, 769, 1024, 1280] as const;
const AXE_WIDTHS: readonly number[] = [360, 1280];
const MIN_LOGO_WIDTH = 100;

type Role = 'visitor' | 'shopper' | 'admin';

/** What the journeys made before the pages are opened: ids the paths need. */
interface Fixtures {
  product: ApiProduct;
  /** An order of the logged-in shopper. */
  orderNumber: string;
  bannerId: string;
  couponId: string;
  customerId: string;
}

interface LayoutRoute {
  name: string;
  path: string | ((f: Fixtures) => string);
  /** Who opens it: a visitor (logged out), the shopper (logged in, two addresses, a cart of two lines, one order) or the demo admin. */
  as: readonly Role[];
  /** Brings the page into the state to check (a coupon applied, a drawer open). */
  prepare?: (page: Page) => Promise<void>;
}

const STOREFRONT: readonly Role[] = ['visitor', 'shopper'];
const SHOPPER: readonly Role[] = ['shopper'];
const ADMIN: readonly Role[] = ['admin'];

/** Every page to check. Add new routes here. */
const ROUTES: LayoutRoute[] = [
  { name: 'home', path: '/', as: STOREFRONT },
  { name: 'product', path: (f) => `/product/${f.product.slug}`, as: STOREFRONT },
  { name: 'search', path: '/search?q=masala', as: STOREFRONT },
  { name: 'search in Hindi', path: '/search?q=हल्दी', as: ['visitor'] },
  { name: 'search by a description word', path: '/search?q=elaichi', as: ['visitor'] },
  { name: 'search without matches', path: '/search?q=hing', as: ['visitor'] },
  { name: 'about', path: '/about', as: STOREFRONT },
  { name: 'contact', path: '/contact', as: STOREFRONT },
  { name: 'privacy policy', path: '/privacy-policy', as: STOREFRONT },
  { name: 'terms', path: '/terms-and-conditions', as: STOREFRONT },
  { name: 'return policy', path: '/return-policy', as: STOREFRONT },
  { name: 'shipping policy', path: '/shipping-policy', as: STOREFRONT },
  { name: 'cart', path: '/cart', as: STOREFRONT },
  { name: 'orders', path: '/orders', as: STOREFRONT },
  { name: 'not found', path: '/no-such-page', as: STOREFRONT },
  { name: 'home in Hindi', path: '/hi', as: STOREFRONT },
  { name: 'product in Hindi', path: (f) => `/hi/product/${f.product.slug}`, as: STOREFRONT },
  { name: 'search in Hindi page', path: '/hi/search?q=haldi', as: ['visitor'] },
  { name: 'about in Hindi', path: '/hi/about', as: ['visitor'] },
  { name: 'policy in Hindi', path: '/hi/return-policy', as: ['visitor'] },
  { name: 'not found in Hindi', path: '/hi/no-such-page', as: ['visitor'] },
  { name: 'dev outbox', path: '/dev/outbox', as: STOREFRONT },
  { name: 'profile', path: '/profile', as: SHOPPER },
  { name: 'rate', path: (f) => `/rate/${f.product.id}`, as: SHOPPER },
  { name: 'order page', path: (f) => `/orders/${f.orderNumber}`, as: SHOPPER },
  {
    name: 'cart drawer',
    path: '/',
    as: SHOPPER,
    prepare: async (page) => {
      await page.getByRole('banner').getByRole('link', { name: /Cart/ }).filter({ visible: true }).click();
      await expect(page.getByRole('dialog', { name: 'Shopping Cart' }).locator('.cart-line')).toHaveCount(2);
    },
  },
  {
    name: 'checkout with a coupon',
    path: '/checkout',
    as: SHOPPER,
    prepare: async (page) => {
      await page.getByLabel('Coupon code').fill('FLAT50');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('Coupon FLAT50 applied')).toBeVisible();
    },
  },
  { name: 'back office, logged out', path: '/admin', as: ['visitor'] },
  { name: 'dashboard', path: '/admin', as: ADMIN },
  { name: 'admin products', path: '/admin/products', as: ADMIN },
  { name: 'admin new product', path: '/admin/products/new', as: ADMIN },
  { name: 'admin product', path: (f) => `/admin/products/${f.product.id}`, as: ADMIN },
  { name: 'admin orders', path: '/admin/orders', as: ADMIN },
  { name: 'admin order', path: (f) => `/admin/orders/${f.orderNumber}`, as: ADMIN },
  { name: 'admin customers', path: '/admin/customers', as: ADMIN },
  { name: 'admin customer', path: (f) => `/admin/customers/${f.customerId}`, as: ADMIN },
  { name: 'admin payments', path: '/admin/payments', as: ADMIN },
  { name: 'admin payments needing attention', path: '/admin/payments?attention=true', as: ADMIN },
  { name: 'admin COD remittance', path: '/admin/cod-remittance?remitted=all', as: ADMIN },
  { name: 'admin jobs', path: '/admin/jobs', as: ADMIN },
  { name: 'admin label settings', path: '/admin/label-settings', as: ADMIN },
  { name: 'admin failed jobs', path: '/admin/jobs?status=dead', as: ADMIN },
  { name: 'admin stock', path: '/admin/stock', as: ADMIN },
  { name: 'admin reviews', path: '/admin/reviews', as: ADMIN },
  { name: 'admin messages', path: '/admin/messages', as: ADMIN },
  { name: 'admin store texts', path: '/admin/content', as: ADMIN },
  { name: 'admin checkout settings', path: '/admin/checkout-settings', as: ADMIN },
  { name: 'admin invoices', path: '/admin/invoices', as: ADMIN },
  { name: 'admin GST settings', path: '/admin/invoice-settings', as: ADMIN },
  { name: 'admin delivery settings', path: '/admin/delivery-settings', as: ADMIN },
  { name: 'admin banners', path: '/admin/banners', as: ADMIN },
  { name: 'admin banner', path: (f) => `/admin/banners/${f.bannerId}`, as: ADMIN },
  { name: 'admin coupons', path: '/admin/coupons', as: ADMIN },
  { name: 'admin coupon', path: (f) => `/admin/coupons/${f.couponId}`, as: ADMIN },
  { name: 'admin site', path: '/admin/site', as: ADMIN },
  { name: 'admin marketplaces', path: '/admin/site/marketplaces', as: ADMIN },
  { name: 'admin about sections', path: '/admin/site/about', as: ADMIN },
  { name: 'admin audit log', path: '/admin/audit', as: ADMIN },
  { name: 'admin staff', path: '/admin/staff', as: ADMIN },
];

/**
 * What is wrong with the page at the current width: the document scrolling sideways (with the
 * elements that stick out), a header entry whose text runs onto a second line, a logo below the
 * minimum width.
 */
function layoutProblems(minLogoWidth: number): string[] {
  const problems: string[] = [];
  const label = (el: Element) => {
    const cls =
      typeof el.className === 'string' && el.className
        ? `.${el.className.trim().split(/\s+/).join('.')}`
        : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `<${el.tagName.toLowerCase()}${cls}> "${text}"`;
  };
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    // The innermost elements reaching past the right edge, where nothing clips them.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const over = [...document.body.querySelectorAll('*')].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > root.clientWidth + 0.5 && !clipped(el);
    });
    const innermost = over.filter((el) => !over.some((other) => other !== el && el.contains(other)));
    problems.push(
      `the document is ${root.scrollWidth} px wide in a ${root.clientWidth} px viewport; sticking out: ${innermost
        .slice(0, 4)
        .map((el) => `${label(el)} to ${Math.round(el.getBoundingClientRect().right)} px`)
        .join(', ')}`,
    );
  }
  // Header entries, and the footer's e-mail and phone: each on one line.
  for (const entry of document.querySelectorAll('header a, header button, .footer__contact')) {
    if (entry.closest('dialog, [role="listbox"], .search__dropdown, .profile-menu__list')) continue;
    if (!(entry as HTMLElement).checkVisibility()) continue;
    const walker = document.createTreeWalker(entry, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      if (tops.size > 1) problems.push(`${label(entry)} wraps onto ${tops.size} lines`);
    }
  }
  const logo = document.querySelector('header .header__logo img');
  if (logo && logo.getBoundingClientRect().width < minLogoWidth) {
    problems.push(`the logo is ${Math.round(logo.getBoundingClientRect().width)} px wide`);
  }
  return problems;
}

async function firstId(request: APIRequestContext, listPath: string): Promise<string> {
  const html = await (await request.get(listPath)).text();
  const id = html.match(new RegExp(`href="${listPath}/(\\d+)"`))?.[1];
  expect(id, `no item linked from ${listPath}`).toBeTruthy();
  return id!;
}

let fixtures: Fixtures;
let shopperState: Awaited<ReturnType<APIRequestContext['storageState']>>;

test.beforeAll(async ({ baseURL }) => {
  const shopper = await playwrightRequest.newContext({ baseURL });
  const admin = await playwrightRequest.newContext({ baseURL, storageState: ADMIN_STATE_FILE });
  const { mobile } = await signUpThroughApi(shopper, { firstName: 'Lakshmi', lastName: 'Venkataraman' });
  const orderNumber = await placeOrderThroughApi(shopper, mobile);
  await addAddressThroughApi(shopper, mobile, {
    name: 'Lakshmi Venkataraman',
    addressLine: 'Flat 12B, Sri Krishna Apartments, 4th Cross, Malleshwaram',
    locality: 'Malleshwaram',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560003',
  });
  const { active } = await fetchProducts(shopper);
  const product = active.find((p) => p.slug === 'garam-masala')!;
  for (const variant of product.variants.filter((v) => v.stock > 0).slice(0, 2)) {
    // Three of each: above FLAT50's minimum cart value (WELCOME10 is for a first order only, and
    // this shopper has ordered).
    await addToCartThroughApi(shopper, mobile, {
      productId: product.id,
      variant: variant.weight,
      quantity: 3,
    });
  }
  fixtures = {
    product,
    orderNumber,
    bannerId: await firstId(admin, '/admin/banners'),
    couponId: await firstId(admin, '/admin/coupons'),
    customerId: await firstId(admin, '/admin/customers'),
  };
  shopperState = await shopper.storageState();
  await shopper.dispose();
  await admin.dispose();
});

for (const route of ROUTES) {
  for (const role of route.as) {
    test(`${route.name} as ${role}: fits ${WIDTHS.join(', ')} px`, async ({ browser, consoleErrors }) => {
      // The dev outbox shows e-mails in frames sandboxed without allow-scripts: Playwright's own
      // probes inside them are refused (the e-mails carry no script).
      consoleErrors.allow(/Blocked script execution in 'about:srcdoc'/);
      const storageState =
        role === 'admin' ? ADMIN_STATE_FILE : role === 'shopper' ? shopperState : undefined;
      const context = await browser.newContext({ storageState, viewport: { width: WIDTHS[0], height: 800 } });
      const page = await context.newPage();
      const path = typeof route.path === 'string' ? route.path : route.path(fixtures);
      await open(page, path);
      await route.prepare?.(page);
      const problems: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        // Two frames: the resize's style and layout have run.
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        for (const problem of await page.evaluate(layoutProblems, MIN_LOGO_WIDTH)) {
          problems.push(`${width} px: ${problem}`);
        }
        if (AXE_WIDTHS.includes(width)) {
          for (const violation of await seriousAxeViolations(page))
            problems.push(`${width} px: axe ${violation}`);
        }
      }
      await context.close();
      expect(problems, `${path} as ${role}`).toEqual([]);
    });
  }
}
