import { expect, open, test } from './support.ts';

// The journeys run the shop as `npm start` does with nothing configured: a demo, which says so.
test.describe('The demo shop notice', () => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`is a quiet, labelled line above the header at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await open(page, '/');
      const notice = page.getByRole('complementary', { name: 'Demo shop' });
      await expect(notice).toContainText('Demo shop: nothing is really sold or shipped.');
      await expect(notice.getByRole('link', { name: 'dev outbox' })).toHaveAttribute('href', '/dev/outbox');
      const box = await notice.boundingBox();
      const header = await page.locator('header.header').boundingBox();
      expect(box && header && box.y + box.height <= header.y + 1).toBe(true);
      // Small: at most two lines on a phone, and nothing wider than the screen.
      expect(box!.height).toBeLessThanOrEqual(56);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  }
});
