import { expect, test } from './support.ts';

interface Section {
  title: string;
  type: string | null;
  orderIndex: number;
}

test.describe('About page', () => {
  test('shows the server sections in orderIndex order, each with a heading and subheading', async ({
    page,
    request,
  }) => {
    const res = await request.get('/api/website/sections?key=about_us');
    expect(res.ok()).toBe(true);
    const sections = ((await res.json()) as Section[]).toSorted((a, b) => a.orderIndex - b.orderIndex);
    expect(sections.length).toBeGreaterThan(1);

    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(sections.map((s) => s.title));
    for (const s of sections) {
      if (s.type) await expect(main.getByText(s.type, { exact: true })).toBeVisible();
    }
  });

  test('sections alternate their background colour', async ({ page }) => {
    await page.goto('/about');
    const blocks = page
      .getByRole('main')
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2 }) });
    const count = await blocks.count();
    expect(count).toBeGreaterThan(2);
    const backgrounds = await blocks.evaluateAll((els) =>
      els.map((el) => getComputedStyle(el).backgroundColor),
    );
    for (let i = 1; i < backgrounds.length; i++) {
      expect(backgrounds[i], `section ${i} background differs from section ${i - 1}`).not.toBe(
        backgrounds[i - 1],
      );
    }
    // Every other section shares a background.
    for (let i = 2; i < backgrounds.length; i++) expect(backgrounds[i]).toBe(backgrounds[i - 2]);
  });

  test('the text stresses low-temperature grinding, no onion or garlic, vegetarian and FSSAI', async ({
    page,
  }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main).toContainText(/low[- ]temperature|below 40 °C/i);
    await expect(main).toContainText(/no onion|without onion/i);
    await expect(main).toContainText(/garlic/i);
    await expect(main).toContainText(/100% vegetarian/i);
    await expect(main).toContainText(/FSSAI/);
  });

  test('section bodies are Markdown: Our Process shows its four steps as a numbered list', async ({
    page,
  }) => {
    await page.goto('/about');
    const process = page
      .getByRole('main')
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Our Process' }) });
    const steps = process.getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.first()).toContainText('Clean and dry: whole spices are cleaned');
    await expect(process.locator('ol strong').first()).toHaveText('Clean and dry:');
    await expect(process).not.toContainText('**');
  });
});
