// Gift boxes (issue 36, decision 0040) on a 360 px phone: the Festive Masala Box's page lists what
// is in the box with links and what it saves against the six packs, the shopper buys it cash on
// delivery, and the back office's stock page shows each of its parts one unit lower.
import { adminPage } from './admin-session.ts';
import { addAddressThroughApi, signUpThroughApi } from './shoppers.ts';
import { expect, fetchAllProducts, open, test } from './support.ts';

test.use({ viewport: { width: 360, height: 780 } });

test('a gift box is bought on a phone and its parts’ stock goes down in the back office', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Meera' });
  await addAddressThroughApi(page.request, shopper.mobile);
  const all = await fetchAllProducts(page.request);
  const box = all.find((p) => p.slug === 'festive-masala-box')!;
  const parts = (box.variants[0] as unknown as { components: { variantId: number }[] }).components;
  expect(parts).toHaveLength(6);
  const variants = new Map(all.flatMap((p) => p.variants.map((v) => [v.id, v] as const)));
  const before = parts.map((c) => ({
    sku: variants.get(c.variantId)!.sku,
    stock: variants.get(c.variantId)!.stock,
  }));

  await open(page, '/product/festive-masala-box');
  const contents = page.getByRole('region', { name: "What's in the box" });
  await expect(contents.getByRole('listitem')).toHaveCount(6);
  await expect(contents.getByRole('link', { name: 'Garam Masala' })).toHaveAttribute(
    'href',
    '/product/garam-masala',
  );
  await expect(contents.getByText('50g').first()).toBeVisible();
  await expect(contents).toContainText('You save ₹30 against buying these packs separately (₹289).');

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await open(page, '/checkout');
  const details = page.getByRole('complementary', { name: 'Price Details' });
  await details.getByRole('radio', { name: /Cash on delivery/ }).check();
  await details.getByRole('button', { name: /Place Order \(Pay .+ on delivery\)/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Placed!' })).toBeVisible({ timeout: 20_000 });

  const { context, admin } = await adminPage(browser);
  await admin.setViewportSize({ width: 360, height: 780 });
  await open(admin, '/admin/stock');
  for (const part of before) {
    const row = admin.getByRole('row').filter({ hasText: new RegExp(`${part.sku}(?!\\d)`) });
    await expect(row.locator('td[data-label="Stock"]')).toHaveText(String(part.stock - 1));
  }
  // The box itself: its stock is what its parts make, and it cannot be adjusted by hand.
  const boxRow = admin.getByRole('row').filter({ hasText: 'FB-6' });
  await expect(boxRow).toContainText('Combo: its stock is what its parts make.');
  await context.close();
});
