import { addToCartThroughApi, signUpThroughApi } from './shoppers.ts';
import { DESKTOP, expect, fetchProducts, MOBILE, open, test } from './support.ts';

const NAV_ENTRIES = ['Home', 'About Us', 'Cart', 'Orders'] as const;
// Logged out, the last entry is Login, a button that opens the login modal.
const loginButton = (nav: import('@playwright/test').Locator) =>
  nav.getByRole('button', { name: 'Login', exact: true });

test.describe('Header on a 390 px phone', () => {
  test.use({ viewport: MOBILE });

  test('the hamburger menu hides the navigation until pressed and closes after following About Us', async ({
    page,
  }) => {
    await open(page, '/');
    const burger = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');

    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    for (const name of NAV_ENTRIES) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeHidden();
    }
    await expect(loginButton(nav)).toBeHidden();

    await burger.click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    for (const name of NAV_ENTRIES) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(loginButton(nav)).toBeVisible();

    await nav.getByRole('link', { name: 'About Us', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'About Us' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'About Us', exact: true })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

test.describe('Cart in the top bar of a 390 px phone', () => {
  test.use({ viewport: MOBILE });

  test('shows the number of cart lines without opening the menu and opens the cart drawer', async ({
    page,
  }) => {
    const { mobile } = await signUpThroughApi(page.request, { firstName: 'Ishaan' });
    const { active } = await fetchProducts(page.request);
    const product = active.find((p) => p.slug === 'garam-masala')!;
    for (const variant of product.variants.filter((v) => v.stock > 0).slice(0, 2)) {
      await addToCartThroughApi(page.request, mobile, { productId: product.id, variant: variant.weight });
    }
    await open(page, '/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    const cart = banner.getByRole('link', { name: /^Cart ?2 items$/ });
    await expect(cart).toBeVisible();
    await cart.click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' }).locator('.cart-line')).toHaveCount(2);
  });
});

test.describe('Header on a 1280 px desktop', () => {
  test.use({ viewport: DESKTOP });

  test('shows the navigation links directly and no hamburger button', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    for (const name of NAV_ENTRIES) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(loginButton(nav)).toBeVisible();
  });
});

test.describe('Mobile layout breakpoint', () => {
  test('the hamburger appears at 768 px and not at 769 px', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await page.setViewportSize({ width: 769, height: 900 });
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }),
    ).toBeVisible();
  });
});
