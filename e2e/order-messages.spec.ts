// Order messages end to end, offline: the shopper opts in to WhatsApp on the profile, places an
// order, and the dev outbox shows the confirmation by e-mail (its HTML rendered in a sandboxed
// frame), SMS and WhatsApp.
import { expectNoSeriousAxeViolations } from './axe.ts';
import { placeOrder } from './orders-api.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

test('a shopper who opted in to WhatsApp gets the order confirmation by e-mail, SMS and WhatsApp', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  // Playwright's own helper scripts, injected to find text inside the e-mail's frame, are refused
  // there: the frame is sandboxed without allow-scripts (the e-mail HTML itself has no script).
  consoleErrors.allow(/Blocked script execution in 'about:srcdoc'/);
  await open(page, '/');
  const shopper = await signUpThroughApi(page.request, { firstName: 'Kavya', lastName: 'Iyer' });

  await open(page, '/profile');
  const messages = page.getByRole('region', { name: 'Order messages' });
  await expect(messages.getByRole('checkbox', { name: 'E-mail updates about my orders' })).toBeChecked();
  const whatsapp = messages.getByRole('checkbox', { name: /WhatsApp updates about my orders/ });
  await expect(whatsapp).not.toBeChecked();
  await expect(messages).toContainText(
    'are transactional and are always sent to your mobile; they need no opt-in.',
  );
  await whatsapp.check();
  await messages.getByRole('button', { name: 'Save preferences' }).click();
  await expect(messages.getByRole('status')).toHaveText('Your message preferences are saved.');
  await expect(messages).toContainText('Opted in on');
  await expectNoSeriousAxeViolations(page);

  const order = await placeOrder(page.request, shopper.mobile);

  // The messages go out by a job committed with the order: the outbox has them within a poll.
  const rows = page.getByRole('region', { name: 'Messages' }).getByRole('row');
  const email = rows.filter({ hasText: shopper.email }).filter({ hasText: order.orderNumber });
  await expect(async () => {
    await open(page, '/dev/outbox');
    await expect(email).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(email).toContainText('E-mail');
  const frame = email.frameLocator('iframe');
  await expect(frame.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(frame.getByText(`Garam Masala ${order.weight} × 2`)).toBeVisible();
  await expect(frame.getByRole('link', { name: 'View your order' })).toHaveAttribute(
    'href',
    new RegExp(`/orders/${order.orderNumber}$`),
  );

  const phone = rows.filter({ hasText: `+91 ${shopper.mobile}` }).filter({ hasText: order.orderNumber });
  await expect(phone).toHaveCount(2);
  await expect(phone.filter({ hasText: 'SMS' })).toContainText(`your order ${order.orderNumber} of ₹`);
  await expect(phone.filter({ hasText: 'WhatsApp' })).toContainText('Template order_placed');
});
