// A shopper cancels their own order before it is packed (issue 32): the refund is said before
// they confirm; once packed, the page offers help for that order instead.
import { adminPage } from './admin-session.ts';
import { moveOrderThroughApi, placeOrder } from './orders-api.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, MOBILE, open, rupees, test } from './support.ts';

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
  await expect(dialog).toContainText(
    `Cancelling refunds ${rupees(order.totalAmount)} to the way you paid: all of your online payment not yet refunded.`,
  );
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

test('after a partial refund, the cancel dialog names what is left to refund, in Hindi too', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await open(page, '/');
  const shopper = await signUpThroughApi(page.request, { firstName: 'Sunita' });
  const order = await placeOrder(page.request, shopper.mobile); // two units of one line
  // The back office refunds one of the two units: half of everything paid, rounded down.
  const { context, admin } = await adminPage(browser);
  const detail = (await (await admin.request.get(`/api/admin/orders/${order.orderNumber}`)).json()) as {
    version: number;
    items: { id: number }[];
  };
  const refunded = await admin.request.post(`/api/admin/orders/${order.orderNumber}/refunds`, {
    data: { version: detail.version, lines: [{ itemId: detail.items[0]!.id, quantity: 1 }] },
  });
  expect(refunded.ok(), await refunded.text()).toBe(true);
  await context.close();
  const totalPaise = Math.round(order.totalAmount * 100);
  const half = Math.floor(totalPaise / 2);
  const left = rupees((totalPaise - half) / 100);

  await open(page, `/hi/orders/${order.orderNumber}`);
  await page.getByRole('button', { name: 'ऑर्डर रद्द करें' }).click();
  const hindi = page.getByRole('dialog');
  await expect(hindi).toContainText(
    `रद्द करने पर ${left} उसी तरीक़े में वापस आएँगे जिससे आपने भुगतान किया था: आपके ऑनलाइन भुगतान का अब तक वापस न हुआ पूरा हिस्सा।`,
  );

  await open(page, `/orders/${order.orderNumber}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
  await expect(dialog).toContainText(
    `Cancelling refunds ${left} to the way you paid: all of your online payment not yet refunded.`,
  );
  // Not the total: half of it went back already.
  await expect(dialog).not.toContainText(rupees(order.totalAmount));
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  // What the dialog named is what the cancel refunds: the earlier refund, then the rest.
  const refunds = page.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
  await expect(refunds).toHaveCount(2);
  await expect(refunds.nth(0)).toHaveText(
    new RegExp(`^Refund of ${rupees(half / 100)} (initiated|processed)$`),
  );
  await expect(refunds.nth(1)).toHaveText(new RegExp(`^Refund of ${left} (initiated|processed)$`));
});
