// A shopper cancels their own order before it is packed (issue 32): the refund is said before
// they confirm; once packed, the page offers help for that order instead.
import { adminPage } from './admin-session.ts';
import { moveOrderThroughApi, placeOrder } from './orders-api.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, MOBILE, open, test } from './support.ts';

test('a prepaid order is cancelled from its page at 360 px with a reason, the refund said up front', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await open(page, '/');
  const shopper = await signUpThroughApi(page.request, { firstName: 'Kavya' });
  const order = await placeOrder(page.request, shopper.mobile);
  await open(page, `/orders/${order.orderNumber}`);
  await expect(page.getByText(/^Delivery by \w{3}, \d{1,2} \w{3}$/)).toBeVisible();

  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
  await expect(dialog).toContainText(`You paid ₹${order.totalAmount} online. Cancelling refunds all of it`);
  await dialog.getByLabel('Another reason').check();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please tell us why you are cancelling.');
  await dialog.getByLabel('Tell us why').fill('Bought it at the market');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Your order is cancelled.' })).toBeVisible();
  await expect(page.locator('.order-page__head .status')).toHaveText('Cancelled');
  await expect(
    page.getByText(new RegExp(`Refund of ₹${order.totalAmount} (initiated|processed)`)),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByText(/^Delivery by/)).toHaveCount(0);
});

test('once packed, the order page offers help for that order, in Hindi too', async ({ page, browser }) => {
  await page.setViewportSize(MOBILE);
  await open(page, '/');
  const shopper = await signUpThroughApi(page.request, { firstName: 'Irfan' });
  const order = await placeOrder(page.request, shopper.mobile);
  const { context, admin } = await adminPage(browser);
  await moveOrderThroughApi(admin.request, order.orderNumber, ['CONFIRMED', 'PACKED']);
  await context.close();

  await open(page, `/orders/${order.orderNumber}`);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(
    page.getByText('This order has been packed and can no longer be cancelled here.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Ask about this order' }).click();
  await expect(page).toHaveURL(new RegExp(`/contact\\?order=${order.orderNumber}$`));
  await expect(page.getByLabel('Message')).toHaveValue(`About my order ${order.orderNumber}: `);

  await open(page, `/hi/orders/${order.orderNumber}`);
  await expect(page.getByText('यह ऑर्डर पैक हो चुका है, इसलिए अब यहाँ से रद्द नहीं हो सकता।')).toBeVisible();
  await expect(page.getByRole('link', { name: 'इस ऑर्डर के बारे में पूछें' })).toHaveAttribute(
    'href',
    `/hi/contact?order=${order.orderNumber}`,
  );
});
