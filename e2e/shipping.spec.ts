// Shipping (issue 14): the admin ships an order with a courier and AWB, the courier's webhook
// reports the parcel's progress, and the shopper follows it on the order page.
import { adminPage } from './admin-session.ts';
import { placeOrderThroughApi, signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

const TOKEN = 'e2e-shiprocket-webhook-token';

test('the admin ships an order with a courier and AWB; the shopper sees the courier timeline and link', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Kavya' });
  const orderNumber = await placeOrderThroughApi(page.request, shopper.mobile);
  const awb = `DL${Date.now()}`;

  const { context, admin } = await adminPage(browser);
  await open(admin, `/admin/orders/${orderNumber}`);
  const status = admin.getByLabel('Move to');
  const update = admin.getByRole('button', { name: 'Update status' });
  for (const next of ['Confirmed', 'Packed'] as const) {
    await status.selectOption({ label: next });
    await update.click();
    await expect(admin.getByRole('heading', { name: `Order ${orderNumber}` })).toContainText(next);
  }
  await expect(admin.getByRole('link', { name: 'Print packing slip (PDF)' })).toBeVisible();
  await status.selectOption({ label: 'Shipped' });
  await admin.getByLabel('Courier').selectOption({ label: 'Delhivery' });
  await admin.getByLabel(/Tracking id/).fill(awb);
  await update.click();
  await expect(admin.getByRole('heading', { name: `Order ${orderNumber}` })).toContainText('Shipped');
  const shipment = admin.getByRole('region', { name: 'Shipment' });
  await expect(shipment).toContainText(`Delhivery · AWB ${awb}`);
  const label = shipment.getByRole('link', { name: 'Print packing slip and label (PDF)' });
  const pdf = await admin.request.get((await label.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await context.close();

  // Shiprocket reports the parcel's progress; a repeat of the same event changes nothing.
  const report = (current_status: string, current_timestamp: string, location: string) =>
    page.request.post('/api/shipping/webhook/shiprocket', {
      headers: { 'x-api-key': TOKEN },
      data: { awb, current_status, current_timestamp, scans: [{ location }] },
    });
  expect((await report('PICKED UP', '21 11 2026 10:15:00', 'Mumbai_Andheri_PC')).ok()).toBe(true);
  expect((await report('IN TRANSIT', '22 11 2026 08:40:00', 'Bhiwandi_Hub')).ok()).toBe(true);
  expect(await (await report('IN TRANSIT', '22 11 2026 08:40:00', 'Bhiwandi_Hub')).json()).toEqual({
    status: 'duplicate',
  });
  const wrong = await page.request.post('/api/shipping/webhook/shiprocket', {
    headers: { 'x-api-key': 'not-the-token' },
    data: { awb, current_status: 'DELIVERED', current_timestamp: '23 11 2026 10:00:00' },
  });
  expect(wrong.status()).toBe(401);

  await open(page, `/orders/${orderNumber}`);
  const updates = page.getByRole('list', { name: 'Courier updates' });
  await expect(updates.getByRole('listitem')).toHaveCount(2);
  await expect(updates.getByRole('listitem').first()).toContainText('Picked up');
  await expect(updates.getByRole('listitem').nth(1)).toContainText('In transit');
  await expect(updates.getByRole('listitem').nth(1)).toContainText('Bhiwandi_Hub');
  const track = page.getByRole('link', { name: 'Track on Delhivery' });
  await expect(track).toHaveAttribute('href', `https://www.delhivery.com/track-v2/package/${awb}`);
  await expect(track).toHaveAttribute('target', '_blank');
  await expect(track).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.locator('.order-page__head')).toContainText('Shipped');

  // Delivered: the order moves on, on the order page and in My Orders.
  expect((await report('DELIVERED', '23 11 2026 12:05:00', 'Pune_Camp')).ok()).toBe(true);
  await page.reload();
  await expect(page.locator('.order-page__head')).toContainText('Delivered');
  await expect(updates.getByRole('listitem')).toHaveCount(3);
});
