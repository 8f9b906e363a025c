// Money on the checkout page: no rows of nothing, percent coupons in whole rupees, and the coupons
// list telling this shopper which coupons they cannot use now and why.
import type { APIRequestContext, Page } from '@playwright/test';
import { signUpThroughApi } from './shoppers.ts';
import { type ApiProduct, expect, fetchProducts, open, rupees, test } from './support.ts';

async function addToCart(
  request: APIRequestContext,
  mobile: string,
  product: ApiProduct,
  weight: string,
  quantity: number,
) {
  const res = await request.post('/api/cart', {
    data: { productId: product.id, variant: weight, quantity, phoneNumber: `+91${mobile}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The in-stock pack of the demo catalogue with this price. */
async function packAt(request: APIRequestContext, price: number, samePriceAsMrp = false) {
  const { active } = await fetchProducts(request);
  for (const product of active) {
    const variant = product.variants.find(
      (v) => v.price === price && v.stock > 10 && (!samePriceAsMrp || v.mrp === v.price),
    );
    if (variant) return { product, weight: variant.weight };
  }
  throw new Error(`no pack at ₹${price}`);
}

const couponItem = (page: Page, code: string) =>
  page.getByRole('dialog', { name: 'Available Coupons' }).getByRole('listitem').filter({ hasText: code });

test('with no MRP saving and no coupon, the price details show no −₹0 rows; a small cart is told what to add', async ({
  page,
}) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Meera' });
  // A pack sold at its MRP: nothing to save on MRP.
  const { product, weight } = await packAt(page.request, 45, true);
  await addToCart(page.request, shopper.mobile, product, weight, 2); // ₹90
  await open(page, '/checkout');

  const details = page.getByRole('complementary', { name: 'Price Details' });
  await expect(details.getByText('Total MRP')).toBeVisible();
  await expect(details.getByText('Discount on MRP')).toHaveCount(0);
  await expect(details.getByText('Coupon Discount')).toHaveCount(0);
  await expect(details).not.toContainText('₹0');
  await expect(details).not.toContainText('—');

  await page.getByRole('button', { name: 'View Available Coupons' }).click();
  const welcome = couponItem(page, 'WELCOME10');
  await expect(welcome).toContainText('Add ₹209 more to use this coupon.');
  await expect(welcome.getByRole('button')).toHaveCount(0);
  await expect(couponItem(page, 'FLAT50')).toContainText('Add ₹409 more to use this coupon.');
  await expect(page.getByRole('dialog', { name: 'Available Coupons' })).toContainText(
    'Discounts are rounded to whole rupees',
  );
});

test('a percent coupon takes whole rupees off: 10% of ₹396 is ₹40, not ₹39.60', async ({ page }) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Farah' });
  const { product, weight } = await packAt(page.request, 99);
  await addToCart(page.request, shopper.mobile, product, weight, 4); // ₹396
  await open(page, '/checkout');
  const total = page.locator('.price-details__total dd');
  const before = (await total.textContent())!;
  const beforeRupees = Number(before.replace(/[₹,]/g, ''));

  await page.getByRole('button', { name: 'View Available Coupons' }).click();
  await couponItem(page, 'WELCOME10').getByRole('button', { name: 'Apply WELCOME10' }).click();
  await expect(page.getByText('Coupon WELCOME10 applied: you save ₹40.')).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Price Details' }).getByText('−₹40', { exact: true }),
  ).toBeVisible();
  await expect(total).toHaveText(rupees(beforeRupees - 40));
});

test('a shopper who has ordered before sees WELCOME10 marked first order only, not offered', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Zoya' });
  const request = page.request;
  const { product, weight } = await packAt(request, 99);
  const address = await request.post(`/api/addresses/${shopper.mobile}`, {
    data: {
      name: 'Zoya Khan',
      phone: '9123456780',
      pincode: '400001',
      locality: 'Fort',
      addressLine: '3, Marine Street',
      landmark: 'Near Horniman Circle',
      city: 'Mumbai',
      state: 'Maharashtra',
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const addressId = ((await address.json()) as { id: number }[])[0]!.id;

  // Buy once with WELCOME10, as the checkout page does.
  await addToCart(request, shopper.mobile, product, weight, 4);
  const probe = await request.post('/api/payment/create-razorpay-order', {
    data: { amount: 1, addressId, couponCode: 'WELCOME10' },
  });
  expect(probe.status()).toBe(409);
  const created = await request.post('/api/payment/create-razorpay-order', {
    data: { amount: (await probe.json()).amount, addressId, couponCode: 'WELCOME10' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = (await created.json()) as { orderId: string };
  const paid = await request.post(`/api/payment/simulated/${order.orderId}/pay`, { data: {} });
  expect(paid.status(), await paid.text()).toBe(200);
  const placed = await request.post('/api/orders/place', {
    data: { payment: { mode: 'RAZORPAY', ...(await paid.json()) } },
  });
  expect(placed.status(), await placed.text()).toBe(200);

  // A new cart, big enough for both coupons: only the earlier order stops WELCOME10.
  await addToCart(request, shopper.mobile, product, weight, 6); // ₹594
  await open(page, '/checkout');
  await page.getByRole('button', { name: 'View Available Coupons' }).click();
  const welcome = couponItem(page, 'WELCOME10');
  await expect(welcome).toContainText('This coupon is for your first order only.');
  await expect(welcome.getByRole('button')).toHaveCount(0);
  await expect(couponItem(page, 'FLAT50').getByRole('button', { name: 'Apply FLAT50' })).toBeVisible();
  // Usable coupons come first.
  await expect(
    page.getByRole('dialog', { name: 'Available Coupons' }).getByRole('listitem').first(),
  ).toContainText('FLAT50');
});
