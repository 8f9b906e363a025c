import { adminPage } from './admin-session.ts';
import { expect, open, test } from './support.ts';

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

  test('a policy is Markdown: its headings and lists render as such, with the date it was last saved', async ({
    page,
    request,
  }) => {
    // The return policy: no other journey saves it, so its saved date stays put during the run.
    const { updatedAt } = (await (await request.get('/api/website/policies/return')).json()) as {
      updatedAt: string;
    };
    await open(page, '/return-policy');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Damaged or missing items' })).toBeVisible();
    const steps = main.getByRole('list').first();
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    await expect(steps.getByRole('listitem').first()).toContainText('Report it within 24 hours of delivery');
    await expect(main.getByText('within 24 hours of delivery', { exact: true })).toHaveJSProperty(
      'tagName',
      'STRONG',
    );
    // No Markdown syntax left over as text.
    await expect(main).not.toContainText('1. ');
    await expect(main).not.toContainText('##');
    await expect(main).not.toContainText('**');

    const saved = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(
      new Date(updatedAt),
    );
    await expect(main.locator('time')).toHaveText(saved);
    await expect(main.locator('time')).toHaveAttribute('datetime', updatedAt);
  });

  test('the back office previews a policy text as the page will show it, before saving', async ({
    browser,
  }) => {
    const { context, admin } = await adminPage(browser);
    await open(admin, '/admin/content');
    const panel = admin
      .locator('section')
      .filter({ has: admin.getByRole('link', { name: '/privacy-policy' }) });
    const text = panel.getByRole('textbox', { name: 'Text (English)' });
    await text.fill(
      '## Cookies\n\nWe use:\n\n- one cookie for your session\n- nothing else\n\n<script>alert(1)</script>',
    );
    // The English text's Preview (the Hindi text beside it has its own).
    await panel.getByRole('button', { name: 'Preview' }).first().click();
    const preview = panel.getByRole('region', { name: 'Preview of Text (English)' });
    await expect(preview.getByRole('heading', { level: 2, name: 'Cookies' })).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveText(['one cookie for your session', 'nothing else']);
    await expect(preview).toContainText('<script>alert(1)</script>'); // shown as text, never run
    await expect(text).toBeHidden();
    await panel.getByRole('button', { name: 'Write' }).first().click();
    await expect(text).toBeVisible();
    await expect(text).toHaveValue(/^## Cookies/);
    await context.close(); // not saved: other journeys read the seeded text
  });
});
