// Refunds (issue 16): the admin cancels a paid order in the back office; the refund goes through
// the (simulated) gateway as a background job, and the shopper reads 'Refund of ₹X processed' on
// the order page.
import { adminPage } from './admin-session.ts';
import { placeOrder } from './orders-api.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: amount % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;

test('the admin cancels a paid order and the shopper sees the refund processed on the order page', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Lakshmi' });
  const { orderNumber, totalAmount } = await placeOrder(page.request, shopper.mobile);

  const { context, admin } = await adminPage(browser);
  await open(admin, `/admin/orders/${orderNumber}`);
  await admin.getByLabel('Move to').selectOption({ label: 'Cancelled' });
  await admin.getByRole('button', { name: 'Cancel order…' }).click();
  // Nothing happens before the owner confirms the question that names the refund.
  const question = admin.getByRole('alertdialog', { name: `Cancel order ${orderNumber}?` });
  await expect(question).toContainText(`${rupees(totalAmount)} paid online will be refunded to the shopper`);
  await question.getByRole('button', { name: 'Keep the order' }).click();
  await expect(question).toBeHidden();
  const title = admin.getByRole('heading', { level: 1, name: `Order ${orderNumber}` });
  await expect(title).not.toContainText('Cancelled');
  await admin.getByRole('button', { name: 'Cancel order…' }).click();
  await question.getByRole('button', { name: `Cancel and refund ${rupees(totalAmount)}` }).click();
  await expect(title).toContainText('Cancelled');
  await expect(question).toBeHidden();

  const refund = `Refund of ${rupees(totalAmount)} processed`;
  await open(page, `/orders/${orderNumber}`);
  // The refund job runs in the background within a second or two.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('list', { name: 'Refunds' })).toContainText(refund, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  await admin.reload();
  await expect(admin.getByText(`${rupees(totalAmount)} · Refunded`)).toBeVisible();
  await open(admin, '/admin/jobs?status=dead');
  await expect(admin.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
  await expect(admin.getByText('No failed jobs.')).toBeVisible();
  await context.close();
});

test('the admin refunds one unit of a line; the shopper sees that share refunded and the order stays open', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Revathi' });
  const { orderNumber, totalAmount } = await placeOrder(page.request, shopper.mobile); // two units of one line

  const { context, admin } = await adminPage(browser);
  await open(admin, `/admin/orders/${orderNumber}`);
  const form = admin.getByRole('form', { name: 'Refund lines' });
  for (const width of [360, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await form.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: test.info().outputPath(`refund-lines-${width}.png`) });
  }
  await form.getByRole('button', { name: 'Refund selected lines' }).click();
  await expect(admin.getByRole('status')).toHaveText('Choose at least one line to refund.');

  await form.getByRole('spinbutton').fill('1');
  await form.getByRole('button', { name: 'Refund selected lines' }).click();
  // One of two units of the only line: half of everything paid (to the paisa, rounded down).
  const half = Math.floor(Math.round(totalAmount * 100) / 2) / 100;
  await expect(admin.getByRole('status')).toContainText(`Refund of ${rupees(half)} requested`);
  await expect(admin.getByRole('heading', { name: `Order ${orderNumber}` })).not.toContainText('Cancelled');
  // The line shows ordered, refunded and to ship; the form offers only the unit left (issue 32).
  for (const [column, units] of [
    ['Ordered', '2'],
    ['Refunded', '1'],
    ['To ship', '1'],
  ] as const) {
    await expect(admin.locator(`td[data-label="${column}"]`)).toHaveText(units);
  }
  await expect(form).toContainText('(units to refund, of 1)');

  await open(page, `/orders/${orderNumber}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('list', { name: 'Refunds' })).toContainText(
      `Refund of ${rupees(half)} processed`,
      { timeout: 1000 },
    );
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('1 of 2 refunded')).toBeVisible();
  await expect(page.getByText('Partly refunded')).toBeVisible();
  await open(page, `/hi/orders/${orderNumber}`);
  await expect(page.getByText('2 में से 1 का पैसा वापस')).toBeVisible();
  await expect(page.getByText('कुछ पैसे वापस किए गए')).toBeVisible();
  await context.close();
});
