import { expect, test } from './support.ts';

const POLICIES = [
  {
    path: '/privacy-policy',
    kind: 'privacy',
    title: /Privacy Policy/,
    snippet: /personal (information|data)/i,
  },
  {
    path: '/terms-and-conditions',
    kind: 'terms',
    title: /Terms (and|&) Conditions/,
    snippet: /governed by the laws of India/i,
  },
  { path: '/return-policy', kind: 'return', title: /Return/, snippet: /within 24 hours/ },
  { path: '/shipping-policy', kind: 'shipping', title: /Shipping Policy/, snippet: /₹499/ },
] as const;

test.describe('Policy pages', () => {
  for (const policy of POLICIES) {
    test(`${policy.path} shows the ${policy.kind} policy title and text`, async ({ page, request }) => {
      const api = await request.get(`/api/website/policies/${policy.kind}`);
      expect(api.ok()).toBe(true);
      const { title } = (await api.json()) as { title: string };
      expect(title).toMatch(policy.title);

      const response = await page.goto(policy.path);
      expect(response?.status()).toBe(200);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(main).toContainText(policy.snippet);
      await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      // The other policies' titles are not on this page.
      for (const other of POLICIES.filter((p) => p !== policy)) {
        await expect(main.getByRole('heading', { level: 1, name: other.title })).toHaveCount(0);
      }
    });
  }

  test('the shipping policy mentions free shipping above ₹499 and 5–15 business days', async ({ page }) => {
    await page.goto('/shipping-policy');
    const main = page.getByRole('main');
    await expect(main).toContainText('₹499');
    await expect(main).toContainText(/5\s*(–|-|to)\s*15 business days/);
  });

  test('the return policy mentions reporting within 24 hours', async ({ page }) => {
    await page.goto('/return-policy');
    await expect(page.getByRole('main')).toContainText('24 hours');
  });
});
