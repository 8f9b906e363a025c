// The payments ledger in the back office: a second payment for an order already paid is refused
// at checkout with a refund notice, and the owner finds it under 'Needs attention'.
import type { APIRequestContext } from '@playwright/test';
import { adminPage } from './admin-session.ts';
import {
  addAddressThroughApi,
  addToCartThroughApi,
  holdCheckoutThroughApi,
  paySimulatedThroughApi,
  placeWithPaymentThroughApi,
  signUpThroughApi,
} from './shoppers.ts';
import { DESKTOP, expect, fetchProducts, MOBILE, open, test } from './support.ts';

/** Pays one checkout twice through the simulated gateway: an order, then a refund. */
async function payTwice(request: APIRequestContext, mobile: string) {
  const addressId = await addAddressThroughApi(request, mobile, { name: 'Meera Nair' });
  const product = (await fetchProducts(request)).active.find((p) => p.slug === 'garam-masala')!;
  await addToCartThroughApi(request, mobile, { productId: product.id, variant: product.variants[0]!.weight });
  const { orderId } = await holdCheckoutThroughApi(request, addressId);
  const first = await placeWithPaymentThroughApi(request, await paySimulatedThroughApi(request, orderId));
  expect(first.ok(), await first.text()).toBe(true);
  const second = await paySimulatedThroughApi(request, orderId);
  const refused = await placeWithPaymentThroughApi(request, second);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /^This order was already paid with another payment\. Your payment of ₹[\d,]+ will be refunded to your account in 5–7 working days\.$/,
  );
  return {
    orderNumber: ((await first.json()) as { orderNumber: string }).orderNumber,
    refundedPaymentId: second.razorpayPaymentId!,
  };
}

test('the owner sees a payment that could not become an order under Needs attention', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Meera' });
  const { orderNumber, refundedPaymentId } = await payTwice(page.request, shopper.mobile);

  const { context, admin } = await adminPage(browser);
  for (const viewport of [DESKTOP, MOBILE]) {
    await admin.setViewportSize(viewport);
    await open(admin, '/admin');
    // On a phone the back-office menu is a drawer behind 'Menu · <page>'.
    const drawerButton = admin.locator('.admin__menu > summary');
    if (await drawerButton.isVisible()) await drawerButton.click();
    await admin.getByRole('link', { name: 'Payments', exact: true }).click();
    await expect(admin.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    // The second payment is refunded by the refund job (the simulated gateway completes it at
    // once): it leaves Needs attention and shows as Refunded with its reason.
    const refund = admin.getByRole('row').filter({ hasText: refundedPaymentId });
    await expect(async () => {
      await admin.reload();
      await expect(refund).toContainText('Refunded', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(refund).toContainText('Second payment for an order already paid');
    const placed = admin.getByRole('row').filter({ hasText: orderNumber });
    await expect(placed).toContainText('Order placed');
    await admin.screenshot({
      path: test.info().outputPath(`payments-${viewport.width}.png`),
      fullPage: true,
    });
    await admin.getByRole('link', { name: /Needs attention/ }).click();
    await expect(admin).toHaveURL(/attention=true/);
    await expect(admin.getByRole('row').filter({ hasText: orderNumber })).toHaveCount(0);
    await expect(admin.getByRole('row').filter({ hasText: refundedPaymentId })).toHaveCount(0);
    await admin.getByRole('link', { name: 'All payments' }).click();
    await expect(admin).not.toHaveURL(/attention=true/);
  }
  await context.close();
});
