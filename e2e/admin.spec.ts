// The back office's orders journey: the demo admin moves a shopper's order from placed to
// delivered (tracking id when shipping) and the shopper sees it delivered on the orders page.
import { adminPage } from './admin-session.ts';
import { placeOrderThroughApi, signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

// Every test opens its own browser context with the demo admin's session (admin.setup.ts).
test.describe.configure({ mode: 'serial' });

test('the back office asks a logged-out visitor to log in and refuses a shopper', async ({ page }) => {
  const anonymous = await page.goto('/admin');
  expect(anonymous?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Please log in' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await signUpThroughApi(page.request, { firstName: 'Ravi' });
  const shopper = await page.goto('/admin/orders');
  expect(shopper?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: /403/ })).toBeVisible();
});

test('an admin moves an order from placed to delivered with a tracking id; the shopper sees Delivered', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Meera' });
  const orderNumber = await placeOrderThroughApi(page.request, shopper.mobile);

  const { context: adminContext, admin } = await adminPage(browser);
  await open(admin, '/admin');
  await expect(admin.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(admin.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await admin.getByRole('link', { name: 'Orders', exact: true }).click();
  await admin.getByLabel('Order number or mobile').fill(shopper.mobile);
  await admin.getByRole('button', { name: 'Filter' }).click();
  await admin.getByRole('link', { name: orderNumber }).click();
  await expect(admin.getByRole('heading', { name: `Order ${orderNumber}` })).toContainText('Placed');

  const status = admin.getByLabel('Move to');
  const update = admin.getByRole('button', { name: 'Update status' });
  for (const next of ['Confirmed', 'Packed'] as const) {
    await status.selectOption({ label: next });
    await update.click();
    await expect(admin.getByRole('heading', { name: `Order ${orderNumber}` })).toContainText(next);
  }

  // Shipping needs a tracking id: refused without one, on the page, by the shared schema.
  await status.selectOption({ label: 'Shipped' });
  await update.click();
  await expect(admin.getByText('Please enter the tracking id to mark this order shipped.')).toBeVisible();
  await admin.getByLabel(/Tracking id/).fill('DTDC7788990011');
  await update.click();
  await expect(admin.getByRole('heading', { name: `Order ${orderNumber}` })).toContainText('Shipped');
  await expect(admin.getByText('Tracking id DTDC7788990011')).toBeVisible();

  await status.selectOption({ label: 'Delivered' });
  await update.click();
  await expect(admin.getByRole('heading', { name: `Order ${orderNumber}` })).toContainText('Delivered');
  await expect(admin.getByText('its status cannot change any more')).toBeVisible();

  await admin.getByRole('link', { name: 'Audit log' }).click();
  await expect(admin.getByRole('cell', { name: `order.status order ${orderNumber}` }).first()).toBeVisible();
  await adminContext.close();

  await open(page, '/orders');
  const card = page.locator('.order-card').filter({ hasText: orderNumber });
  await expect(card.getByText('Delivered').first()).toBeVisible();
  await expect(card).toContainText('DTDC7788990011');
});

test('an admin replies to a review, which the product page shows as the Team reply, and reads a message', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { context, admin } = await adminPage(browser);
  const sent = await admin.request.post('/api/contact/send', {
    data: {
      name: 'Zoya',
      email: 'zoya@example.in',
      phone: '9876512345',
      message: 'Is the sambar masala spicy?',
    },
  });
  expect(sent.status()).toBe(201);

  await open(admin, '/admin/reviews?filter=unreplied');
  const review = admin.locator('.admin-list > li').first();
  const product = review.locator('a[href^="/product/"]');
  const productPath = await product.getAttribute('href');
  const text = (await review.locator('p').nth(1).textContent()) ?? '';
  const reply = `Thank you! ${Date.now()}`;
  await review.getByLabel('Team reply').fill(reply);
  await review.getByRole('button', { name: 'Save reply' }).click();
  await expect(admin.getByText('Reply saved; shoppers see it as the Team reply.')).toBeVisible();

  await open(admin, `${productPath}`);
  const shown = admin.locator('.review-list > li').filter({ hasText: text.slice(0, 40) });
  await expect(shown.getByText(reply)).toBeVisible();

  await open(admin, '/admin/messages?unread=true');
  const message = admin.locator('.admin-list > li').filter({ hasText: 'Is the sambar masala spicy?' });
  await expect(message.getByText('Unread')).toBeVisible();
  await message.getByRole('button', { name: 'Mark read' }).click();
  await expect(
    admin.locator('.admin-list > li').filter({ hasText: 'Is the sambar masala spicy?' }),
  ).toHaveCount(0);
  await context.close();
});

test('storefront pages load none of the back office code', async ({ page, browser }) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await open(page, '/');
  await open(page, '/product/garam-masala');
  await page.getByRole('link', { name: 'About' }).first().click();
  expect(scripts.size).toBeGreaterThan(0);

  // The admin route modules, as the router's manifest names them on an admin page.
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin/orders');
  const adminModules = await admin.evaluate(() => {
    const manifest = (
      window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } }
    ).__reactRouterManifest;
    return Object.entries(manifest.routes)
      .filter(([id]) => id.startsWith('routes/admin/'))
      .map(([, route]) => route.module);
  });
  await context.close();
  expect(adminModules.length).toBeGreaterThanOrEqual(2);
  expect(adminModules.filter((module) => scripts.has(module))).toEqual([]);
});

test('an admin changes a policy text and the policy page shows it at once', async ({ page, browser }) => {
  // A visitor without a session sees the page first, so the server has it rendered and kept.
  await open(page, '/shipping-policy');
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin/content');
  const panel = admin
    .locator('section')
    .filter({ has: admin.getByRole('link', { name: '/shipping-policy' }) });
  const text = panel.getByLabel('Text (English)');

  const original = await text.inputValue();
  // The shared schema refuses an empty text before sending.
  await text.fill('');
  await panel.getByRole('button', { name: /^Save / }).click();
  await expect(panel.getByText('Please enter the policy text.')).toBeVisible();

  // Added to the seeded text, which other journeys read, rather than replacing it.
  const line = `We ship every weekday from Jaipur. (${Date.now()})`;
  await text.fill(`${original}\n\n${line}`);
  await panel.getByRole('button', { name: /^Save / }).click();
  await expect(admin.getByText('Policy saved; the shop shows it now.')).toBeVisible();
  await context.close();

  await page.reload();
  await expect(page.getByText(line)).toBeVisible();
});

test('an admin adjusts stock with a reason and the catalogue shows it at once', async ({
  browser,
  request,
}) => {
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin/stock');
  // The best-stocked variant (last row), added to and then put back, so other journeys see no difference.
  const row = admin.locator('tbody tr').last();
  const sku = (await row.locator('td').nth(2).textContent())!;
  const before = Number(await row.locator('td').nth(3).textContent());
  const stockOf = async () => {
    const products = (await (await request.get('/api/products')).json()) as {
      variants: { sku: string; stock: number }[];
    }[];
    return products.flatMap((p) => p.variants).find((v) => v.sku === sku)!.stock;
  };

  await row.getByLabel(`Change for ${sku}`).fill('7');
  await row.getByRole('button', { name: 'Apply' }).click();
  await expect(row.getByText('Please say why the stock changes.')).toBeVisible();

  await row.getByLabel(`Reason for ${sku}`).fill('Received a new batch');
  await row.getByRole('button', { name: 'Apply' }).click();
  const adjusted = admin.locator('tbody tr').filter({ hasText: sku });
  await expect(adjusted.getByText(`Stock is now ${before + 7}.`)).toBeVisible();
  expect(await stockOf()).toBe(before + 7);

  await adjusted.getByLabel(`Change for ${sku}`).fill('-7');
  await adjusted.getByLabel(`Reason for ${sku}`).fill('Journey clean-up');
  await adjusted.getByRole('button', { name: 'Apply' }).click();
  await expect(
    admin.locator('tbody tr').filter({ hasText: sku }).getByText(`Stock is now ${before}.`),
  ).toBeVisible();
  expect(await stockOf()).toBe(before);
  await context.close();
});

test('the checkout settings form refuses a fraction of a paisa and saves rupee amounts', async ({
  browser,
}) => {
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin/checkout-settings');
  const fee = admin.getByLabel('Platform fee (₹)');
  const original = await fee.inputValue();
  await fee.fill('1.005');
  await admin.getByRole('button', { name: 'Save checkout settings' }).click();
  await expect(admin.getByText(/up to two decimals/)).toBeVisible();

  // Saved back unchanged, so the checkout journeys sharing this server see the same charges.
  await fee.fill(original);
  await admin.getByRole('button', { name: 'Save checkout settings' }).click();
  await expect(admin.getByText('Checkout settings saved; new checkouts use them now.')).toBeVisible();
  await context.close();
});
