// A day in the back office (issue 32): a COD order says what is still to collect, the menu fits a
// phone, the jobs page is not flooded by routine runs, and a signed-out owner logs in at /admin
// and stays on the page asked for.
import { adminPage } from './admin-session.ts';
import { placeCodOrder } from './orders-api.ts';
import { latestCode, randomMobile, signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: amount % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;

test('a COD order not yet delivered shows the amount to collect, with the COD fee in its breakdown', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Kavya' });
  const { orderNumber, amount } = await placeCodOrder(page.request, shopper.mobile);

  const { context, admin } = await adminPage(browser);
  await open(admin, `/admin/orders/${orderNumber}`);
  const totals = admin.locator('.admin-totals');
  await expect(totals).toContainText('COD fee');
  await expect(totals).toContainText(`To collect on delivery${rupees(amount / 100)}`);
  await expect(totals).not.toContainText('Total paid');
  for (const width of [360, 390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await totals.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: test.info().outputPath(`cod-order-${width}.png`), fullPage: true });
  }
  await context.close();
});

test('at 390 px the back-office menu is one short line that opens the pages as a drawer', async ({
  browser,
}) => {
  const { context, admin } = await adminPage(browser);
  await admin.setViewportSize({ width: 390, height: 844 });
  await open(admin, '/admin/orders');
  const bar = admin.locator('.admin__bar');
  expect((await bar.boundingBox())!.height).toBeLessThan(72);
  await expect(admin.getByRole('navigation', { name: 'Back office', exact: true })).toBeHidden();
  const menu = admin.getByText('Menu · Orders');
  await expect(menu).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('menu-390-closed.png') });

  await menu.click();
  const drawer = admin.getByRole('navigation', { name: 'Back office menu' });
  for (const group of ['Sales', 'Catalogue', 'Storefront', 'Settings'])
    await expect(drawer.getByText(group, { exact: true })).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('menu-390-open.png') });
  await drawer.getByRole('link', { name: 'Invoices' }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(/Invoices|GST/);
  await expect(drawer).toBeHidden();
  await expect(admin.getByText('Menu · Invoices')).toBeVisible();
  // Nothing wider than the phone: the tables fold into cards.
  const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await admin.setViewportSize({ width: 1280, height: 800 });
  await expect(admin.getByRole('navigation', { name: 'Back office', exact: true })).toBeVisible();
  await expect(admin.getByText('Menu · Invoices')).toBeHidden();
  await context.close();
});

test('the jobs page hides routine runs until asked and keeps failures in view', async ({ browser }) => {
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin/jobs');
  await expect(admin.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
  await expect(admin.getByText(/routine runs? (is|are) hidden/)).toBeVisible();
  await admin.getByRole('link', { name: 'Show routine runs' }).click();
  await expect(admin).toHaveURL(/routine=show/);
  await expect(admin.getByRole('link', { name: 'Hide routine runs' })).toBeVisible();
  await admin.getByRole('link', { name: /^Failed \(/ }).click();
  await expect(admin).toHaveURL(/status=dead&routine=show/);
  await admin.screenshot({ path: test.info().outputPath('jobs-1280.png'), fullPage: true });
  await context.close();
});

test('a signed-out visitor logs in at the back-office page asked for and stays on it', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A shopper account, made outside the page so the page itself is signed out; its signup code
  // holds the number's resend wait (30 s), which runs out before the login below asks again.
  const api = await playwright.request.newContext({ baseURL });
  const shopper = await signUpThroughApi(api, { firstName: 'Anil', mobile: randomMobile() });
  await api.dispose();
  const resendWaitOver = Date.now() + 31_000;

  const context = await browser.newContext();
  const page = await context.newPage();
  const asked = '/admin/orders?paymentMode=COD';
  const response = await page.goto(asked);
  expect(response?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Please log in' })).toBeVisible();
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-login-390.png') });
  await page.waitForTimeout(Math.max(0, resendWaitOver - Date.now()));
  await login.getByLabel('Mobile number').fill(shopper.mobile);
  await login.getByRole('button', { name: 'Send OTP' }).click();
  const otp = login.getByLabel(`Enter the 6-digit OTP sent to +91 ${shopper.mobile}`);
  await expect(otp).toBeVisible();
  await otp.fill(await latestCode(page.request, shopper.mobile));
  // A shopper is no admin: the page asked for answers 403 in place, at the same address.
  await expect(page.getByRole('heading', { name: /403/ })).toBeVisible();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(asked);
  await context.close();
});

test('the owner replies to a contact message; the shopper gets it by e-mail and it stays with the message', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Leela' });
  const { orderNumber } = await placeCodOrder(page.request, shopper.mobile);
  const email = `leela.contact.${shopper.mobile}@example.in`;
  const sent = await page.request.post('/api/contact/send', {
    data: { name: 'Leela', email, phone: shopper.mobile, message: 'When will my order arrive?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin/messages');
  const item = admin.getByRole('listitem').filter({ hasText: email });
  await expect(item.getByRole('link', { name: orderNumber })).toBeVisible();
  await item.getByText('Reply by e-mail').click();
  await item.getByLabel(`Reply to ${email}`).fill('It ships tomorrow and reaches you by Friday.');
  await item.getByRole('button', { name: 'Send reply' }).click();
  const again = admin.getByRole('listitem').filter({ hasText: email });
  await expect(again.getByRole('status')).toHaveText(`Reply e-mailed to ${email} and kept with the message.`);
  await expect(again.getByRole('list', { name: 'Replies to Leela' })).toContainText(
    'It ships tomorrow and reaches you by Friday.',
  );
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await again.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: test.info().outputPath(`contact-reply-${width}.png`) });
  }
  const outbox = (await (
    await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
  ).json()) as {
    subject: string;
    text: string;
  }[];
  expect(outbox[0]?.text).toContain('It ships tomorrow and reaches you by Friday.');
  await context.close();
});

test('the owner sets the label size and the return address in the label settings', async ({ browser }) => {
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin/label-settings');
  await expect(admin.getByRole('heading', { name: 'Label settings' })).toBeVisible();
  await admin.getByLabel('4 × 6 inch (thermal label printer)').check();
  await admin.getByLabel('Return address').fill('Returns desk, Unit 4, Vikhroli West, Mumbai 400083');
  await admin.getByRole('button', { name: 'Save label settings' }).click();
  await expect(admin.getByRole('status')).toHaveText(
    'Label settings saved; labels print with them from now on.',
  );
  await expect(admin.getByLabel('4 × 6 inch (thermal label printer)')).toBeChecked();
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.screenshot({ path: test.info().outputPath(`label-settings-${width}.png`), fullPage: true });
  }
  // Back to A5 for the other journeys.
  await admin.getByLabel('A5 (office printer)').check();
  await admin.getByRole('button', { name: 'Save label settings' }).click();
  await expect(admin.getByLabel('A5 (office printer)')).toBeChecked();
  await context.close();
});
