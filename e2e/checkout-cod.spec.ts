// Cash on delivery at checkout (issue 12): the fee in Price Details, the order placed without a
// payment window, 'Order Placed!' and the order marked cash on delivery; COD off above ₹3,000.
import { addAddressThroughApi, addToCartThroughApi, signUpThroughApi } from './shoppers.ts';
import { expect, fetchProducts, open, test } from './support.ts';

test('a shopper chooses cash on delivery, sees the fee, places the order and sees it marked cash on delivery', async ({
  page,
}) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Kavya' });
  await addAddressThroughApi(page.request, shopper.mobile);
  const { active } = await fetchProducts(page.request);
  const product = active.find((p) => p.variants.some((v) => v.stock > 10 && v.price < 500))!;
  const variant = product.variants.find((v) => v.stock > 10 && v.price < 500)!;
  await addToCartThroughApi(page.request, shopper.mobile, { productId: product.id, variant: variant.weight });
  await open(page, '/checkout');

  const details = page.getByRole('complementary', { name: 'Price Details' });
  const online = details.getByRole('radio', { name: /Pay online \(UPI, cards, netbanking\)/ });
  const cod = details.getByRole('radio', { name: /Cash on delivery/ });
  await expect(online).toBeChecked();
  await expect(details.getByText('Cash on delivery fee')).toHaveCount(0);
  const onlineTotal = await details.locator('.price-details__total dd').innerText();
  await expect(details.getByRole('button', { name: 'Pay Now' })).toBeVisible();

  await cod.check();
  await expect(details.getByText('Cash on delivery fee')).toBeVisible();
  const total = await details.locator('.price-details__total dd').innerText();
  const asPaise = (text: string) => Math.round(Number(text.replace(/[₹,]/g, '')) * 100);
  expect(asPaise(total)).toBe(asPaise(onlineTotal) + 2900);
  const place = details.getByRole('button', { name: `Place Order (Pay ${total} on delivery)` });
  await place.click();

  await expect(page.getByRole('heading', { name: 'Order Placed!' })).toBeVisible();
  await expect(page.getByText(`Pay ${total} in cash or UPI when your order arrives.`)).toBeVisible();
  const orderId = await page.locator('.order-success dl dd').first().innerText();
  expect(orderId).toMatch(/^KC/);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();

  await open(page, '/orders');
  const card = page.locator('.order-card').filter({ hasText: orderId });
  await expect(card).toContainText('Cash on delivery · To pay on delivery');
  await open(page, `/orders/${orderId}`);
  await expect(page.getByText('Cash on delivery', { exact: true })).toBeVisible();
  await expect(page.getByText('Cash on delivery fee')).toBeVisible();
});

test('above ₹3,000 cash on delivery is shown disabled with the reason', async ({ page }) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Rohan' });
  await addAddressThroughApi(page.request, shopper.mobile);
  const { active } = await fetchProducts(page.request);
  const product = active.find((p) => p.variants.some((v) => v.stock >= 40 && v.price >= 100))!;
  const variant = product.variants.find((v) => v.stock >= 40 && v.price >= 100)!;
  const quantity = Math.min(40, Math.ceil(3001 / variant.price));
  await addToCartThroughApi(page.request, shopper.mobile, {
    productId: product.id,
    variant: variant.weight,
    quantity,
  });
  await open(page, '/checkout');
  const details = page.getByRole('complementary', { name: 'Price Details' });
  await expect(details.getByRole('radio', { name: /Cash on delivery/ })).toBeDisabled();
  await expect(details.getByText('Cash on delivery is not available above ₹3,000.')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Pay Now' })).toBeVisible();
});
