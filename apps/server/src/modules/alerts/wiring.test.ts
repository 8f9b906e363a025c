// The owner's alerts as the shop runs them: the app's own job worker runs the scan schedule and the
// 'owner-alert' jobs on the real clock, so an order placed now reaches the owner's e-mail.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp } from '../../test/shoppers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('the app’s worker scans and sends a new order’s alert to the owner', async () => {
  const s = await signUp(t.app, '9876500012');
  const [product] = (await t.app.inject('/api/products')).json() as {
    id: number;
    variants: { weight: string; stock: number }[];
  }[];
  await addToCart(s, product!.id, product!.variants.find((v) => v.stock > 20)!.weight, 1);
  const order = await createPaymentOrder(s, await addAddress(s));
  const { placed } = await payAndPlace(s, order.json().id ?? order.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  const orderNumber = placed.json().orderNumber as string;
  // The scan is a schedule: its first period enqueues it, the alert job follows in the same run
  // or the next.
  await t.app.jobWorker.runDue();
  await t.app.jobWorker.runDue();
  const mails = await t.app.services.messenger.outbox(DEMO_ADMIN.email, ['email']);
  const mail = mails.find((m) => m.subject?.startsWith(`New order ${orderNumber}: ₹`));
  expect(mail?.text).toContain(`/admin/orders/${orderNumber}`);
});
