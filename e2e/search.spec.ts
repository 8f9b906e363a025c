import type { Page } from '@playwright/test';
import { type ApiProduct, expect, fetchProducts, open, rupees, test } from './support.ts';

const searchBox = (page: Page) => page.getByRole('banner').getByRole('searchbox');

test.describe('Search', () => {
  test('typing shows a dropdown of matching products with image, name and price', async ({ page }) => {
    await open(page, '/');
    await searchBox(page).fill('garam');
    const list = page.getByRole('list', { name: 'Matching products' });
    await expect(list).toBeVisible();
    const items = list.getByRole('listitem');
    await expect(items).toHaveCount(1);
    const result = items.first().getByRole('link');
    await expect(result).toHaveAttribute('href', '/product/garam-masala');
    await expect(result).toContainText('Garam Masala');
    await expect(result).toContainText('₹70');
    await expect(result.locator('img')).toHaveAttribute('src', /\S/);

    // A broader query lists several products; the inactive one never shows.
    await searchBox(page).fill('masala');
    await expect(list.getByRole('listitem').nth(1)).toBeVisible();
    await expect(list).not.toContainText('Shahi Paneer Masala');
  });

  test('typing gibberish shows No matching products found', async ({ page }) => {
    await open(page, '/');
    await searchBox(page).fill('qxzjv');
    await expect(page.getByText('No matching products found', { exact: true })).toBeVisible();
  });

  test('Enter with a query matching exactly one product opens that product page', async ({ page }) => {
    await open(page, '/');
    await searchBox(page).fill('turmeric');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/product\/turmeric-powder$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Turmeric (Haldi) Powder' })).toBeVisible();
  });

  test('Enter with a broader query opens the results page with a grid and price ranges', async ({
    page,
    request,
  }) => {
    const res = await request.get('/api/products/search?q=masala');
    const matches = (await res.json()) as ApiProduct[];
    expect(matches.length).toBeGreaterThan(1);

    await open(page, '/');
    await searchBox(page).fill('masala');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=masala$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Search Results for: "masala"', exact: true }),
    ).toBeVisible();
    const cards = page.getByRole('main').getByRole('link');
    await expect(cards).toHaveCount(matches.length);
    await expect(page.getByRole('main')).not.toContainText('Shahi Paneer Masala');

    // Garam Masala has several prices: its card shows min – max of the packs in stock (its 500 g
    // is out of stock in the demo catalogue, so it must not stretch the range).
    const garam = matches.find((p) => p.slug === 'garam-masala')!;
    const buyable = garam.variants.filter((v) => v.price > 0 && v.stock > 0).map((v) => v.price);
    const outOfStock = garam.variants.filter((v) => v.price > 0 && v.stock === 0).map((v) => v.price);
    expect(Math.max(...outOfStock)).toBeGreaterThan(Math.max(...buyable));
    const range = `${rupees(Math.min(...buyable))} – ${rupees(Math.max(...buyable))}`;
    const card = page.getByRole('main').getByRole('link', { name: /Garam Masala/ });
    await expect(card).toContainText(range);
    await expect(card).not.toContainText(rupees(Math.max(...outOfStock)));
    await expect(card).toHaveAttribute('href', '/product/garam-masala');
  });

  test('the results page for a query without matches says No matching products found.', async ({ page }) => {
    const response = await page.goto('/search?q=zzzz');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results for: "zzzz"' })).toBeVisible();
    await expect(page.getByText('No matching products found.', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link')).toHaveCount(0);
  });

  test('the results page with an empty query prompts for a search and shows the bestsellers', async ({
    page,
    request,
  }) => {
    const { active } = await fetchProducts(request);
    const bestsellers = active.filter((p) => p.bestseller);
    expect(bestsellers.length).toBeGreaterThan(0);

    const response = await page.goto('/search?q=');
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Search our spices' })).toBeVisible();
    await expect(main).toContainText('Type a spice or a blend in the search box above');
    await expect(main).not.toContainText('Search Results for');
    await expect(main).not.toContainText('No matching products found');
    const section = main.getByRole('region', { name: 'Bestsellers' });
    await expect(section.getByRole('link')).toHaveCount(Math.min(bestsellers.length, 8));
    for (const p of bestsellers.slice(0, 8)) {
      await expect(
        section.getByRole('link', { name: new RegExp(p.name.replace(/[()]/g, '\\$&')) }),
      ).toHaveAttribute('href', `/product/${p.slug}`);
    }
    await expect(page).toHaveTitle(/^Search our spices \|/);
  });

  test('Enter with an empty query does nothing', async ({ page }) => {
    await open(page, '/about');
    const before = page.url();
    await searchBox(page).press('Enter');
    await searchBox(page).fill('   ');
    await searchBox(page).press('Enter');
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    // Give any (wrong) navigation a moment to start.
    await page.waitForTimeout(400);
    expect(page.url()).toBe(before);
    await expect(page.getByRole('heading', { level: 2, name: 'About Us' })).toBeVisible();
  });
});
