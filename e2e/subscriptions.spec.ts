// Subscribe and save (issue 43) on a phone: a shopper subscribes from a product page on the
// simulated gateway (UPI AutoPay in demo mode), sees the subscription, skips the next delivery and
// cancels; and the same in Hindi. Screenshots at 360 and 1280 px into /tmp/shots/subs/.
import { adminPage } from './admin-session.ts';
import { addAddressThroughApi, signUpThroughApi } from './shoppers.ts';
import { expect, fetchProducts, open, test } from './support.ts';

const SHOTS = '/tmp/shots/subs';

test('a shopper subscribes on a phone, sees the subscription, skips the next delivery and cancels', async ({
  page,
}) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Meera' });
  await addAddressThroughApi(page.request, shopper.mobile);
  await page.setViewportSize({ width: 360, height: 800 });
  await open(page, '/product/garam-masala');
  // The option hydrates when its own chunk has loaded (lazy): a click before that is asked again.
  await expect(async () => {
    await page.getByText(/Subscribe and save 10%/).click();
    await expect(page.getByText(/a delivery$/)).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.screenshot({ path: `${SHOTS}/product-360.png`, fullPage: false });
  await page.getByRole('link', { name: 'Subscribe', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Subscribe and save' })).toBeVisible();
  const schedule = page.locator('.subscribe__schedule');
  await expect(schedule).toHaveText(
    /^₹[\d,.]+ today, then ₹[\d,.]+ every month on the \d+(st|nd|rd|th) until you cancel$/,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/subscribe-360.png`, fullPage: true });
  await page.getByRole('button', { name: /^Subscribe and pay ₹/ }).click();
  const window = page.getByRole('dialog', { name: 'UPI AutoPay (demo)' });
  await window.getByRole('button', { name: 'Authorise' }).click();

  await expect(page.getByRole('heading', { name: 'My subscriptions' })).toBeVisible();
  const card = page.getByTestId('subscription').first();
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Next charge:');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/subscriptions-360.png`, fullPage: true });

  await card.getByRole('button', { name: 'Skip next' }).click();
  await expect(card).toContainText('Your next delivery is skipped.');
  await expect(card).toContainText('Active');

  // Change the quantity (from the next delivery) and keep the address.
  await card.getByRole('button', { name: 'Change' }).click();
  await card.getByLabel('Quantity').selectOption('2');
  await card.getByRole('button', { name: 'Save changes' }).click();
  await expect(card).toContainText('2 × Garam Masala');

  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  await card.getByLabel('Why are you cancelling? (optional)').fill('Going away for a while');
  await card.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(card.locator('.status')).toHaveText('Cancelled');
  await expect(card.getByRole('button', { name: 'Skip next' })).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/subscriptions-1280.png`, fullPage: true });

  // The first delivery became an order like any prepaid one.
  await open(page, '/orders');
  await expect(page.locator('.order-card').first()).toContainText('Garam Masala');
});

test('the same in Hindi: subscribe, see, skip, cancel', async ({ page }) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Ravi' });
  await addAddressThroughApi(page.request, shopper.mobile);
  await page.setViewportSize({ width: 360, height: 800 });
  await open(page, '/hi/product/garam-masala');
  await expect(async () => {
    await page.getByText('सदस्यता लें और 10% बचाएँ').click();
    await expect(page.getByRole('link', { name: 'सदस्यता लें', exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.getByRole('link', { name: 'सदस्यता लें', exact: true }).click();
  await expect(page.locator('.subscribe__schedule')).toContainText('हर महीने');
  await page.screenshot({ path: `${SHOTS}/subscribe-hi-360.png`, fullPage: true });
  await page.getByRole('button', { name: /^सदस्यता लें और ₹[\d,.]+ चुकाएँ$/ }).click();
  await page
    .getByRole('dialog', { name: 'UPI AutoPay (डेमो)' })
    .getByRole('button', { name: 'अनुमति दें' })
    .click();
  await expect(page.getByRole('heading', { name: 'मेरी सदस्यताएँ' })).toBeVisible();
  const card = page.getByTestId('subscription').first();
  await expect(card.locator('.status')).toHaveText('चालू');
  await card.getByRole('button', { name: 'अगली छोड़ें' }).click();
  await expect(card).toContainText('आपकी अगली डिलीवरी छोड़ दी गई है।');
  await card.getByRole('button', { name: 'सदस्यता रद्द करें' }).click();
  await card.getByRole('button', { name: 'हाँ, रद्द करें' }).click();
  await expect(card.locator('.status')).toHaveText('रद्द');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/subscriptions-hi-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/subscriptions-hi-1280.png`, fullPage: true });
});

test('the owner sees the subscription with its cycle and order, and cancels it for the shopper', async ({
  page,
  browser,
}) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Owner', lastName: 'Case' });
  const addressId = await addAddressThroughApi(page.request, shopper.mobile);
  const product = (await fetchProducts(page.request)).active.find((p) => p.slug === 'garam-masala')!;
  const variantId = (
    (await (await page.request.get(`/api/subscriptions/plans?productId=${product.id}`)).json()) as {
      variants: { variantId: number }[];
    }
  ).variants[0]!.variantId;
  const made = await page.request.post('/api/subscriptions', {
    data: { variantId, quantity: 1, frequency: 2, addressId },
  });
  expect(made.status(), await made.text()).toBe(201);
  const sub = (await made.json()) as { id: number; gatewaySubscriptionId: string };
  const authorised = await page.request.post(
    `/api/payment/simulated/subscriptions/${sub.gatewaySubscriptionId}/authorise`,
  );
  expect(authorised.ok()).toBe(true);

  const { context, admin } = await adminPage(browser);
  await admin.goto(`/admin/subscriptions?q=${shopper.mobile}`);
  await expect(admin.getByRole('heading', { name: 'Subscriptions' })).toBeVisible();
  await expect(admin.getByText('Monthly recurring revenue')).toBeVisible();
  const card = admin.locator('.admin-card').filter({ hasText: `#${sub.id} ` });
  await expect(card).toContainText('Active');
  await card.getByText('Cycles (1)').click();
  await expect(card.getByRole('link', { name: /^KC/ })).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/admin-1280.png`, fullPage: true });
  await card.getByLabel('Reason').fill('Asked by phone');
  await card.getByRole('button', { name: 'Cancel for the shopper' }).click();
  await expect(admin.getByText(`Subscription ${sub.id} cancelled for the shopper.`)).toBeVisible();
  await expect(card).toContainText('Cancelled');
  await context.close();
});
