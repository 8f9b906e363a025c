// COD remittance (issue 12): the owner sees delivered cash on delivery orders whose cash is not yet
// remitted, marks one remitted with the courier's reference, and exports the list as CSV.
import { request as playwrightRequest } from '@playwright/test';
import { ADMIN_STATE_FILE, adminPage } from './admin-session.ts';
import { moveOrderThroughApi, placeCodOrder } from './orders-api.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

test('the owner marks a delivered COD order remitted with a reference and exports the list', async ({
  browser,
  baseURL,
}) => {
  const shopper = await playwrightRequest.newContext({ baseURL });
  const api = await playwrightRequest.newContext({ baseURL, storageState: ADMIN_STATE_FILE });
  const { mobile } = await signUpThroughApi(shopper, { firstName: 'Farah' });
  const { orderNumber, amount } = await placeCodOrder(shopper, mobile);
  await moveOrderThroughApi(api, orderNumber, ['CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED']);
  const rupees = `₹${(amount / 100).toLocaleString('en-IN')}`;

  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin');
  await admin
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'COD remittance' })
    .click();
  await expect(admin.getByRole('heading', { name: 'COD remittance', level: 1 })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Totals' })).toContainText('Not yet remitted');
  const row = admin.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toContainText(rupees);

  await admin.getByLabel('Reference (optional)').fill('UTR SBIN0042 "May"');
  await row.getByRole('button', { name: `Mark remitted: ${orderNumber}` }).click();
  await expect(admin.getByRole('status')).toHaveText(`Marked 1 order remitted (${rupees}).`);
  await expect(admin.getByRole('row').filter({ hasText: orderNumber })).toHaveCount(0);

  await admin.getByRole('combobox', { name: 'Remitted', exact: true }).selectOption({ label: 'Remitted' });
  await admin.getByRole('button', { name: 'Filter' }).click();
  await expect(admin.getByRole('row').filter({ hasText: orderNumber })).toContainText(
    'Ref. UTR SBIN0042 "May"',
  );

  const href = await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toBe('/api/admin/cod-remittance.csv?remitted=yes');
  const csv = await api.get(href!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const line = (await csv.text()).split('\r\n').find((l) => l.startsWith(orderNumber));
  expect(line).toContain(`,${(amount / 100).toFixed(2)},`);
  expect(line).toContain(',Yes,');
  expect(line).toMatch(/"UTR SBIN0042 ""May"""$/);
  await context.close();
  await shopper.dispose();
  await api.dispose();
});
