// Automatic offers (issue 36) at 360 px with the demo's three offers: the product page's 'Buy 2,
// get 1 free', the cart's nudge, the threshold reached and the free hing appearing, the offer rows
// in the checkout's Price Details, and the order page with its gift; screenshots in both languages.
import { mkdirSync } from 'node:fs';
import { adminPage } from './admin-session.ts';
import { addAddressThroughApi, addToCartThroughApi, signUpThroughApi } from './shoppers.ts';
import { expect, fetchProducts, open, test } from './support.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/offers';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: import('@playwright/test').Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test('a shopper sees the offer, the nudge, the threshold and the free gift, and pays the offers’ price', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const shopper = await signUpThroughApi(page.request, { firstName: 'Meera' });
  await addAddressThroughApi(page.request, shopper.mobile);
  const { active } = await fetchProducts(page.request);
  const garam = active.find((p) => p.slug === 'garam-masala')!;
  const pack = garam.variants.find((v) => v.weight === '200g')!;

  // The product page names the offer under the price.
  await open(page, '/product/garam-masala');
  await expect(page.locator('.offer-line')).toHaveText('Buy 2, get 1 free');
  await shot(page, 'product-360');

  // Two packs: the cart nudges towards 10% off and the gift.
  await addToCartThroughApi(page.request, shopper.mobile, {
    productId: garam.id,
    variant: pack.weight,
    quantity: 2,
  });
  await open(page, '/cart');
  const toTenPercent = 99_900 - pack.price * 100 * 2;
  await expect(page.locator('.offer-nudge').first()).toHaveText(
    `Add ₹${(toTenPercent / 100).toLocaleString('en-IN')} more to get 10% off`,
  );
  await expect(page.getByTestId('gift-line')).toHaveCount(0);
  await shot(page, 'cart-nudge-360');

  // Six packs (₹1,500): 10% off is reached and the free 50 g hing appears.
  await addToCartThroughApi(page.request, shopper.mobile, {
    productId: garam.id,
    variant: pack.weight,
    quantity: 4,
  });
  await open(page, '/cart');
  const gift = page.getByTestId('gift-line');
  await expect(gift).toContainText('Free gift');
  await expect(gift).toContainText('Hing (Asafoetida)');
  await expect(gift).toContainText('FREE');
  await expect(page.locator('.offer-rows')).toContainText('Offer discount (Buy 2 masalas, get 1 free)');
  await shot(page, 'cart-gift-360');

  // Checkout: an 'Offer discount' row per offer, the gift in the summary, paid on delivery.
  await open(page, '/checkout');
  const details = page.getByRole('complementary', { name: 'Price Details' });
  await expect(details.getByText('Offer discount (Buy 2 masalas, get 1 free)')).toBeVisible();
  await expect(details.getByText('Offer discount (Flat 10% off above ₹999)')).toBeVisible();
  await expect(page.getByTestId('gift-line')).toContainText('Hing (Asafoetida)');
  // 6 × ₹250 = ₹1,500; 2 free (₹500); 10% of ₹1,500 = ₹150 off the rest.
  await expect(details.getByText('−₹500')).toBeVisible();
  await expect(details.getByText('−₹150')).toBeVisible();
  await shot(page, 'checkout-360');
  await details.getByRole('radio', { name: /Cash on delivery/ }).check();
  const total = (await details.locator('.price-details__total dd').textContent()) ?? '';
  await details.getByRole('button', { name: `Place Order (Pay ${total} on delivery)` }).click();
  await expect(page.getByRole('heading', { name: 'Order Placed!' })).toBeVisible();
  const orderId = (await page.locator('.order-success dl dd').first().textContent()) ?? '';

  // The order page keeps the offers and the gift line at ₹0.
  await open(page, `/orders/${orderId}`);
  await expect(page.getByText('Offer discount (Buy 2 masalas, get 1 free)')).toBeVisible();
  await expect(page.getByText('Offer discount (Flat 10% off above ₹999)')).toBeVisible();
  const giftItem = page.locator('.order-item').filter({ hasText: 'Free gift' });
  await expect(giftItem).toContainText('Hing (Asafoetida)');
  await expect(giftItem).toContainText('FREE');
  await shot(page, 'order-360');
});

test('the offer texts in Hindi and at 1280 px', async ({ page }) => {
  test.setTimeout(90_000);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Ravi' });
  await addAddressThroughApi(page.request, shopper.mobile);
  const { active } = await fetchProducts(page.request);
  const garam = active.find((p) => p.slug === 'garam-masala')!;
  await addToCartThroughApi(page.request, shopper.mobile, {
    productId: garam.id,
    variant: '200g',
    quantity: 6,
  });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await open(page, '/hi/product/garam-masala');
    await expect(page.locator('.offer-line')).toHaveText('2 खरीदें, 1 मुफ़्त पाएँ');
    await shot(page, `product-hi-${width}`);
    await open(page, '/hi/cart');
    await expect(page.getByTestId('gift-line')).toContainText('मुफ़्त उपहार');
    await shot(page, `cart-hi-${width}`);
    await open(page, '/hi/checkout');
    await expect(page.getByText('ऑफ़र छूट (2 मसाले खरीदें, 1 मुफ़्त पाएँ)')).toBeVisible();
    await shot(page, `checkout-hi-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/checkout');
  await shot(page, 'checkout-1280');
  await open(page, '/cart');
  await shot(page, 'cart-1280');
});

test('the back office lists the demo’s offers and refuses tiers that do not rise', async ({ browser }) => {
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin/offers');
  const table = admin.locator('.admin-offers');
  await expect(table).toContainText('Flat 10% off above ₹999');
  await expect(table).toContainText('Buy 2 masalas, get 1 free');
  await expect(table).toContainText('A free 50 g hing above ₹1,499');
  await expect(table).toContainText('Hing (Asafoetida) 50g free above ₹1499');
  await admin.getByLabel('Name shown to shoppers (English)').fill('Diwali tiers');
  await admin.locator('input[name="tiers.0.minCartValue"]').fill('1500');
  await admin.locator('input[name="tiers.0.value"]').fill('10');
  await admin.locator('input[name="tiers.1.minCartValue"]').fill('1000');
  await admin.locator('input[name="tiers.1.value"]').fill('15');
  await admin.getByRole('button', { name: 'Create offer' }).click();
  await expect(
    admin.getByText('Each tier must start at a higher cart value than the one before.'),
  ).toBeVisible();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await shot(admin, 'admin-offers-1280');
  await context.close();
});
