// Cash on delivery at checkout (issue 12): the fee in Price Details, the order placed without a
// payment window, 'Order Placed!' and the order marked cash on delivery; COD off above ₹3,000.
import { adminPage } from './admin-session.ts';
import { addAddressThroughApi, addToCartThroughApi, signUpThroughApi } from './shoppers.ts';
import { expect, fetchProducts, open, test } from './support.ts';

test('a shopper chooses cash on delivery, sees the fee, places the order and sees it marked cash on delivery; the admin marks it delivered and cash collected', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
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
  const onlineTotal = (await details.locator('.price-details__total dd').textContent()) ?? '';
  await expect(details.getByRole('button', { name: 'Pay Now' })).toBeVisible();

  await cod.check();
  await expect(details.getByText('Cash on delivery fee')).toBeVisible();
  const total = (await details.locator('.price-details__total dd').textContent()) ?? '';
  const asPaise = (text: string) => Math.round(Number(text.replace(/[₹,]/g, '')) * 100);
  expect(asPaise(total)).toBe(asPaise(onlineTotal) + 2900);
  const place = details.getByRole('button', { name: `Place Order (Pay ${total} on delivery)` });
  await place.click();

  await expect(page.getByRole('heading', { name: 'Order Placed!' })).toBeVisible();
  await expect(page.getByText(`Pay ${total} in cash or UPI when your order arrives.`)).toBeVisible();
  const orderId = (await page.locator('.order-success dl dd').first().textContent()) ?? '';
  expect(orderId).toMatch(/^KC/);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();

  await open(page, '/orders');
  const card = page.locator('.order-card').filter({ hasText: orderId });
  await expect(card).toContainText('Cash on delivery · To pay on delivery');
  await open(page, `/orders/${orderId}`);
  await expect(page.getByText('Cash on delivery', { exact: true })).toBeVisible();
  await expect(page.getByText('Cash on delivery fee')).toBeVisible();

  // The back office lists it among cash on delivery orders and records the cash when delivered.
  const { context: adminContext, admin } = await adminPage(browser);
  await open(admin, '/admin/orders');
  await admin.getByLabel('Payment').selectOption({ label: 'Cash on delivery' });
  await admin.getByLabel('Order number or mobile').fill(shopper.mobile);
  await admin.getByRole('button', { name: 'Filter' }).click();
  await admin.getByRole('link', { name: orderId }).click();
  await expect(admin.getByText('To pay on delivery')).toBeVisible();
  // The demo asks COD shoppers to confirm (issue 34): the owner confirms after calling them.
  await expect(admin.getByText('Awaiting confirmation').first()).toBeVisible();
  await admin.getByRole('button', { name: 'Confirmed by phone' }).click();
  await expect(admin.getByRole('status')).toHaveText('Cash-on-delivery order confirmed by phone.');
  const status = admin.getByLabel('Move to');
  const update = admin.getByRole('button', { name: 'Update status' });
  for (const next of ['Confirmed', 'Packed'] as const) {
    await status.selectOption({ label: next });
    await update.click();
    await expect(admin.getByRole('heading', { name: `Order ${orderId}` })).toContainText(next);
  }
  await status.selectOption({ label: 'Shipped' });
  await admin.getByLabel(/Tracking id/).fill('DTDC5566778899');
  await update.click();
  await expect(admin.getByRole('heading', { name: `Order ${orderId}` })).toContainText('Shipped');
  await status.selectOption({ label: 'Delivered' });
  await update.click();
  await expect(admin.getByRole('heading', { name: `Order ${orderId}` })).toContainText('Delivered');
  await expect(admin.getByText('Paid in cash on delivery')).toBeVisible();
  // 'Cash collected: ₹X on <date> by <admin>'.
  await expect(admin.getByText(new RegExp(`^${total} on .+ by `))).toBeVisible();
  await adminContext.close();

  await open(page, '/orders');
  await expect(page.locator('.order-card').filter({ hasText: orderId })).toContainText(
    'Cash on delivery · Paid in cash on delivery',
  );
});

test('above ₹3,000 cash on delivery is shown disabled with the reason', async ({ page }) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Rohan' });
  await addAddressThroughApi(page.request, shopper.mobile);
  const { active } = await fetchProducts(page.request);
  // A pack no buy-2-get-1 offer counts (the demo's is on masalas, issue 36), and enough of it to
  // stay above ₹3,000 after the 10% spend offer.
  const fits = (v: { stock: number; price: number }) => v.stock >= 40 && v.price >= 100;
  const product = active.find((p) => !/masala/i.test(p.name) && p.variants.some(fits))!;
  const variant = product.variants.find(fits)!;
  const quantity = Math.min(40, Math.ceil(3700 / variant.price));
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
