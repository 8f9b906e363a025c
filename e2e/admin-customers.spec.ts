// The back office's customers, and the way in from the storefront for the store team.
import { adminPage } from './admin-session.ts';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { placeOrder } from './orders-api.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, MOBILE, open, test } from './support.ts';

/** A mobile as the back office shows it: '+91 98765 01235'. */
const shown = (mobile: string) => `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;

test('the store team finds a customer by mobile, name or e-mail and opens their orders, addresses and reviews', async ({
  browser,
  request,
}) => {
  // Several searches and axe scans on a busy machine.
  test.setTimeout(60_000);
  const shopper = await signUpThroughApi(request, { firstName: 'Lakshmi', lastName: 'Menon' });
  await request.post(`/api/addresses/${shopper.mobile}`, {
    data: {
      name: 'Lakshmi Menon',
      phone: '9123456781',
      pincode: '682001',
      locality: 'Fort Kochi',
      addressLine: '4, Princess Street',
      city: 'Kochi',
      state: 'Kerala',
    },
  });
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin');
  await admin
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

  const search = admin.getByRole('searchbox', { name: 'Mobile, name or e-mail' });
  for (const q of [shopper.mobile.slice(3), 'lakshmi menon', shopper.email.toUpperCase()]) {
    await search.fill(q);
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin.getByRole('row')).toHaveCount(2);
    await expect(admin.getByRole('row').nth(1)).toContainText(shown(shopper.mobile));
  }
  await expect(admin.getByRole('link', { name: 'Export CSV (these customers)' })).toHaveAttribute(
    'href',
    `/api/admin/customers.csv?q=${encodeURIComponent(shopper.email.toUpperCase()).replaceAll('%20', '+')}`,
  );
  const csv = await admin.request.get(`/api/admin/customers.csv?q=${shopper.mobile}`);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toContain(`Lakshmi Menon,${shopper.mobile},${shopper.email}`);

  await expectNoSeriousAxeViolations(admin);

  await admin.getByRole('link', { name: 'Lakshmi Menon' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Lakshmi Menon' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Orders (0)' })).toContainText('No orders yet.');
  await expect(admin.getByRole('region', { name: 'Addresses (1)' })).toContainText(
    '4, Princess Street, Fort Kochi',
  );
  await expect(admin.getByRole('region', { name: 'Addresses (1)' })).toContainText('Phone +91 91234 56781');
  await expect(admin.locator('.admin-card').filter({ hasText: 'Contact' })).toContainText(
    shown(shopper.mobile),
  );
  await expect(admin.getByRole('region', { name: 'Reviews (0)' })).toBeVisible();
  await expectNoSeriousAxeViolations(admin);
  await context.close();
});

test('a shopper is refused the customer list', async ({ page }) => {
  await open(page, '/');
  await signUpThroughApi(page.request, { firstName: 'Curious' });
  const res = await page.goto('/admin/customers');
  expect(res?.status()).toBe(403);
  expect((await page.request.get('/api/admin/customers')).status()).toBe(403);
});

test('an admin has Back office in the profile menu; a shopper does not', async ({ browser, page }) => {
  const { context, admin } = await adminPage(browser);
  await open(admin, '/');
  await admin.getByRole('banner').locator('.profile-menu__button').click();
  await admin.locator('.profile-menu__list').getByRole('link', { name: 'Back office' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await expect(admin.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  await context.close();

  await open(page, '/');
  await signUpThroughApi(page.request, { firstName: 'Plain' });
  await open(page, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Plain' }).click();
  await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back office' })).toHaveCount(0);
});

test('the audit log shows an order status change as field: before → after; the order pages show mobiles as +91 98765 01235', async ({
  browser,
  request,
}) => {
  const shopper = await signUpThroughApi(request, { firstName: 'Audited' });
  const { orderNumber } = await placeOrder(request, shopper.mobile);
  const { context, admin } = await adminPage(browser);
  const moved = await admin.request.put(`/api/admin/orders/${orderNumber}/status`, {
    data: { status: 'CONFIRMED', version: 1 },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  // Server-rendered and read-only: nothing to wait for hydration on.
  await admin.goto('/admin/audit');
  const entry = admin.getByRole('row').filter({ hasText: orderNumber });
  await expect(entry.getByRole('listitem').filter({ hasText: /^status:/ })).toHaveText(
    'status: PLACED → CONFIRMED',
  );
  await expect(entry.getByRole('listitem').filter({ hasText: /^version:/ })).toHaveText('version: 1 → 2');
  await expect(entry).not.toContainText('{"');
  // Who made the change, with the mobile written as the shop writes it (+91 98765 43210).
  await expect(entry).toContainText(/\(\+91 \d{5} \d{5}\)/);

  // The order list and the order page show the shopper's and the parcel's mobiles one way.
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await expect(admin.getByRole('row').filter({ hasText: orderNumber })).toContainText(shown(shopper.mobile));
  await admin.goto(`/admin/orders/${orderNumber}`);
  const customer = admin.getByRole('region', { name: 'Customer' });
  await expect(customer).toContainText(shown(shopper.mobile));
  await expect(customer).toContainText('Nandini Rao, +91 91234 56780');
  await context.close();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: MOBILE });
  test('an admin finds Back office in the hamburger menu', async ({ browser }) => {
    const { context, admin } = await adminPage(browser);
    await admin.setViewportSize(MOBILE);
    await open(admin, '/');
    await admin.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const nav = admin.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Back office', exact: true }).click();
    await expect(admin).toHaveURL(/\/admin$/);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await open(admin, '/admin/customers');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousAxeViolations(admin);
    await admin.goto('/admin/audit');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
