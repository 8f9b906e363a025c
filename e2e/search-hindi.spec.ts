// Search understands Hindi: 'haldi' and 'हल्दी' in the header dropdown and on Enter, with the
// matched words marked; a hostile query stays text; no match offers the bestsellers.
import type { Page } from '@playwright/test';
import { expect, open, test } from './support.ts';

const searchBox = (page: Page) => page.getByRole('banner').getByRole('searchbox');
const dropdown = (page: Page) => page.getByRole('list', { name: 'Matching products' });

for (const q of ['haldi', 'हल्दी']) {
  test(`'${q}' finds turmeric in the dropdown, marked, and Enter opens it`, async ({ page }) => {
    await open(page, '/');
    await searchBox(page).fill(q);
    const items = dropdown(page).getByRole('listitem');
    await expect(items).toHaveCount(1);
    const link = items.first().getByRole('link');
    await expect(link).toHaveAttribute('href', '/product/turmeric-powder');
    await expect(link).toContainText('हल्दी पाउडर');
    // Both the English and the Hindi spelling of the word are marked, whichever was typed.
    await expect(link.locator('mark')).toHaveText(['Turmeric', 'Haldi', 'हल्दी']);
    await expect(link.locator('mark').first()).toBeVisible();

    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/product\/turmeric-powder$/);
  });
}

test('a misspelt query lists what it meant on the results page, marked', async ({ page }) => {
  await page.goto('/search?q=garam%20masla');
  const main = page.getByRole('main');
  await expect(
    main.getByRole('heading', { level: 1, name: 'Search Results for: "garam masla"' }),
  ).toBeVisible();
  const card = main.getByRole('link', { name: /Garam Masala/ });
  await expect(card).toHaveAttribute('href', '/product/garam-masala');
  await expect(card.locator('mark').first()).toHaveText('Garam Masala');
});

test('a description word shows where it matched', async ({ page }) => {
  await page.goto('/search?q=elaichi');
  const card = page.getByRole('main').getByRole('link', { name: /Tea Masala/ });
  await expect(card.locator('.card__excerpt mark')).toHaveText(['cardamom']);
});

test('a hostile query is shown as text, never run as HTML', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  const hostile = '<img src=x onerror=alert(1)>masala';
  await page.goto(`/search?q=${encodeURIComponent(hostile)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search Results for: "${hostile}"`);
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  await open(page, '/');
  await searchBox(page).fill(hostile);
  await expect(
    page.getByText('No matching products found', { exact: true }).or(dropdown(page)),
  ).toBeVisible();
  await expect(page.locator('header img[src="x"]')).toHaveCount(0);
  expect(dialogs).toBe(0);
});

test('no match says No matching products found and offers the bestsellers', async ({ page }) => {
  // (Not 'hing' any more: the demo sells it since issue 36.)
  await page.goto('/search?q=qxzjvw');
  await expect(page.getByText('No matching products found.', { exact: true })).toBeVisible();
  const offers = page.getByRole('complementary', { name: 'Bestsellers' });
  await expect(offers.getByRole('link').first()).toBeVisible();

  await open(page, '/');
  await searchBox(page).fill('qxzjv');
  await expect(page.getByText('No matching products found', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Bestsellers' }).getByRole('link').first()).toBeVisible();
});
