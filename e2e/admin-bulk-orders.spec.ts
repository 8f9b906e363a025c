// Bulk work in the back office (issue 41): the demo admin finds a shopper's orders, selects them all
// and confirms them in one go; the one already confirmed is refused with its reason and the others
// move. Screenshots of the list with its results at 1280 and 390 px.
import { mkdirSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { adminPage } from './admin-session.ts';
import { moveOrderThroughApi } from './orders-api.ts';
import { placeOrderThroughApi, signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/bulk';

test('an admin selects a shopper’s orders and confirms them at once; one already confirmed is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const shopper = await signUpThroughApi(page.request, { firstName: 'Lakshmi' });
  const orders: string[] = [];
  for (let i = 0; i < 3; i++) orders.push(await placeOrderThroughApi(page.request, shopper.mobile));

  const { context, admin } = await adminPage(browser);
  await moveOrderThroughApi(admin.request, orders[0]!, ['CONFIRMED']);
  await open(admin, '/admin/orders');
  await admin.getByLabel('Order number or mobile').fill(shopper.mobile);
  await admin.getByRole('button', { name: 'Filter' }).click();
  await expect(admin.getByRole('link', { name: orders[2]! })).toBeVisible();
  await expect(admin.locator('tbody tr')).toHaveCount(3);

  await admin.getByLabel('Select every order on this page').check();
  await expect(admin.getByText('3 orders selected')).toBeVisible();
  await admin.getByRole('button', { name: 'Confirm', exact: true }).click();

  const results = admin.getByRole('status', { name: 'Bulk action results' });
  await expect(results).toContainText('2 orders confirmed, 1 order refused.');
  const refused = results.getByRole('row', { name: new RegExp(orders[0]!) });
  await expect(refused).toContainText('Refused');
  await expect(refused).toContainText('An order that is confirmed cannot be marked confirmed.');
  for (const n of orders.slice(1)) {
    await expect(results.getByRole('row', { name: new RegExp(n) })).toContainText('Done');
  }
  // The list below shows them confirmed.
  await expect(admin.locator('table').last().getByText('Confirmed')).toHaveCount(3);
  await admin.screenshot({ path: `${SHOTS}/orders-bulk-1280.png`, fullPage: true });

  // Labels and packing slips of the selection in one PDF, in a new tab.
  await admin.getByLabel('Select every order on this page').check();
  const [pdf] = await Promise.all([
    admin.waitForEvent('popup'),
    admin.getByRole('button', { name: 'Print labels and packing slips' }).click(),
  ]);
  await expect.poll(() => pdf.url()).toContain('/api/admin/orders/labels.pdf?');
  expect(new URL(pdf.url()).searchParams.getAll('orders').sort()).toEqual([...orders].sort());
  await pdf.close();

  // On a phone: the same list, packing all three.
  await admin.setViewportSize({ width: 390, height: 844 });
  await open(admin, new URL(admin.url()).pathname + new URL(admin.url()).search);
  await admin.getByLabel('Select every order on this page').check();
  await admin.getByRole('button', { name: 'Pack', exact: true }).click();
  await expect(admin.getByRole('status', { name: 'Bulk action results' })).toContainText('3 orders packed.');
  await admin.screenshot({ path: `${SHOTS}/orders-bulk-390.png`, fullPage: true });
  const width = await admin.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await context.close();
});

test('an admin checks a products CSV with a bad price: the row’s error is listed and nothing is written', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin/products');
  await admin.getByRole('link', { name: 'Import or export CSV' }).click();
  await expect(admin.getByRole('heading', { name: 'Products CSV' })).toBeVisible();
  // SKU, price and MRP only (the other journeys sell stock meanwhile; prices stay as they are).
  const exported = parse(await (await admin.request.get('/api/admin/products.csv')).text(), {
    bom: true,
  }) as string[][];
  const priced = exported.map((r) => [r[0]!, r[6]!, r[7]!]);
  const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\n');
  const cells = priced[1]!;
  // The first variant's price becomes '12.345': three decimals.
  const bad = csv([priced[0]!, [cells[0]!, '12.345', cells[2]!], ...priced.slice(2)]);
  const unchanged = csv(priced);

  await admin
    .getByLabel('CSV file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await admin.getByRole('button', { name: 'Import' }).click();
  const report = admin.getByRole('status', { name: 'Import report' });
  await expect(report).toContainText('1 row with errors: nothing was written.');
  await expect(report.getByRole('row', { name: new RegExp(cells[0]!) })).toContainText(
    'Price (₹): Write rupees with up to two decimals, like 249 or 249.00.',
  );
  await admin.screenshot({ path: `${SHOTS}/products-csv-1280.png`, fullPage: true });

  await admin.setViewportSize({ width: 390, height: 844 });
  await admin
    .getByLabel('CSV file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(unchanged) });
  await admin.getByRole('button', { name: 'Check file' }).click();
  await expect(admin.getByRole('status', { name: 'Import report' })).toContainText(
    'Nothing to change: every row matches the shop.',
  );
  await admin.screenshot({ path: `${SHOTS}/products-csv-390.png`, fullPage: true });
  await context.close();
});
