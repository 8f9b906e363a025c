// Failed deliveries (issue 34): the courier could not deliver; the shopper opens the link from
// their message on a 360 px phone and asks for another day with a landmark (English), or cancels
// (Hindi, under /hi); the back office's NDR queue at 1280 px shows the answers and returns a parcel.
import type { APIRequestContext, Page } from '@playwright/test';
import { adminPage } from './admin-session.ts';
import { ADDRESS, moveOrderThroughApi } from './orders-api.ts';
import { addAddressThroughApi, addToCartThroughApi, signUpThroughApi } from './shoppers.ts';
import { expect, fetchProducts, open, test } from './support.ts';

const SHOTS = '/tmp/shots/ndr';
// Each journey first places, ships and fails an order through the API.
test.describe.configure({ timeout: 120_000 });

/** A COD order placed as the checkout does, in the language of the page it came from. */
async function placeCod(request: APIRequestContext, mobile: string, lang: 'en' | 'hi') {
  const headers = { 'accept-language': lang === 'hi' ? 'hi-IN,hi;q=0.9' : 'en-IN,en;q=0.9' };
  const addressId = await addAddressThroughApi(request, mobile, ADDRESS);
  const garam = (await fetchProducts(request)).active.find((p) => p.slug === 'garam-masala')!;
  await addToCartThroughApi(request, mobile, { productId: garam.id, variant: garam.variants[0]!.weight });
  const place = (amount: number) =>
    request.post('/api/orders/place-cod', { data: { addressId, amount }, headers });
  const probe = await place(0);
  const placed = await place(((await probe.json()) as { amount: number }).amount);
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { orderNumber: string }).orderNumber;
}

/** The path of the delivery link in the newest SMS to this mobile (the demo's outbox). */
async function deliveryLink(page: Page, mobile: string) {
  let path = '';
  await expect
    .poll(
      async () => {
        const sent = (await (await page.request.get(`/api/dev/outbox?to=${mobile}`)).json()) as {
          text: string;
        }[];
        path =
          sent.map((m) => /(\/hi)?\/delivery-issue\/[A-Za-z0-9_-]{43}/.exec(m.text)?.[0]).find(Boolean) ?? '';
        return path;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return path;
}

async function failedDelivery(
  page: Page,
  browser: import('@playwright/test').Browser,
  lang: 'en' | 'hi',
  reason: string,
) {
  const shopper = await signUpThroughApi(page.request, { firstName: lang === 'hi' ? 'Meera' : 'Arjun' });
  const orderNumber = await placeCod(page.request, shopper.mobile, lang);
  const { context, admin } = await adminPage(browser);
  await moveOrderThroughApi(admin.request, orderNumber, ['CONFIRMED', 'PACKED', 'SHIPPED']);
  const failed = await admin.request.post(`/api/admin/orders/${orderNumber}/delivery-failed`, {
    data: { reason },
  });
  expect(failed.ok(), await failed.text()).toBe(true);
  await context.close();
  return { orderNumber, path: await deliveryLink(page, shopper.mobile) };
}

test('on a phone, the shopper asks for another attempt with a landmark; the back office sees it and can return a parcel', async ({
  page,
  browser,
}) => {
  const { orderNumber, path } = await failedDelivery(page, browser, 'en', 'Customer not at home');
  expect(path.startsWith('/delivery-issue/')).toBe(true);
  await page.setViewportSize({ width: 360, height: 800 });
  await open(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not deliver your order');
  await expect(
    page.getByText(
      `The courier tried to deliver your order ${orderNumber} but could not: Customer not at home.`,
    ),
  ).toBeVisible();
  await expect(page.getByText('1 attempt so far')).toBeVisible();
  const days = page.getByRole('radio');
  await expect(days).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/delivery-issue-en-360.png`, fullPage: true });

  await days.nth(1).check();
  await page.getByLabel('Landmark (optional)').fill('Opposite the Hanuman temple');
  await page.getByLabel('Another phone number (optional)').fill('12345');
  await page.getByRole('button', { name: 'Ask for another attempt' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid 10-digit mobile number.');
  await page.getByLabel('Another phone number (optional)').fill('98765 43210');
  await page.getByRole('button', { name: 'Ask for another attempt' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you. The courier will try again on');
  await page.screenshot({ path: `${SHOTS}/delivery-issue-en-360-answered.png`, fullPage: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/delivery-issue-en-1280.png`, fullPage: true });

  // The back office's queue at 1280 px: the answer, then 'Return to origin'.
  const { context, admin } = await adminPage(browser);
  await admin.setViewportSize({ width: 1280, height: 800 });
  await open(admin, '/admin/ndr');
  const row = admin.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toContainText('Customer not at home');
  await expect(row).toContainText('1 attempt');
  await expect(row).toContainText('Landmark: Opposite the Hanuman temple');
  await admin.screenshot({ path: `${SHOTS}/ndr-queue-1280.png`, fullPage: true });
  await row.getByRole('button', { name: `Return to origin: ${orderNumber}` }).click();
  await expect(admin.getByRole('status')).toHaveText(
    `Asked the courier for a return to origin of ${orderNumber}.`,
  );
  await expect(admin.getByRole('row').filter({ hasText: orderNumber })).toHaveCount(0);
  // The order's timeline says what was asked.
  await open(admin, `/admin/orders/${orderNumber}`);
  await expect(admin.getByText(/DELIVERY_FAILED · Customer not at home/)).toBeVisible();
  await expect(admin.getByText(/RTO_REQUESTED · Shop: Return the parcel to the shop\./)).toBeVisible();
  await context.close();
});

test('a Hindi order gets its link under /hi, and the shopper cancels from a phone', async ({
  page,
  browser,
}) => {
  const { path } = await failedDelivery(page, browser, 'hi', 'Address incomplete');
  expect(path.startsWith('/hi/delivery-issue/')).toBe(true);
  await page.setViewportSize({ width: 360, height: 800 });
  await open(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('हम आपका ऑर्डर डिलीवर नहीं कर सके');
  await expect(page.getByText('अब तक 1 कोशिश')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/delivery-issue-hi-360.png`, fullPage: true });
  await page.getByRole('button', { name: 'ऑर्डर रद्द करें' }).click();
  await expect(page.getByRole('status')).toHaveText('आपका ऑर्डर रद्द हो गया है: पार्सल हमें वापस भेजा जा रहा है।');
  await page.screenshot({ path: `${SHOTS}/delivery-issue-hi-360-cancelled.png`, fullPage: true });

  await open(page, '/hi/delivery-issue/this-link-is-not-valid');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('यह लिंक अब मान्य नहीं है');
});
