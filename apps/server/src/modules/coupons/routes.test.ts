import { ProductList } from '@spice/shared/contracts/catalog';
import { AvailableCoupon } from '@spice/shared/contracts/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp } from '../../test/shoppers.ts';

let t: TestApp;
let chicken: { id: number; variants: { weight: string; price: number }[] };

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  const list = ProductList.parse((await t.app.inject('/api/products')).json());
  chicken = list.find((p) => p.slug === 'chicken-masala')!;
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** The ₹99 pack of the demo catalogue: 4 of them make ₹396, whose 10% is ₹39.60. */
const pack = () => chicken.variants.find((v) => v.price === 99)!.weight;

async function available(s: Shopper) {
  const res = await s.request({ url: '/api/coupons/available' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return z.array(AvailableCoupon).parse(res.json());
}
const byCode = (list: { code: string }[], code: string) => list.find((c) => c.code === code);

describe('percent coupons in whole rupees through checkout', () => {
  it('rounds 10% of ₹396 (₹39.60) to ₹40 when applied and in the amount the payment asks for', async () => {
    const s = await signUp(t.app, '9870000001');
    const address = await addAddress(s);
    await addToCart(s, chicken.id, pack(), 4);
    const applied = await s.request({
      method: 'POST',
      url: '/api/coupons/validate',
      payload: { code: 'WELCOME10', cartAmount: 396 },
    });
    expect(applied.json()).toEqual({ code: 'WELCOME10', discountAmount: 40 });

    const created = await createPaymentOrder(s, address, 'WELCOME10');
    expect(created.statusCode, created.body).toBe(200);
    const fee = Math.round((await t.app.inject('/api/config/checkout-settings')).json().platformFee * 100);
    const milestones = (await t.app.inject('/api/admin/shipping-milestones')).json() as {
      minCartValue: number;
      shippingCharge: number;
    }[];
    const delivery = Math.round(milestones.filter((m) => m.minCartValue <= 396).at(-1)!.shippingCharge * 100);
    expect(created.json().amount).toBe(39_600 - 4000 + delivery + fee);
    expect(created.json().amount % 100).toBe(0);
  });
});

describe('GET /api/coupons/available', () => {
  it('answers 401 to a visitor who is not logged in', async () => {
    expect((await t.app.inject('/api/coupons/available')).statusCode).toBe(401);
  });

  it("marks what this shopper's cart is too small for with the rupees to add, and lists usable ones first", async () => {
    const s = await signUp(t.app, '9870000002');
    await addToCart(s, chicken.id, pack(), 2); // ₹198

    const small = await available(s);
    expect(byCode(small, 'FESTIVE20')).toBeUndefined(); // expired: not listed at all
    expect(byCode(small, 'WELCOME10')).toMatchObject({
      usable: false,
      reason: 'Add ₹101 more to use this coupon.',
      amountToGo: 101,
    });
    expect(byCode(small, 'FLAT50')).toMatchObject({
      usable: false,
      reason: 'Add ₹301 more to use this coupon.',
      amountToGo: 301,
    });

    await addToCart(s, chicken.id, pack(), 2); // ₹396
    const bigger = await available(s);
    expect(bigger.map((c) => [c.code, c.usable])).toEqual([
      ['WELCOME10', true],
      ['FLAT50', false],
    ]);
    expect(bigger[0]).toMatchObject({ reason: null, amountToGo: null });
  });

  it('marks a first-order coupon as not for this shopper after their paid order, but not for others', async () => {
    const s = await signUp(t.app, '9870000003');
    const address = await addAddress(s);
    await addToCart(s, chicken.id, pack(), 4);
    const created = await createPaymentOrder(s, address, 'WELCOME10');
    expect(created.statusCode, created.body).toBe(200);
    const { placed } = await payAndPlace(s, created.json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);

    await addToCart(s, chicken.id, pack(), 6); // ₹594: big enough, so only the use stops it
    const after = await available(s);
    expect(byCode(after, 'WELCOME10')).toMatchObject({
      usable: false,
      reason: 'This coupon is for your first order only.',
      amountToGo: null,
    });
    expect(after.at(-1)!.code).toBe('WELCOME10');
    expect(byCode(after, 'FLAT50')).toMatchObject({ usable: true });
    // Applying it is refused with the same words.
    const again = await s.request({
      method: 'POST',
      url: '/api/coupons/validate',
      payload: { code: 'WELCOME10', cartAmount: 594 },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This coupon is for your first order only.');

    const other = await signUp(t.app, '9870000004');
    await addToCart(other, chicken.id, pack(), 4);
    expect(byCode(await available(other), 'WELCOME10')).toMatchObject({ usable: true });
  });
});

describe('first-order coupons (WELCOME10)', () => {
  it('refuses a shopper with an earlier order at apply and at placement, in Hindi too', async () => {
    const s = await signUp(t.app, '9870000011');
    const address = await addAddress(s);
    await addToCart(s, chicken.id, pack(), 4);
    const first = await createPaymentOrder(s, address);
    const { placed } = await payAndPlace(s, first.json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);

    await addToCart(s, chicken.id, pack(), 4);
    const apply = (lang = 'en') =>
      s.request({
        method: 'POST',
        url: '/api/coupons/validate',
        payload: { code: 'WELCOME10', cartAmount: 396 },
        headers: { 'accept-language': lang },
      });
    expect((await apply()).json()).toMatchObject({ message: 'This coupon is for your first order only.' });
    expect((await apply('hi')).json().message).toBe('यह कूपन सिर्फ़ आपके पहले ऑर्डर के लिए है।');
    // A page that applied it earlier still cannot pay with it: placement checks again.
    const second = await createPaymentOrder(s, address, 'WELCOME10');
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('This coupon is for your first order only.');
  });

  it('counts no cancelled order: a shopper whose only order was cancelled may use it', async () => {
    const s = await signUp(t.app, '9870000012');
    const address = await addAddress(s);
    await addToCart(s, chicken.id, pack(), 4);
    const first = await createPaymentOrder(s, address);
    const { placed } = await payAndPlace(s, first.json().orderId);
    const cancelled = await s.request({
      method: 'POST',
      url: `/api/orders/${placed.json().orderNumber}/cancel`,
      payload: { reason: 'Ordered by mistake' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await addToCart(s, chicken.id, pack(), 4);
    expect(byCode(await available(s), 'WELCOME10')).toMatchObject({ usable: true });
    const again = await createPaymentOrder(s, address, 'WELCOME10');
    expect(again.statusCode, again.body).toBe(200);
  });
});
