// Issue 35, product declarations at 360 px: the product page's details, ingredients and nutrition
// table, veg mark and unit price; the unit price in the cart and at checkout; the footer's FSSAI
// licence. English and Hindi, with screenshots at 360 and 1280 px (decision 0035).
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addAddressThroughApi, addToCartThroughApi, signUpThroughApi } from './shoppers.ts';
import { DESKTOP, expect, fetchProducts, open, test } from './support.ts';

const PHONE = { width: 360, height: 800 } as const;
const SHOTS = '/tmp/shots/decl';
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test.use({ viewport: PHONE });
// Full-page screenshots of long pages take a while on a shared machine.
test.describe.configure({ timeout: 90_000 });

test('the product page declares the pack: details, ingredients and nutrition, veg mark, unit price', async ({
  page,
}) => {
  await open(page, '/product/turmeric-powder');
  const info = page.locator('.product__info');
  await expect(info.locator('.product__price .unit-price')).toHaveText('Unit price: ₹45.00 / 100 g');

  const details = page.getByRole('region', { name: 'Product details' });
  await details.scrollIntoViewIfNeeded();
  await expect(details).toBeVisible();
  const row = (term: string) =>
    details.locator('.declarations__row').filter({ has: page.getByText(term, { exact: true }) });
  await expect(row('Generic name').locator('dd')).toHaveText('Turmeric powder');
  await expect(row('Net quantity').locator('dd')).toHaveText('100 g, 200 g, 500 g');
  await expect(row('Country of origin').locator('dd')).toHaveText('India');
  await expect(row('Manufactured by').locator('dd')).toContainText('Kesar Chakki Foods Private Limited');
  await expect(row('Consumer care').locator('dd')).toContainText('care@kesarchakki.in');
  await expect(row('FSSAI licence no.').locator('dd')).toHaveText('fssai 11521999000123');
  await expect(row('Best before').locator('dd')).toHaveText('18 months from packing');

  const ingredients = page.getByRole('region', { name: /Ingredients and nutrition/ });
  await expect(ingredients.getByRole('img', { name: 'Vegetarian' })).toBeVisible();
  await expect(ingredients.getByText('Turmeric (100%)')).toBeVisible();
  const table = ingredients.getByRole('table', { name: /Nutrition information per 100 g/ });
  await table.scrollIntoViewIfNeeded();
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /Energy/ })).toContainText('312 kcal');
  await expect(table.getByRole('row', { name: /Sodium/ })).toContainText('27 mg');

  // Choosing another pack shows its unit price (₹199 for 500 g).
  await info.getByRole('button', { name: '500g' }).click();
  await expect(info.locator('.product__price .unit-price')).toHaveText('Unit price: ₹39.80 / 100 g');

  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  const product = JSON.parse(ld ?? '{}');
  expect(product.countryOfOrigin).toEqual({ '@type': 'Country', name: 'India' });
  expect(product.nutrition).toMatchObject({ '@type': 'NutritionInformation', calories: '312 kcal' });
  expect(product.weight).toMatchObject({ '@type': 'QuantitativeValue', value: 100, unitCode: 'GRM' });

  await expect(page.locator('.footer')).toContainText('FSSAI Lic. No. 11521999000123');
  // No sideways scrolling at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'product-360-en');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'product-1280-en');
});

test('the Hindi product page declares the pack in Hindi', async ({ page }) => {
  await open(page, '/hi/product/turmeric-powder');
  await expect(page.locator('.product__info .product__price .unit-price')).toHaveText(
    'इकाई मूल्य: ₹45.00 / 100 ग्राम',
  );
  const details = page.getByRole('region', { name: 'उत्पाद की जानकारी' });
  await expect(details).toContainText('हल्दी पाउडर');
  await expect(details).toContainText('भारत');
  await expect(details).toContainText('केसर चक्की फ़ूड्स प्राइवेट लिमिटेड');
  await expect(details).toContainText('पैकिंग से 18 महीने तक');
  const ingredients = page.getByRole('region', { name: /सामग्री और पोषण/ });
  await expect(ingredients.getByRole('img', { name: 'शाकाहारी' })).toBeVisible();
  await expect(ingredients.getByRole('table')).toContainText('ऊर्जा');
  await expect(page.locator('.footer')).toContainText('FSSAI लाइसेंस नं. 11521999000123');
  await shot(page, 'product-360-hi');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'product-1280-hi');
});

test('the cart and the checkout show each line’s unit price, in English and Hindi', async ({ page }) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Meera' });
  await addAddressThroughApi(page.request, shopper.mobile);
  const { active } = await fetchProducts(page.request);
  const turmeric = active.find((p) => p.slug === 'turmeric-powder')!;
  await addToCartThroughApi(page.request, shopper.mobile, { productId: turmeric.id, variant: '200g' });

  await open(page, '/cart');
  await expect(page.locator('.cart-line .unit-price')).toHaveText('Unit price: ₹42.50 / 100 g');
  await shot(page, 'cart-360-en');
  await open(page, '/checkout');
  await expect(page.locator('.summary-lines .unit-price')).toHaveText('Unit price: ₹42.50 / 100 g');
  await shot(page, 'checkout-360-en');

  await open(page, '/hi/cart');
  await expect(page.locator('.cart-line .unit-price')).toHaveText('इकाई मूल्य: ₹42.50 / 100 ग्राम');
  await open(page, '/hi/checkout');
  await expect(page.locator('.summary-lines .unit-price')).toHaveText('इकाई मूल्य: ₹42.50 / 100 ग्राम');
  await shot(page, 'checkout-360-hi');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'checkout-1280-hi');
});
