import {
  expect,
  expectLineThrough,
  fetchProducts,
  open,
  rupees,
  specPercentOff,
  struckPrice,
  test,
} from './support.ts';

test.describe('Home page', () => {
  test('shows the live banner, not the hidden or past-scheduled ones', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Featured offer' }).getByRole('img');
    await expect(banner).toHaveCount(1);
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('src', '/images/banners/festive.svg');
    await expect(banner).toHaveAccessibleName(/Pure\. Aromatic\. Authentic\./);
    await expect(banner).not.toHaveAccessibleName(/Diwali|Monsoon/);
    // The image actually loaded.
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(page.locator('img[src*="past-sale"]')).toHaveCount(0);
  });

  test("shows the banner's Hindi image and Hindi alt text on /hi", async ({ page }) => {
    await page.goto('/hi');
    const banner = page.locator('.hero img');
    await expect(banner).toHaveAttribute('src', '/images/banners/festive-hi.svg');
    await expect(banner).toHaveAccessibleName(/^शुद्ध। ख़ुशबूदार। असली।/);
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });

  test('lists one card per active product under the Featured Products heading and omits the inactive product', async ({
    page,
    request,
  }) => {
    const { active, inactive } = await fetchProducts(request);
    expect(active.length).toBeGreaterThan(0);
    expect(inactive.map((p) => p.name)).toContain('Shahi Paneer Masala');

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Products', exact: true })).toBeVisible();
    const featured = page.getByRole('region', { name: 'Featured Products' });
    const cards = featured.getByRole('link');
    await expect(cards).toHaveCount(active.length);
    for (const product of active) {
      await expect(featured.getByRole('link', { name: product.name })).toHaveCount(1);
    }
    for (const product of inactive) {
      await expect(page.getByText(product.name)).toHaveCount(0);
      await expect(page.locator(`a[href="/product/${product.slug}"]`)).toHaveCount(0);
    }
  });

  test('cards show the rupee price, the struck MRP and the percent off rounded by the spec rule', async ({
    page,
    request,
  }) => {
    const { active } = await fetchProducts(request);
    // Seeded rounding cases on the card (first variant): 12.5 -> 13 (up), 9.09 -> 9 (down),
    // exactly 6.25 -> 7 (the .25 boundary rounds up), 7.14 -> 7 (down).
    const cases: Array<{ slug: string; expected: number }> = [
      { slug: 'garam-masala', expected: 13 },
      { slug: 'meat-masala', expected: 9 },
      { slug: 'chole-masala', expected: 7 },
      { slug: 'jeera-powder', expected: 7 },
    ];
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured Products' });
    for (const { slug, expected } of cases) {
      const product = active.find((p) => p.slug === slug);
      expect(product, `seeded product ${slug} is active`).toBeDefined();
      const first = product!.variants[0]!;
      expect(specPercentOff(first.mrp, first.price), `spec rounding for ${slug}`).toBe(expected);

      const card = featured.getByRole('link', { name: product!.name });
      await expect(card).toContainText(rupees(first.price));
      const mrp = struckPrice(card);
      await expect(mrp).toBeVisible();
      await expect(mrp).toContainText(rupees(first.mrp));
      await expectLineThrough(mrp);
      await expect(card.getByText(`${expected}% off`, { exact: true })).toBeVisible();
    }

    // MRP equal to price: no struck MRP and no percent off (Turmeric 100 g at ₹45).
    const turmeric = featured.getByRole('link', { name: 'Turmeric (Haldi) Powder' });
    await expect(turmeric).toContainText('₹45');
    await expect(struckPrice(turmeric)).toHaveCount(0);
    await expect(turmeric.getByText(/% off/)).toHaveCount(0);
  });

  test('clicking a product card opens that product page', async ({ page }) => {
    await open(page, '/');
    await page
      .getByRole('region', { name: 'Featured Products' })
      .getByRole('link', { name: 'Chicken Masala' })
      .click();
    await expect(page).toHaveURL(/\/product\/chicken-masala$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Chicken Masala' })).toBeVisible();
  });
});
