// 'Verified buyer' (issue 32): a review by a shopper who had the product delivered says so.
import { ProductList } from '@spice/shared/contracts/catalog';
import { ReviewPage } from '@spice/shared/contracts/reviews';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let garam: { id: number; variants: { weight: string }[] };

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function ordered(s: Shopper): Promise<string> {
  await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
  const created = await createPaymentOrder(s, await addAddress(s));
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().orderNumber;
}

const review = (s: Shopper, description: string) =>
  s.request({
    method: 'POST',
    url: '/api/reviews',
    payload: { productId: garam.id, rating: 5, description },
  });

it('marks a review verifiedBuyer only when its author had the product delivered', async () => {
  const admin = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  const buyer = await signUp(t.app, '9830000001');
  const orderNumber = await ordered(buyer);
  // Ordered, not yet delivered: not verified.
  expect((await review(buyer, 'Smells lovely already.')).json()).toMatchObject({ verifiedBuyer: false });
  for (const status of ['CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED']) {
    const { version } = (
      await t.app.inject({ url: `/api/admin/orders/${orderNumber}`, headers: { cookie: admin } })
    ).json();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${orderNumber}/status`,
      payload: { status, version, trackingId: status === 'SHIPPED' ? 'DTDC1234567890' : undefined },
      headers: { cookie: admin },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  expect((await review(buyer, 'Used it all week.')).json()).toMatchObject({ verifiedBuyer: true });

  const browser = await signUp(t.app, '9830000002');
  expect((await review(browser, 'Looks good.')).json()).toMatchObject({ verifiedBuyer: false });

  const page = ReviewPage.parse((await t.app.inject(`/api/reviews/${garam.id}?size=50`)).json());
  const byText = (text: string) => page.content.find((r) => r.description === text);
  expect(byText('Used it all week.')?.verifiedBuyer).toBe(true);
  expect(byText('Looks good.')?.verifiedBuyer).toBe(false);
});
