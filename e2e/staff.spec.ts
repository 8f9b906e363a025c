// The store team (issue 41): the owner invites a packer at 1280 px on /admin/staff; a packer at
// 390 px sees only orders and stock in the menu, sees and ships an order, and never sees money
// (prices, totals, refunds) or the shopper's mobile and e-mail. Screenshots at 390 and 1280 px.
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminPage } from './admin-session.ts';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { moveOrderThroughApi, placeOrder } from './orders-api.ts';
import { latestCode, randomMobile, signUpThroughApi } from './shoppers.ts';
import { DESKTOP, expect, MOBILE, open, test } from './support.ts';

const SHOTS = '/tmp/shots/staff';
mkdirSync(SHOTS, { recursive: true });

async function logIn(request: APIRequestContext, mobile: string) {
  expect((await request.post('/api/auth/otp/send', { data: { mobile } })).ok()).toBe(true);
  const otp = await latestCode(request, mobile);
  expect((await request.post('/api/auth/otp/verify', { data: { mobile, otp } })).ok()).toBe(true);
}

/** Nothing that reads as money on the page: no rupee sign, no price or total heading. */
async function expectNoMoney(page: Page) {
  const text = await page.locator('main').innerText();
  expect(text).not.toContain('₹');
  expect(text).not.toMatch(/\b(Total|Subtotal|Price|Refund|Payment id)\b/);
}

test('the owner invites a packer at 1280 px, and changes the role', async ({ browser }) => {
  const { context, admin } = await adminPage(browser);
  await admin.setViewportSize(DESKTOP);
  await open(admin, '/admin/staff');
  await expect(admin.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  const mobile = randomMobile();
  await admin.getByLabel('Name').fill('Priya Packer');
  await admin.getByLabel('Mobile').fill(mobile);
  await admin.getByRole('radio', { name: /^Packer/ }).check();
  await admin.getByRole('button', { name: 'Invite' }).click();
  await expect(admin.getByRole('status')).toContainText('Priya Packer is invited as Packer');
  const row = admin.getByRole('row').filter({ hasText: 'Priya Packer' });
  await expect(row.getByLabel('Role of Priya Packer')).toHaveValue('PACKER');
  await expectNoSeriousAxeViolations(admin);
  await admin.screenshot({ path: `${SHOTS}/staff-1280.png`, fullPage: true });

  await row.getByLabel('Role of Priya Packer').selectOption('SUPPORT');
  await row.getByRole('button', { name: 'Change' }).click();
  await expect(admin.getByRole('status')).toContainText('Priya Packer is now Support');

  // The last owner stays one: demoting the only owner is refused with the reason.
  const me = admin.getByRole('row').filter({ hasText: '(you)' });
  await me.getByRole('combobox').selectOption('MANAGER');
  await me.getByRole('button', { name: 'Change' }).click();
  await expect(admin.getByRole('alert')).toContainText('at least one owner');

  // The audit log names who changed it and in what role.
  await open(admin, '/admin/audit');
  await expect(admin.getByText(/Shop Admin, Owner/).first()).toBeVisible();

  await admin.setViewportSize(MOBILE);
  await open(admin, '/admin/staff');
  await admin.screenshot({ path: `${SHOTS}/staff-390.png`, fullPage: true });
  await context.close();
});

test('a packer at 390 px sees and ships an order and sees no money', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Kavya' });
  const { orderNumber } = await placeOrder(page.request, shopper.mobile);

  const { context: ownerContext, admin: owner } = await adminPage(browser);
  const packerMobile = randomMobile();
  const invited = await owner.request.post('/api/admin/staff', {
    data: { mobile: packerMobile, name: 'Ravi Packer', role: 'PACKER' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await moveOrderThroughApi(owner.request, orderNumber, ['CONFIRMED']);
  await ownerContext.close();

  const context = await browser.newContext({ viewport: MOBILE });
  const packer = await context.newPage();
  await logIn(packer.request, packerMobile);
  // The API answers a packer without money or contact details, whatever the page draws.
  const api = await (await packer.request.get(`/api/admin/orders/${orderNumber}`)).json();
  expect(api).not.toHaveProperty('totals');
  expect(api.customer).toEqual({ name: expect.any(String) });
  expect((await packer.request.get('/api/admin/payments')).status()).toBe(403);

  // The dashboard is sales figures: the packer starts at the orders.
  await open(packer, '/admin');
  await expect(packer).toHaveURL(/\/admin\/orders$/);
  await packer.getByText('Menu').click();
  const menu = packer.getByRole('navigation', { name: 'Back office menu' });
  await expect(menu.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Stock' })).toBeVisible();
  for (const hidden of ['Dashboard', 'Payments', 'Customers', 'Products', 'Staff', 'Checkout'])
    await expect(menu.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  await packer.getByText('Menu').click();
  await expectNoMoney(packer);
  await packer.screenshot({ path: `${SHOTS}/packer-orders-390.png`, fullPage: true });

  await packer.getByRole('link', { name: orderNumber }).click();
  const heading = packer.getByRole('heading', { name: `Order ${orderNumber}` });
  await expect(heading).toContainText('Confirmed');
  await expectNoMoney(packer);
  await expect(packer.locator('main')).not.toContainText(shopper.email);
  await expect(packer.locator('main')).toContainText('East Street');
  const status = packer.getByLabel('Move to');
  await expect(status.locator('option', { hasText: 'Cancelled' })).toHaveCount(0);
  await status.selectOption({ label: 'Packed' });
  await packer.getByRole('button', { name: 'Update status' }).click();
  await expect(heading).toContainText('Packed');
  await status.selectOption({ label: 'Shipped' });
  await packer.getByLabel(/Tracking id/).fill(`DTDC${Date.now()}`);
  await packer.getByRole('button', { name: 'Update status' }).click();
  await expect(heading).toContainText('Shipped');
  await expectNoMoney(packer);
  await expectNoSeriousAxeViolations(packer);
  await packer.screenshot({ path: `${SHOTS}/packer-order-390.png`, fullPage: true });

  // A page the role does not include answers 403 with the reason.
  await open(packer, '/admin/payments');
  await expect(packer.getByRole('heading', { name: '403: not for your role' })).toBeVisible();
  await packer.setViewportSize(DESKTOP);
  await open(packer, `/admin/orders/${orderNumber}`);
  await expectNoMoney(packer);
  await packer.screenshot({ path: `${SHOTS}/packer-order-1280.png`, fullPage: true });
  await context.close();
});
