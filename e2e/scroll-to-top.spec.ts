import type { Page } from '@playwright/test';
import { expect, MOBILE, open, test } from './support.ts';

/** Scrolls to the given fraction of the scrollable height and lets the scroll handler run. */
async function scrollToFraction(page: Page, fraction: number) {
  await page.evaluate((f) => {
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: Math.round(scrollable * f), behavior: 'instant' });
  }, fraction);
}

test.describe('Scroll-to-top button on a 390 px phone', () => {
  test.use({ viewport: MOBILE });

  test('is absent at the top, appears past 60% of the page and scrolls back to the top', async ({ page }) => {
    await open(page, '/');
    const button = page.getByRole('button', { name: 'Scroll to top' });
    // The home page is long at this width.
    const ratio = await page.evaluate(() => document.documentElement.scrollHeight / window.innerHeight);
    expect(ratio).toBeGreaterThan(2);

    await expect(button).toHaveCount(0);

    await scrollToFraction(page, 0.5);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.waitForTimeout(100);
    await expect(button).toHaveCount(0);

    await scrollToFraction(page, 0.7);
    await expect(button).toBeVisible();

    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
    await expect(button).toHaveCount(0);
  });
});
