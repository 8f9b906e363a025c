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

test.describe('Product page', () => {
  test('shows brand, name, prices and preselects the first in-stock variant when the first one is out of stock', async ({
    page,
    request,
  }) => {
    const { active } = await fetchProducts(request);
    const tea = active.find((p) => p.slug === 'tea-masala')!;
    expect(tea.variants[0]!.stock, 'seed: Tea Masala 50 g is out of stock').toBe(0);
    const firstInStock = tea.variants.find((v) => v.stock > 0 && v.price > 0)!;

    await open(page, '/product/tea-masala');
    const info = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1, name: tea.name })).toBeVisible();
    await expect(info.getByText(tea.brand, { exact: true })).toBeVisible();
    // Tea Masala is not a bestseller.
    await expect(info.getByText('Bestseller', { exact: true })).toHaveCount(0);

    const weights = page.getByRole('group', { name: 'Weight', exact: true });
    const outOfStockPill = weights.getByRole('button', { name: tea.variants[0]!.weight });
    await expect(outOfStockPill).toBeDisabled();
    const preselected = weights.getByRole('button', { name: firstInStock.weight, exact: true });
    await expect(preselected).toBeEnabled();
    await expect(preselected).toHaveAttribute('aria-pressed', 'true');
    await expect(outOfStockPill).toHaveAttribute('aria-pressed', 'false');

    const price = info.locator('.product__info .price');
    await expect(price).toContainText(rupees(firstInStock.price));
    await expect(struckPrice(price)).toContainText(rupees(firstInStock.mrp));
    await expectLineThrough(struckPrice(price));
    await expect(price).toContainText(`${specPercentOff(firstInStock.mrp, firstInStock.price)}% off`);
    await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeEnabled();
  });

  test('shows the Bestseller tag, disables the out-of-stock pill and changes the price when another pill is chosen', async ({
    page,
    request,
  }) => {
    const { active } = await fetchProducts(request);
    const garam = active.find((p) => p.slug === 'garam-masala')!;
    expect(garam.bestseller).toBe(true);
    const [first, second] = garam.variants;

    await open(page, '/product/garam-masala');
    await expect(page.getByText('Bestseller', { exact: true })).toBeVisible();

    const weights = page.getByRole('group', { name: 'Weight', exact: true });
    await expect(weights.getByRole('button')).toHaveCount(garam.variants.length);
    for (const v of garam.variants) {
      const pill = weights.getByRole('button', { name: v.weight });
      if (v.stock > 0) await expect(pill).toBeEnabled();
      else await expect(pill).toBeDisabled();
    }
    const price = page.locator('.product__info .price');
    await expect(weights.getByRole('button', { name: first!.weight, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(price).toContainText(rupees(first!.price));
    await expect(price).toContainText(`${specPercentOff(first!.mrp, first!.price)}% off`);

    await weights.getByRole('button', { name: second!.weight, exact: true }).click();
    await expect(weights.getByRole('button', { name: second!.weight, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(price.locator('.price__now')).toHaveText(rupees(second!.price));
    await expect(struckPrice(price)).toContainText(rupees(second!.mrp));
    // 150 -> 130 is 13.33 %, which the spec rounds up to 14.
    await expect(price).toContainText(`${specPercentOff(second!.mrp, second!.price)}% off`);
    expect(specPercentOff(second!.mrp, second!.price)).toBe(14);
  });

  test('the quantity stepper starts at 1 and never goes below 1', async ({ page }) => {
    await open(page, '/product/chicken-masala');
    const stepper = page.getByRole('group', { name: /^Quantity of Chicken Masala/ });
    const value = stepper.locator('output');
    const decrease = stepper.getByRole('button', { name: 'Decrease quantity' });
    const increase = stepper.getByRole('button', { name: 'Increase quantity' });
    await expect(value).toHaveText('1');
    await expect(decrease).toBeDisabled();
    await increase.click();
    await expect(value).toHaveText('2');
    await expect(decrease).toBeEnabled();
    await decrease.click();
    await expect(value).toHaveText('1');
    await expect(decrease).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible();
  });

  test('the About list shows every line and collapses and expands', async ({ page, request }) => {
    const { active } = await fetchProducts(request);
    const meat = active.find((p) => p.slug === 'meat-masala')!;
    await open(page, '/product/meat-masala');
    const details = page.locator('details').filter({ hasText: 'About this product' });
    const summary = details.locator('summary');
    await expect(summary).toBeVisible();
    const items = details.getByRole('listitem');
    await expect(items).toHaveText(meat.about);
    await expect(items.first()).toBeVisible();
    await summary.click();
    await expect(items.first()).toBeHidden();
    await summary.click();
    await expect(items.first()).toBeVisible();
  });

  test('You may also like shows up to 5 other active products', async ({ page, request }) => {
    const { inactive } = await fetchProducts(request);
    await open(page, '/product/garam-masala');
    const section = page.getByRole('region', { name: 'You may also like' });
    await expect(section.getByRole('heading', { level: 2, name: 'You may also like' })).toBeVisible();
    const names = section.getByRole('heading', { level: 3 });
    const count = await names.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(5);
    const texts = await names.allTextContents();
    expect(texts).not.toContain('Garam Masala');
    for (const p of inactive) expect(texts).not.toContain(p.name);
    // Each recommendation carries a price and +ADD.
    await expect(section.getByRole('button', { name: /^Add .* to cart$/ })).toHaveCount(count);
    await expect(section.getByText(/₹\d/).first()).toBeVisible();
  });

  test('has JSON-LD Product data in INR with availability, a title with the name and a canonical link', async ({
    page,
  }) => {
    await page.goto('/product/tea-masala');
    await expect(page).toHaveTitle(/Tea Masala/);
    const canonical = page.locator('link[rel="canonical"]');
    await expect(canonical).toHaveCount(1);
    await expect(canonical).toHaveAttribute('href', /\/product\/tea-masala$/);

    const scripts = page.locator('script[type="application/ld+json"]');
    const blobs = (await scripts.allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
    const product = blobs.find((b) => b['@type'] === 'Product') as
      | { name: string; offers: Array<{ priceCurrency: string; availability: string; price: string }> }
      | undefined;
    expect(product, 'a JSON-LD script of @type Product').toBeDefined();
    expect(product!.name).toBe('Tea Masala');
    const offers = Array.isArray(product!.offers) ? product!.offers : [product!.offers];
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.priceCurrency).toBe('INR');
      expect(offer.availability).toMatch(/^https?:\/\/schema\.org\/(InStock|OutOfStock)$/);
    }
    // The 50 g pack is out of stock, the 100 g pack is in stock.
    expect(offers.map((o) => o.availability.replace(/^.*\//, ''))).toEqual(['OutOfStock', 'InStock']);
  });

  test('an unknown slug answers 404 with a not-found page linking home', async ({ page }) => {
    const response = await page.goto('/product/no-such-thing');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/couldn.t find/i);
    const home = page.getByRole('main').getByRole('link', { name: 'Back to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('the inactive product answers 404', async ({ page }) => {
    const response = await page.goto('/product/shahi-paneer-masala');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/couldn.t find/i);
  });
});
