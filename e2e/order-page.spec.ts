// After the purchase: the shopper's own order page (from My Orders and the success page), Buy
// again and Rate this product, and that nobody else can open it.

import { adminPage } from './admin-session.ts';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { ADDRESS, moveOrderThroughApi, placeOrder } from './orders-api.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, MOBILE, open, test } from './support.ts';

test('a shopper opens an order from My Orders, sees everything about it and every step to come, and buys an item again', async ({
  page,
}) => {
  // Several searches and axe scans on a busy machine.
  test.setTimeout(60_000);
  await open(page, '/');
  const shopper = await signUpThroughApi(page.request, { firstName: 'Nandini', lastName: 'Rao' });
  const order = await placeOrder(page.request, shopper.mobile);

  await open(page, '/orders');
  await page.getByRole('link', { name: `Order ${order.orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.orderNumber}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();

  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByRole('link', { name: 'Garam Masala' })).toBeVisible();
  await expect(items.getByText(`${order.weight} × 2`)).toBeVisible();
  await expect(items.locator('img')).toHaveJSProperty('complete', true);
  expect(await items.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const address = page.getByRole('region', { name: 'Delivery Address' });
  await expect(address).toContainText(ADDRESS.name);
  await expect(address).toContainText(`${ADDRESS.addressLine}, ${ADDRESS.locality}`);
  await expect(address).toContainText(`+91 ${ADDRESS.phone.slice(0, 5)} ${ADDRESS.phone.slice(5)}`);

  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText('Online (Razorpay)');
  await expect(payment).toContainText(order.paymentId);

  const prices = page.getByRole('region', { name: 'Price Details' });
  await expect(prices.locator('.order-prices__total dd')).toHaveText(`₹${order.totalAmount}`);

  // Every step to come, the one reached with its IST time, the expected day on the last.
  const timeline = page.getByRole('region', { name: 'Order Status' });
  const steps = timeline.getByRole('listitem');
  await expect(steps).toHaveText([
    /^Placed\s*\d{1,2} \w{3} \d{4}, \d{1,2}:\d\d [ap]m IST$/,
    'Confirmed',
    'Packed',
    'Shipped',
    'Out for delivery',
    /^Delivered\s*Expected by \w{3}, \d{1,2} \w{3}$/,
  ]);
  await expect(page.getByText(/^Delivery by \w{3}, \d{1,2} \w{3}$/)).toBeVisible();

  await expectNoSeriousAxeViolations(page);

  // Not delivered yet: nothing to rate.
  await expect(items.getByRole('link', { name: 'Rate this product' })).toHaveCount(0);

  // The cart was emptied by the order; Buy again puts the same variant back, once.
  await expect(page.getByRole('banner').locator('.badge')).toHaveCount(0);
  await items.getByRole('button', { name: `Buy again: Garam Masala ${order.weight}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to cart' })).toBeVisible();
  await expect(page.getByRole('banner').locator('.badge').first()).toContainText('1');
  const cart = (await (await page.request.get(`/api/cart/user/${shopper.mobile}`)).json()) as {
    productId: number;
    variant: string;
    quantity: number;
  }[];
  expect(cart.map((l) => [l.productId, l.variant, l.quantity])).toEqual([[order.garam.id, order.weight, 1]]);
});

test('a delivered order: every step reached, no wait for courier updates, and its products to rate', async ({
  page,
  browser,
}) => {
  await open(page, '/');
  const shopper = await signUpThroughApi(page.request, { firstName: 'Deepa' });
  const order = await placeOrder(page.request, shopper.mobile);
  const { context, admin } = await adminPage(browser);
  await moveOrderThroughApi(admin.request, order.orderNumber, [
    'CONFIRMED',
    'PACKED',
    'SHIPPED',
    'DELIVERED',
  ]);
  await context.close();

  await open(page, `/orders/${order.orderNumber}`);
  const timeline = page.getByRole('region', { name: 'Order Status' });
  await expect(timeline.locator('.order-timeline__step--upcoming')).toHaveCount(0);
  await expect(timeline.locator('[aria-current="step"]')).toContainText(
    /Delivered\s*\d{1,2} \w{3} \d{4}, .* IST/,
  );
  await expect(timeline.getByText('Out for delivery')).toBeVisible();
  await expect(page.getByText('The courier has not sent updates yet.')).toHaveCount(0);
  await expect(page.getByText(/Expected by|^Delivery by/)).toHaveCount(0);
  const items = page.getByRole('region', { name: 'Items' });
  await items.getByRole('link', { name: 'Rate this product' }).click();
  await expect(page).toHaveURL(new RegExp(`/rate/${order.garam.id}$`));
});

test('the success page shows where the order goes and links to the order', async ({ page }) => {
  await open(page, '/');
  const shopper = await signUpThroughApi(page.request, { firstName: 'Ishaan' });
  const order = await placeOrder(page.request, shopper.mobile);
  // The checkout page navigates here with the ids in the navigation state; do the same.
  await page.evaluate(
    (state) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string, o: object): void } }
      ).__reactRouterDataRouter.navigate('/order-success', { state }),
    { orderId: order.orderNumber, totalAmount: order.totalAmount * 100, paymentId: order.paymentId },
  );
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const delivering = page.getByRole('region', { name: 'Delivering to' });
  await expect(delivering).toContainText(ADDRESS.name);
  await expect(delivering).toContainText(ADDRESS.city);
  // The order's own promise, the same words the checkout used.
  await expect(page.getByText(/^Delivery by \w{3}, \d{1,2} \w{3}$/)).toBeVisible();
  await page.getByRole('link', { name: 'View Order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
});

test("another shopper gets a 404 for someone else's order, and a visitor is sent to My Orders", async ({
  page,
  browser,
}) => {
  await open(page, '/');
  const owner = await signUpThroughApi(page.request, { firstName: 'Owner' });
  const order = await placeOrder(page.request, owner.mobile);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUpThroughApi(otherPage.request, { firstName: 'Other' });
  const response = await otherPage.goto(`/orders/${order.orderNumber}`);
  expect(response?.status()).toBe(404);
  await expect(otherPage.getByRole('heading', { name: 'We couldn’t find that order' })).toBeVisible();
  await expect(otherPage.getByText(ADDRESS.addressLine)).toHaveCount(0);
  await other.close();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/orders/${order.orderNumber}`);
  await expect(visitorPage).toHaveURL(/\/orders$/);
  await expect(visitorPage.getByText('Log in to see your orders.')).toBeVisible();
  await expect(visitorPage.getByText(ADDRESS.addressLine)).toHaveCount(0);
  await visitor.close();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: MOBILE });
  test('the order page fits the screen', async ({ page }) => {
    await open(page, '/');
    const shopper = await signUpThroughApi(page.request, { firstName: 'Tara' });
    const order = await placeOrder(page.request, shopper.mobile);
    await open(page, `/orders/${order.orderNumber}`);
    await expect(page.getByRole('button', { name: /^Buy again/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousAxeViolations(page);
  });
});
