// The landmark is printed as the shopper typed it, wherever the order's address appears.
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ADDRESS, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('the delivery address of an order', () => {
  it("keeps the shopper's 'Near Horniman Circle' as typed in the confirmation e-mail and the admin order", async () => {
    const s = await signUp(t.app, '9860000001');
    const added = await s.request({
      method: 'POST',
      url: `/api/addresses/${s.mobile}`,
      payload: { ...ADDRESS, landmark: 'Near Horniman Circle' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const address = added.json()[0];
    expect(address.landmark).toBe('Near Horniman Circle');

    const garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
      (p) => p.slug === 'garam-masala',
    )!;
    await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
    const created = await createPaymentOrder(s, address.id);
    expect(created.statusCode, created.body).toBe(200);
    const { placed } = await payAndPlace(s, created.json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderNumber } = placed.json();

    await t.app.jobWorker.runDue(); // order messages go out by job
    const mail = (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(s.email)}`)).json()[0];
    expect(mail.subject).toContain(orderNumber);
    expect(mail.text).toContain('12, 4th Cross, Near Horniman Circle, Indiranagar, Bengaluru');
    expect(mail.text).not.toMatch(/near near/i);

    const admin = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
    const res = await t.app.inject({ url: `/api/admin/orders/${orderNumber}`, headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    const { address: shipTo } = AdminOrderDetail.parse(res.json());
    expect(shipTo.fullAddress).toBe(
      '12, 4th Cross, Near Horniman Circle, Indiranagar, Bengaluru, Karnataka, 560001',
    );
  });
});
