// Automatic offers (issue 36) through the API: the back office's offers (validation, version,
// audit), the checkout's quote, online and COD placement priced with them, a coupon against an
// offer, the free gift in and out with the subtotal and its stock, and the GST invoice of an order
// with a gift adding up to its total to the paisa.
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { OrderDetail } from '@spice/shared/contracts/commerce';
import { CheckoutQuote } from '@spice/shared/contracts/offers';
import { refundShare } from '@spice/shared/refunds';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ADDRESS, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { auditLog } from '../admin/schema.ts';
import { cartItems } from '../cart/schema.ts';
import { productVariants } from '../catalog/schema.ts';
import { invoices } from '../invoices/schema.ts';
import { orderItems, orders } from '../orders/schema.ts';
import { offers } from './schema.ts';

let t: TestApp;
let adminCookie: string;
type Product = {
  id: number;
  slug: string;
  variants: { id: number; weight: string; price: number; stock: number }[];
};
let garam: Product;
let chicken: Product;
let turmeric: Product;
let hing: Product;
let n = 0;
const nextMobile = () => `6${String(400000000 + n++).slice(-9)}`;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  const list = ProductList.parse((await t.app.inject('/api/products')).json()) as unknown as Product[];
  const bySlug = (slug: string) => list.find((p) => p.slug === slug)!;
  garam = bySlug('garam-masala');
  chicken = bySlug('chicken-masala');
  turmeric = bySlug('turmeric-powder');
  hing = bySlug('hing');
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(offers);
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: adminCookie } });
const variant = (p: Product, weight: string) => p.variants.find((v) => v.weight === weight)!;
const paise = (rupees: number) => Math.round(rupees * 100);

const TEN_ABOVE_999 = {
  name: 'Flat 10% off above ₹999',
  nameHi: '₹999 से ऊपर 10% की छूट',
  type: 'SPEND_THRESHOLD',
  combinesWithCoupons: false,
  tiers: [{ minCartValue: 999, type: 'PERCENT', value: 10, maxDiscount: null }],
};
const buy2get1 = () => ({
  name: 'Buy 2 masalas, get 1 free',
  nameHi: '2 मसाले खरीदें, 1 मुफ़्त पाएँ',
  type: 'BUY_X_GET_Y',
  combinesWithCoupons: true,
  buy: { productIds: [garam.id, chicken.id], quantity: 2 },
  get: { quantity: 1, percentOff: 100 },
});
const freeHing = () => ({
  name: 'A free 50 g hing above ₹1,499',
  nameHi: '₹1,499 से ऊपर 50 ग्राम हींग मुफ़्त',
  type: 'FREE_GIFT',
  combinesWithCoupons: true,
  gift: { variantId: variant(hing, '50g').id, minCartValue: 1499 },
});

async function createOffer(body: object) {
  const res = await asAdmin('POST', '/api/admin/offers', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number };
}

async function shopper(): Promise<{ s: Shopper; addressId: number }> {
  const s = await signUp(t.app, nextMobile());
  const res = await s.request({ method: 'POST', url: `/api/addresses/${s.mobile}`, payload: ADDRESS });
  expect(res.statusCode, res.body).toBe(201);
  return { s, addressId: res.json()[0].id };
}

async function quote(s: Shopper, query = '', lang?: string) {
  const res = await s.request({
    url: `/api/checkout/quote${query}`,
    headers: lang ? { 'accept-language': lang } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutQuote.parse(res.json());
}

async function setStock(variantId: number, stock: number) {
  await t.database.db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));
  t.app.services.catalog.invalidate();
}
async function stockOf(variantId: number) {
  const [v] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  return v!.stock;
}

/** Places a COD order at the total the server quotes (read from the 409 a zero amount gets). */
async function placeCod(s: Shopper, addressId: number, couponCode?: string) {
  const probe = await s.request({
    method: 'POST',
    url: '/api/orders/place-cod',
    payload: { addressId, amount: 0, couponCode },
    headers: { 'idempotency-key': `probe-${s.mobile}` },
  });
  expect(probe.statusCode, probe.body).toBe(409);
  const placed = await s.request({
    method: 'POST',
    url: '/api/orders/place-cod',
    payload: { addressId, amount: probe.json().amount, couponCode },
    headers: { 'idempotency-key': `place-${s.mobile}` },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json() as { orderNumber: string; amount: number };
}

async function placeOnline(s: Shopper, addressId: number, couponCode?: string) {
  const created = await createPaymentOrder(s, addressId, couponCode);
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  return { orderNumber: placed.json().orderNumber as string, amount: created.json().amount as number };
}

const detail = async (s: Shopper, orderNumber: string) =>
  OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());

describe('the back office’s offers', () => {
  it('creates, lists, edits at its version (409 when changed), deletes, and audits each change', async () => {
    const created = await createOffer(TEN_ABOVE_999);
    const list = await asAdmin('GET', '/api/admin/offers');
    expect(list.json()).toMatchObject([
      { id: created.id, type: 'SPEND_THRESHOLD', running: true, version: 1 },
    ]);
    const changed = await asAdmin('PUT', `/api/admin/offers/${created.id}`, {
      ...TEN_ABOVE_999,
      tiers: [...TEN_ABOVE_999.tiers, { minCartValue: 1999, type: 'FLAT', value: 250, maxDiscount: null }],
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      version: 2,
      tiers: [{ minCartValue: 999 }, { minCartValue: 1999, value: 250 }],
    });
    const stale = await asAdmin('PUT', `/api/admin/offers/${created.id}`, { ...TEN_ABOVE_999, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await asAdmin('GET', `/api/admin/offers/${created.id}`)).json().version).toBe(2);
    expect((await asAdmin('DELETE', `/api/admin/offers/${created.id}?version=1`)).statusCode).toBe(409);
    expect((await asAdmin('DELETE', `/api/admin/offers/${created.id}?version=2`)).statusCode).toBe(204);
    expect((await asAdmin('GET', `/api/admin/offers/${created.id}`)).statusCode).toBe(404);
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'offer'), eq(auditLog.entityId, String(created.id))))
      .orderBy(auditLog.id);
    expect(audited.map((a) => a.action)).toEqual(['offer.create', 'offer.update', 'offer.delete']);
  });

  it('refuses with field errors: tiers not rising, a tier percent above 90, dates out of order, products and variants not there', async () => {
    const errorsOf = async (body: object) => {
      const res = await asAdmin('POST', '/api/admin/offers', body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as Record<string, string>;
    };
    expect(
      await errorsOf({
        ...TEN_ABOVE_999,
        tiers: [TEN_ABOVE_999.tiers[0], { minCartValue: 500, type: 'PERCENT', value: 15, maxDiscount: null }],
      }),
    ).toMatchObject({
      'tiers.1.minCartValue': 'Each tier must start at a higher cart value than the one before.',
    });
    expect(
      await errorsOf({
        ...TEN_ABOVE_999,
        tiers: [{ minCartValue: 999, type: 'PERCENT', value: 95, maxDiscount: null }],
      }),
    ).toMatchObject({ 'tiers.0.value': 'Enter a percent from 1 to 90.' });
    expect(
      await errorsOf({
        ...TEN_ABOVE_999,
        startsAt: '2026-12-10T00:00:00+05:30',
        endsAt: '2026-12-01T00:00:00+05:30',
      }),
    ).toMatchObject({ endsAt: 'The end must be after the start.' });
    expect(await errorsOf({ ...buy2get1(), buy: { productIds: [999_999], quantity: 2 } })).toMatchObject({
      'buy.productIds': 'Choose products that exist in the catalogue.',
    });
    expect(await errorsOf({ ...freeHing(), gift: { variantId: 999_999, minCartValue: 1499 } })).toMatchObject(
      {
        'gift.variantId': 'Choose a product variant that exists in the catalogue.',
      },
    );
    expect(await errorsOf({ ...buy2get1(), get: { quantity: 1, percentOff: 0 } })).toHaveProperty([
      'get.percentOff',
    ]);
  });

  it('is the admin’s only', async () => {
    const { s } = await shopper();
    expect((await s.request({ url: '/api/admin/offers' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/offers' })).statusCode).toBe(401);
  });
});

describe('offers in the quote and at placement', () => {
  it('SPEND_THRESHOLD: a nudge below the tier, 10% in whole rupees at it, online and COD priced the same way', async () => {
    await createOffer(TEN_ABOVE_999);
    const v = variant(garam, '200g');
    const { s, addressId } = await shopper();
    await addToCart(s, garam.id, v.weight, 3);
    const below = await quote(s);
    const subtotal = paise(v.price) * 3;
    expect(below.priceDetails.offerDiscount).toBe(0);
    expect(below.nudges).toEqual([
      {
        kind: 'SPEND_THRESHOLD',
        offerId: expect.any(Number),
        amountToGo: (99_900 - subtotal) / 100,
        text: `Add ₹${(99_900 - subtotal) / 100} more to get 10% off`,
      },
    ]);
    expect((await quote(s, '', 'hi')).nudges[0]!.text).toBe(
      `10% की छूट पाने के लिए ₹${(99_900 - subtotal) / 100} का सामान और जोड़ें`,
    );
    await addToCart(s, garam.id, v.weight, 1);
    const at = await quote(s, '?paymentMode=COD');
    const off = Math.floor((paise(v.price) * 4 * 1000 + 500_000) / 1_000_000) * 100;
    expect(at.offers).toEqual([{ id: expect.any(Number), name: TEN_ABOVE_999.name, amount: off / 100 }]);
    expect(at.priceDetails).toMatchObject({
      offerDiscount: off / 100,
      offers: [{ name: TEN_ABOVE_999.name, nameHi: TEN_ABOVE_999.nameHi, amount: off / 100 }],
      subtotal: (paise(v.price) * 4) / 100,
    });
    const p = at.priceDetails;
    expect(paise(p.finalAmount)).toBe(
      paise(p.subtotal) -
        paise(p.couponDiscount) -
        paise(p.offerDiscount) +
        paise(p.deliveryCharges) +
        paise(p.platformFee) +
        paise(p.codFee),
    );
    const placed = await placeCod(s, addressId);
    expect(placed.amount).toBe(paise(p.finalAmount));
    const order = await detail(s, placed.orderNumber);
    expect(order.priceDetails).toMatchObject({
      offerDiscount: off / 100,
      offers: [{ name: TEN_ABOVE_999.name }],
    });
    // 'Pay now' for the COD order keeps the offer's discount.
    expect(order.payNow).not.toBeNull();
    expect(paise(order.payNow!.amount)).toBe(
      paise(order.priceDetails.finalAmount) -
        paise(order.priceDetails.codFee) -
        paise(order.payNow!.prepaidDiscount),
    );

    const online = await shopper();
    await addToCart(online.s, garam.id, v.weight, 4);
    const q = await quote(online.s);
    const paid = await placeOnline(online.s, online.addressId);
    expect(paid.amount).toBe(paise(q.priceDetails.finalAmount));
    expect((await detail(online.s, paid.orderNumber)).priceDetails.offerDiscount).toBe(off / 100);
  }, 60_000);

  it('BUY_X_GET_Y: the cheapest of every three eligible units free, each unit counted once, online and COD', async () => {
    await createOffer(buy2get1());
    await createOffer({
      ...buy2get1(),
      name: 'Second',
      nameHi: 'दूसरा',
      get: { quantity: 1, percentOff: 50 },
    });
    const g = variant(garam, '100g');
    const c = chicken.variants[0]!;
    const { s, addressId } = await shopper();
    await addToCart(s, garam.id, g.weight, 2);
    await addToCart(s, chicken.id, c.weight, 1);
    await addToCart(s, turmeric.id, turmeric.variants[0]!.weight, 1);
    const q = await quote(s);
    const cheapest = Math.min(paise(g.price), paise(c.price));
    // Three eligible units: one group for the first offer, none left for the second.
    expect(q.offers).toEqual([
      { id: expect.any(Number), name: 'Buy 2 masalas, get 1 free', amount: cheapest / 100 },
    ]);
    const placed = await placeOnline(s, addressId);
    expect(placed.amount).toBe(paise(q.priceDetails.finalAmount));
    expect((await detail(s, placed.orderNumber)).priceDetails.offerDiscount).toBe(cheapest / 100);

    const cod = await shopper();
    await addToCart(cod.s, garam.id, g.weight, 3);
    const cq = await quote(cod.s, '?paymentMode=COD');
    expect(cq.priceDetails.offerDiscount).toBe(g.price);
    const codPlaced = await placeCod(cod.s, cod.addressId);
    expect(codPlaced.amount).toBe(paise(cq.priceDetails.finalAmount));
  }, 60_000);

  it('FREE_GIFT: one unit at ₹0 above the value while in stock, leaving below it; it takes stock and leaves the cart alone', async () => {
    await createOffer(freeHing());
    const gift = variant(hing, '50g');
    const big = variant(garam, '200g');
    const { s, addressId } = await shopper();
    await addToCart(s, garam.id, big.weight, 5);
    const below = await quote(s);
    expect(below.lines.some((l) => l.gift)).toBe(false);
    expect(below.nudges).toMatchObject([
      { kind: 'FREE_GIFT', text: expect.stringMatching(/^Add ₹\d+ more to get a free gift$/) },
    ]);
    await addToCart(s, garam.id, big.weight, 1);
    const above = await quote(s);
    expect(above.lines.filter((l) => l.gift)).toEqual([
      expect.objectContaining({ variantId: gift.id, quantity: 1, price: 0, gift: true }),
    ]);
    expect(above.priceDetails.subtotal).toBe(big.price * 6);
    expect(above.offers).toMatchObject([{ name: 'A free 50 g hing above ₹1,499', amount: 0 }]);

    // Out of stock: no gift.
    const before = await stockOf(gift.id);
    await setStock(gift.id, 0);
    expect((await quote(s)).lines.some((l) => l.gift)).toBe(false);
    await setStock(gift.id, before);

    // The subtotal falls below: the gift leaves.
    const [line] = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, s.id));
    await t.database.db.update(cartItems).set({ quantity: 5 }).where(eq(cartItems.id, line!.id));
    expect((await quote(s)).lines.some((l) => l.gift)).toBe(false);
    await t.database.db.update(cartItems).set({ quantity: 6 }).where(eq(cartItems.id, line!.id));

    // Placed: the gift's stock is taken, the order line is marked, the cart keeps nothing of it.
    await addToCart(s, hing.id, gift.weight, 1);
    const placed = await placeCod(s, addressId);
    expect(await stockOf(gift.id)).toBe(before - 2);
    const order = await detail(s, placed.orderNumber);
    expect(order.items.map((i) => [i.variantId, i.quantity, i.price, i.gift])).toEqual([
      [big.id, 6, big.price, false],
      [gift.id, 1, gift.price, false],
      [gift.id, 1, 0, true],
    ]);
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, s.id))).toEqual([]);
  }, 60_000);

  it('a coupon with an offer that does not combine: whichever saves more, and Price Details says which', async () => {
    await createOffer(TEN_ABOVE_999);
    const coupon = await asAdmin('POST', '/api/admin/coupons', {
      code: 'KESAR10',
      description: '₹50 off',
      discountType: 'FLAT',
      discountValue: 50,
      maxDiscount: null,
      minCartValue: 0,
      validFrom: null,
      validUntil: null,
      usageLimit: null,
      perUserLimit: null,
      active: true,
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const v = variant(garam, '200g');
    const { s, addressId } = await shopper();
    await addToCart(s, garam.id, v.weight, 4);
    const q = await quote(s, '?couponCode=KESAR10');
    expect(q.couponApplied).toBe(false);
    expect(q.couponNotice).toBe('Offer applied instead of coupon KESAR10: it saves you more.');
    expect(q.priceDetails).toMatchObject({ couponDiscount: 0, appliedCouponCode: null });
    expect((await quote(s, '?couponCode=KESAR10', 'hi')).couponNotice).toBe(
      'कूपन KESAR10 की जगह ऑफ़र लगाया गया: इससे आपकी ज़्यादा बचत होती है।',
    );
    const placed = await placeOnline(s, addressId, 'KESAR10');
    expect(placed.amount).toBe(paise(q.priceDetails.finalAmount));
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, placed.orderNumber));
    expect(order).toMatchObject({ couponCode: null, couponDiscountPaise: 0 });

    // A coupon bigger than the offer wins, and the offer gives way.
    await asAdmin('PUT', `/api/admin/coupons/${coupon.json().id}`, {
      ...coupon.json(),
      discountValue: 500,
      version: coupon.json().version,
    });
    const other = await shopper();
    await addToCart(other.s, garam.id, v.weight, 4);
    const q2 = await quote(other.s, '?couponCode=KESAR10');
    expect(q2).toMatchObject({ couponApplied: true, offers: [] });
    expect(q2.couponNotice).toBe('Coupon KESAR10 applied instead of the offer: it saves you more.');
    expect(q2.priceDetails).toMatchObject({
      couponDiscount: 500,
      offerDiscount: 0,
      appliedCouponCode: 'KESAR10',
    });
  }, 60_000);

  it('invoices an order with a free gift (offer discounts shared like a coupon’s, the gift a ₹0 supply, adding up to the total) and refunds a line its share of what was paid', async () => {
    await createOffer(buy2get1());
    await createOffer(freeHing());
    const g = variant(garam, '200g');
    const { s, addressId } = await shopper();
    await addToCart(s, garam.id, g.weight, 7);
    await addToCart(s, turmeric.id, turmeric.variants[0]!.weight, 1);
    const q = await quote(s);
    expect(q.priceDetails.offerDiscount).toBe(g.price * 2);
    const placed = await placeOnline(s, addressId);
    const [invoice] = await t.database.db
      .select({ snapshot: invoices.snapshot })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(orders.orderNumber, placed.orderNumber));
    const doc = invoice!.snapshot;
    const giftRow = doc.goods.find((r) => r.unitPricePaise === 0)!;
    expect(giftRow).toMatchObject({ quantity: 1, totalPaise: 0, discountPaise: 0, taxablePaise: 0 });
    expect(doc.goods.reduce((a, r) => a + r.discountPaise, 0)).toBe(paise(q.priceDetails.offerDiscount));
    const rows = [...doc.goods, ...doc.charges];
    expect(rows.reduce((a, r) => a + r.totalPaise, 0) + doc.roundOffPaise).toBe(placed.amount);
    expect(
      rows.reduce((a, r) => a + r.taxablePaise + r.cgstPaise + r.sgstPaise + r.igstPaise, 0) +
        doc.roundOffPaise,
    ).toBe(placed.amount);
    expect(doc.roundOffPaise).toBe(0);
    expect(doc.grandTotalPaise).toBe(placed.amount);
    const [giftItem] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.gift, true))
      .orderBy(desc(orderItems.id))
      .limit(1);
    expect(giftItem).toMatchObject({ pricePaise: 0, quantity: 1 });

    // A partial refund gives back the line's share of what was paid (offers included); the gift's is 0.
    const order = AdminOrderDetail.parse(
      (await asAdmin('GET', `/api/admin/orders/${placed.orderNumber}`)).json(),
    );
    const line = order.items.find((i) => i.quantity === 7)!;
    const refunded = await asAdmin('POST', `/api/admin/orders/${placed.orderNumber}/refunds`, {
      version: order.version,
      lines: [{ itemId: line.id, quantity: 2 }],
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const share = refundShare({
      totalPaise: placed.amount,
      subtotalPaise: paise(order.totals.subtotal),
      refundedValuePaise: 0,
      chosenValuePaise: paise(line.price) * 2,
    });
    expect(share).toBeLessThan(paise(line.price) * 2);
    expect(AdminOrderDetail.parse(refunded.json()).refunds).toMatchObject([{ amount: share / 100 }]);
  }, 60_000);
});

describe('the demo’s offers', () => {
  it('are three, in English and Hindi, with the hing as the gift', async () => {
    const demo = await createTestApp({ demoOffers: true });
    try {
      const rows = await demo.database.db.select().from(offers).orderBy(offers.id);
      expect(rows.map((o) => [o.type, o.name])).toEqual([
        ['SPEND_THRESHOLD', 'Flat 10% off above ₹999'],
        ['BUY_X_GET_Y', 'Buy 2 masalas, get 1 free'],
        ['FREE_GIFT', 'A free 50 g hing above ₹1,499'],
      ]);
      for (const o of rows) expect(o.nameHi).toMatch(/\p{Script=Devanagari}/u);
    } finally {
      await demo.close();
    }
  }, 60_000);
});
