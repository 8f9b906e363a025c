// 'Pay now and save ₹X' (issue 12): a shopper with a cash on delivery order not yet shipped pays it
// online from the order page through the same payment window as the checkout, and sees it paid.
import { adminPage } from './admin-session.ts';
import { moveOrderThroughApi, placeCodOrder } from './orders-api.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

test('a shopper pays a cash on delivery order online from the order page and sees it paid online', async ({
  page,
}) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Ishaan' });
  const { orderNumber, amount } = await placeCodOrder(page.request, shopper.mobile);
  const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN')}`;

  // On a phone first: the offer fits the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  await open(page, `/orders/${orderNumber}`);
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByText('Cash on delivery', { exact: true })).toBeVisible();
  // Demo settings: ₹29 COD fee, no prepaid discount, so paying now saves the fee.
  // The button names its amount, as the COD button does.
  const button = payment.getByRole('button', { name: `Pay ${rupees(amount - 2900)} now and save ₹29` });
  await expect(button).toBeVisible();
  await expect(payment).toContainText(
    `Pay ${rupees(amount - 2900)} online now instead of ${rupees(amount)} on delivery.`,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.setViewportSize({ width: 1280, height: 800 });
  await button.click();
  const window = page.getByRole('dialog', { name: 'Razorpay (test mode)' });
  await window.getByRole('button', { name: `Pay ${rupees(amount - 2900)}` }).click();

  await expect(page.getByText('Payment received. Your order is now paid online.')).toBeVisible();
  await expect(payment.getByText('Online (Razorpay)')).toBeVisible();
  await expect(payment.getByText('Paid', { exact: true })).toBeVisible();
  await expect(payment.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
  const prices = page.getByRole('region', { name: 'Price Details' });
  await expect(prices.getByText('Cash on delivery fee')).toHaveCount(0);
  await expect(prices.locator('.order-prices__total dd')).toHaveText(rupees(amount - 2900));

  await open(page, '/orders');
  await expect(page.locator('.order-card').filter({ hasText: orderNumber })).toContainText(
    'Online (Razorpay) · Paid',
  );
});

test('a Pay now that arrives after shipping shows as refunded, and the cash still due is said', async ({
  page,
  browser,
}) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Late' });
  const { orderNumber, amount } = await placeCodOrder(page.request, shopper.mobile);
  const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN')}`;
  const created = await page.request.post(`/api/orders/${orderNumber}/pay-now`, {
    data: { amount: amount - 2900 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const gatewayOrder = (await created.json()) as { orderId: string };
  const paid = await page.request.post(`/api/payment/simulated/${gatewayOrder.orderId}/pay`, { data: {} });
  expect(paid.ok(), await paid.text()).toBe(true);
  // The parcel leaves before the payment is verified.
  const { context, admin } = await adminPage(browser);
  await moveOrderThroughApi(admin.request, orderNumber, ['CONFIRMED', 'PACKED', 'SHIPPED']);
  await context.close();
  const late = await page.request.post(`/api/orders/${orderNumber}/pay-now/verify`, {
    data: await paid.json(),
  });
  expect(late.status()).toBe(409);

  await page.setViewportSize({ width: 360, height: 800 });
  await open(page, `/orders/${orderNumber}`);
  const payment = page.getByRole('region', { name: 'Payment' });
  // Pending, or already through if the refund job has run.
  await expect(payment).toContainText(
    new RegExp(
      `${rupees(amount - 2900)} paid online (is being|was) refunded: the order had already shipped\\.`,
    ),
  );
  await expect(payment).toContainText(`Pay ${rupees(amount)} in cash or UPI when the order arrives.`);
  await expect(payment.getByRole('button', { name: /Pay now/ })).toHaveCount(0);

  await open(page, `/hi/orders/${orderNumber}`);
  await expect(page.getByText('ऑर्डर पहले ही भेजा जा चुका था')).toBeVisible();
});
