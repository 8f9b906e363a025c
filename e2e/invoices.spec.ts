// GST invoices (issue 13): the shopper downloads the tax invoice of a prepaid order from the order
// page (and sees the link on My Orders); the back office lists it and offers the GSTR-1 exports
// and the portal's JSON.
import { readFileSync } from 'node:fs';
import { ADMIN_STATE_FILE } from './admin-session.ts';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { placeOrder } from './orders-api.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

test('a shopper downloads the tax invoice from the order page', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await open(page, '/');
  const shopper = await signUpThroughApi(page.request, { firstName: 'Nandini', lastName: 'Rao' });
  const order = await placeOrder(page.request, shopper.mobile);

  await open(page, '/orders');
  const card = page.locator('.order-card').filter({ hasText: order.orderNumber });
  await expect(card.getByRole('link', { name: 'Download invoice' })).toBeVisible();

  await open(page, `/orders/${order.orderNumber}`);
  const link = page.getByRole('link', { name: 'Download invoice' });
  await expect(link).toBeVisible();
  const invoiceNumber = (await page.locator('.order-page__invoice').textContent())?.match(
    /KC\/\d\d-\d\d\/\d{6}/,
  )?.[0];
  expect(invoiceNumber).toBeTruthy();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber!.replaceAll('/', '-')}.pdf`);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoSeriousAxeViolations(page);

  const admin = await browser.newContext({ storageState: ADMIN_STATE_FILE });
  const adminPage = await admin.newPage();
  await open(adminPage, `/admin/orders/${order.orderNumber}`);
  await expect(adminPage.getByRole('link', { name: 'Download invoice' })).toBeVisible();
  await open(adminPage, '/admin/invoices');
  await expect(adminPage.getByRole('cell', { name: invoiceNumber! })).toBeVisible();
  for (const name of ['B2C (Large)', 'CDNR', 'CDNUR', 'HSN summary, B2C', 'Documents issued']) {
    await expect(
      adminPage.getByRole('link', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }),
    ).toBeVisible();
  }
  await expect(adminPage.getByRole('heading', { name: 'How tax is rounded' })).toBeVisible();
  const json = adminPage.getByRole('link', { name: 'Download GSTR-1 JSON for the offline tool' });
  const [gstr1] = await Promise.all([adminPage.waitForEvent('download'), json.click()]);
  expect(gstr1.suggestedFilename()).toMatch(/^GSTR1_27AAKCK1234M1ZB_\d{6}\.json$/);
  const filed = JSON.parse(readFileSync((await gstr1.path())!, 'utf8'));
  expect(JSON.stringify(filed)).toContain(invoiceNumber!.slice(0, 9));
  await admin.close();
});
