import { expect, test } from './support.ts';

test.describe('Unknown routes', () => {
  test('an unknown path answers 404 with the not-found page inside the shared header and footer', async ({
    page,
  }) => {
    const response = await page.goto('/definitely-not-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/couldn.t find that page/i);
    await expect(page.getByRole('main').getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
      'href',
      '/',
    );

    const header = page.getByRole('banner');
    await expect(header).toBeVisible();
    await expect(header.getByRole('searchbox')).toBeVisible();
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    await expect(footer).toContainText('2025');
    await expect(page).toHaveTitle(/not found/i);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});
