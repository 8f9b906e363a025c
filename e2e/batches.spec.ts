// Batches and recalls in the back office (issue 39), at 1280 and 390 px: the owner receives a
// batch with its dates, a shopper's order of that pack is packed from it (first expiry first out)
// and its batch shows on the back-office order and on the packing slip, then the owner recalls the
// batch and sees the affected order and the report.
import { mkdirSync } from 'node:fs';
import { extractText } from 'unpdf';
import { adminPage } from './admin-session.ts';
import { moveOrderThroughApi } from './orders-api.ts';
import {
  addAddressThroughApi,
  addToCartThroughApi,
  holdCheckoutThroughApi,
  paySimulatedThroughApi,
  placeWithPaymentThroughApi,
  signUpThroughApi,
} from './shoppers.ts';
import { DESKTOP, expect, fetchAllProducts, MOBILE, open, test } from './support.ts';

const SHOTS = '/tmp/shots/batches';
const day = (offset: number) =>
  new Date(Date.now() + 330 * 60_000 + offset * 86_400_000).toISOString().slice(0, 10);

for (const [size, viewport, slug] of [
  ['1280', DESKTOP, 'kasuri-methi'],
  ['390', MOBILE, 'tea-masala'],
] as const) {
  test.describe(`at ${size} px`, () => {
    test.use({ viewport });

    test('receive a batch, pack an order from it, recall it and read the report', async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      mkdirSync(SHOTS, { recursive: true });
      const product = (await fetchAllProducts(page.request)).find((p) => p.slug === slug)!;
      const variant = product.variants[0]!;
      const batchNumber = `E2E-${size}-${Date.now() % 100000}`;
      const { context, admin } = await adminPage(browser);
      await admin.setViewportSize(viewport);

      // Receive stock: a batch that expires before the opening stock, so it is packed first.
      await open(admin, `/admin/stock/${variant.id}`);
      await admin.getByLabel('Batch number').fill(batchNumber);
      await admin.getByLabel('Manufactured on').fill(day(-5));
      await admin.getByLabel('Best before').fill(day(120));
      await admin.getByLabel('Units').fill('5');
      await admin.getByRole('button', { name: 'Receive stock' }).click();
      await expect(admin.getByText(`Received 5 units as batch ${batchNumber}.`)).toBeVisible();
      const row = admin.getByRole('row').filter({ hasText: batchNumber });
      await expect(row).toContainText('Sellable');
      // One pack arrived damaged: a correction to that batch, with a reason.
      await row.getByLabel(`Change for batch ${batchNumber}`).fill('-1');
      await row.getByLabel(`Reason for batch ${batchNumber}`).fill('Damaged in transit');
      await row.getByRole('button', { name: 'Apply' }).click();
      await expect(admin.getByText(`Batch ${batchNumber} now has 4 on hand.`)).toBeVisible();
      await admin.screenshot({ path: `${SHOTS}/receive-${size}.png`, fullPage: true });

      if (size === '1280') {
        // With the setting on, the product page says the best-before of the batch sent next.
        await open(admin, '/admin/stock');
        await admin.getByText('Batch settings', { exact: true }).click();
        await admin.getByLabel(/Show ‘Best before/).check();
        await admin.getByRole('button', { name: 'Save batch settings' }).click();
        await expect(admin.getByText('Batch settings saved.')).toBeVisible();
        const month = new Date(`${day(120)}T00:00:00Z`).toLocaleDateString('en-IN', {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        });
        await open(page, `/product/${slug}`);
        await expect(page.getByText(`Best before: ${month} or later`)).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/product-best-before-${size}.png` });
        await open(admin, '/admin/stock');
        await admin.getByText('Batch settings', { exact: true }).click();
        await admin.getByLabel(/Show ‘Best before/).uncheck();
        await admin.getByRole('button', { name: 'Save batch settings' }).click();
        await expect(admin.getByText('Batch settings saved.')).toBeVisible();
      }

      // A shopper buys one; the owner packs it.
      const shopper = await signUpThroughApi(page.request, { firstName: 'Kavya' });
      const addressId = await addAddressThroughApi(page.request, shopper.mobile);
      await addToCartThroughApi(page.request, shopper.mobile, {
        productId: product.id,
        variant: variant.weight,
      });
      const { orderId } = await holdCheckoutThroughApi(page.request, addressId);
      const placed = await placeWithPaymentThroughApi(
        page.request,
        await paySimulatedThroughApi(page.request, orderId),
      );
      expect(placed.ok(), await placed.text()).toBe(true);
      const { orderNumber } = (await placed.json()) as { orderNumber: string };
      await moveOrderThroughApi(admin.request, orderNumber, ['CONFIRMED', 'PACKED']);

      await open(admin, `/admin/orders/${orderNumber}`);
      await expect(admin.getByTestId('line-batches').first()).toContainText(`${batchNumber} × 1`);
      await admin.screenshot({ path: `${SHOTS}/order-${size}.png`, fullPage: true });
      const slip = await admin.request.get(`/api/admin/shipping/labels.pdf?orders=${orderNumber}`);
      expect(slip.ok()).toBe(true);
      const { text } = await extractText(new Uint8Array(await slip.body()), { mergePages: true });
      expect(text.replace(/\s+/g, ' ')).toContain(`Batch ${batchNumber} × 1`);
      await moveOrderThroughApi(admin.request, orderNumber, ['SHIPPED']);

      // Start a recall of that batch.
      await open(admin, '/admin/recalls');
      await admin.getByLabel('Variant').selectOption(String(variant.id));
      await admin.getByLabel('Batch numbers (comma separated)').fill(batchNumber);
      await admin.getByLabel('Reason').fill('Ethylene oxide residue above the limit');
      await admin.getByLabel('Offer shoppers').selectOption('BOTH');
      await admin.getByRole('button', { name: 'Start the recall' }).click();
      await expect(admin).toHaveURL(/\/admin\/recalls\/RC-\d+$/);
      await expect(admin.getByTestId('affected-orders')).toContainText(orderNumber);
      await expect(admin.getByTestId('affected-shoppers')).toHaveText('1');
      await expect(admin.getByRole('row').filter({ hasText: batchNumber }).first()).toContainText('5');
      await admin.screenshot({ path: `${SHOTS}/recall-${size}.png`, fullPage: true });
      const csvHref = await admin.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
      const csv = await admin.request.get(csvHref!);
      expect(await csv.text()).toContain(orderNumber);

      // The shopper follows the message's link and asks for a refund.
      const recallNumber = admin.url().split('/').pop()!;
      await open(page, `/orders/${orderNumber}?recall=${recallNumber}`);
      const notice = page.getByRole('region', { name: /^Recall of / });
      await expect(notice).toContainText('Ethylene oxide residue above the limit');
      await notice.getByLabel('A refund').check();
      await notice.getByRole('button', { name: 'Send my request' }).click();
      await expect(notice.getByRole('status')).toHaveText(
        'Thank you. We have your request and will be in touch.',
      );
      await page.screenshot({ path: `${SHOTS}/shopper-${size}.png`, fullPage: true });
      await admin.reload();
      await expect(admin.getByTestId('affected-orders')).toContainText('REFUND (REQUESTED)');

      // The batch no longer sells.
      await open(admin, `/admin/stock/${variant.id}`);
      await expect(admin.getByRole('row').filter({ hasText: batchNumber })).toContainText('Recalled');
      await context.close();
    });
  });
}
