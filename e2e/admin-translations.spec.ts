// The back office edits English and Hindi side by side (decision 0018): the Hindi description of a
// product saved in the form is what GET /api/products/slug/{slug}?lang=hi answers, while the English
// stays as it was. The forms are looked at on a phone (stacked) and a wide screen (two columns).
import type { Locator, Page } from '@playwright/test';
import { adminPage } from './admin-session.ts';
import { DESKTOP, expect, MOBILE, open, test } from './support.ts';

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

/** Hindi beside the English on a wide screen; under it on a phone. */
async function expectSideBySide(english: Locator, hindi: Locator, wide: boolean) {
  const [en, hi] = [await box(english), await box(hindi)];
  if (wide) {
    expect(hi.x).toBeGreaterThan(en.x + en.width - 1);
    expect(Math.abs(hi.y - en.y)).toBeLessThan(8);
  } else {
    expect(hi.y).toBeGreaterThan(en.y + en.height - 1);
    expect(Math.abs(hi.x - en.x)).toBeLessThan(8);
  }
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
}

test('an admin writes a Hindi description beside the English and the Hindi API shows it, the English unchanged', async ({
  browser,
  request,
}) => {
  const before = await (await request.get('/api/products/slug/meat-masala')).json();
  const { context, admin } = await adminPage(browser);
  await admin.setViewportSize(DESKTOP);
  await open(admin, `/admin/products/${before.id}`);

  const english = admin.getByLabel('Description (English)');
  const hindi = admin.getByLabel('Description (Hindi)');
  await expect(english).toHaveValue(before.description);
  await expect(hindi).toHaveAttribute('lang', 'hi');
  await expectSideBySide(english, hindi, true);
  await expectSideBySide(
    admin.getByRole('textbox', { name: 'About line 1 (English)' }),
    admin.getByRole('textbox', { name: 'About line 1 (Hindi)' }),
    true,
  );
  await shoot(admin, 'product-form-1280.png');

  const text = `धीमी आँच पर पकने वाले मटन के लिए ख़ास मसाला (${Date.now() % 100000})`;
  await hindi.fill(text);
  await admin.getByRole('button', { name: 'Save product' }).click();
  await expect(admin.getByText('Product saved. The shop shows the change now.')).toBeVisible();
  await expect(admin.getByLabel('Description (Hindi)')).toHaveValue(text);

  const hi = await (await request.get('/api/products/slug/meat-masala?lang=hi')).json();
  expect(hi.description).toBe(text);
  expect(hi.name).toBe('मीट मसाला');
  const after = await (await request.get('/api/products/slug/meat-masala')).json();
  expect(after.description).toBe(before.description);
  expect(after.name).toBe(before.name);
  expect(after.about).toEqual(before.about);

  // On a phone the Hindi sits under the English it translates.
  await admin.setViewportSize(MOBILE);
  await expectSideBySide(
    admin.getByLabel('Description (English)'),
    admin.getByLabel('Description (Hindi)'),
    false,
  );
  await shoot(admin, 'product-form-390.png');
  await context.close();
});

test('the other translatable forms pair English and Hindi at 390 and 1280 px', async ({ browser }) => {
  const { context, admin } = await adminPage(browser);
  const forms: { path: string; name: string; english: string; hindi: string }[] = [
    { path: '/admin/content', name: 'content', english: 'Store name (English)', hindi: 'Store name (Hindi)' },
    { path: '/admin/site/about', name: 'about', english: 'Title (English)', hindi: 'Title (Hindi)' },
    {
      path: '/admin/banners/new',
      name: 'banner',
      english: 'Description (alt text) (English)',
      hindi: 'Description (alt text) (Hindi)',
    },
    {
      path: '/admin/coupons/new',
      name: 'coupon',
      english: 'Description shown to shoppers (English)',
      hindi: 'Description shown to shoppers (Hindi)',
    },
  ];
  for (const viewport of [DESKTOP, MOBILE]) {
    await admin.setViewportSize(viewport);
    for (const f of forms) {
      await open(admin, f.path);
      await expectSideBySide(
        admin.getByLabel(f.english).first(),
        admin.getByLabel(f.hindi).first(),
        viewport === DESKTOP,
      );
      await shoot(admin, `${f.name}-${viewport.width}.png`);
    }
  }
  // The footer links table has a Hindi column beside the English text.
  await admin.setViewportSize(DESKTOP);
  await open(admin, '/admin/site');
  await expectSideBySide(
    admin.getByLabel('Link text, row 1'),
    admin.getByLabel('Link text in Hindi, row 1'),
    true,
  );
  await shoot(admin, 'site-1280.png');
  await context.close();
});
