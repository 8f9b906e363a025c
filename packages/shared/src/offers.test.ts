import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOffers, type OfferRule, offerInForce, offerNudges, offersForProduct } from './offers.ts';
import { type CartPriceInput, priceCart } from './price-cart.ts';

const MILESTONES = [
  { minCartValuePaise: 0, shippingChargePaise: 9900 },
  { minCartValuePaise: 49900, shippingChargePaise: 4900 },
  { minCartValuePaise: 99900, shippingChargePaise: 0 },
];

const TEN_ABOVE_999: OfferRule = {
  id: 1,
  name: 'Flat 10% above ₹999',
  nameHi: '₹999 से ऊपर 10% छूट',
  combinesWithCoupons: false,
  type: 'SPEND_THRESHOLD',
  tiers: [{ minCartValuePaise: 99900, type: 'PERCENT', value: 10, maxDiscountPaise: null }],
};
const MASALAS = [10, 11, 12];
const BUY2GET1: OfferRule = {
  id: 2,
  name: 'Buy 2 masalas, get 1 free',
  nameHi: '2 मसाले खरीदें, 1 मुफ़्त पाएँ',
  combinesWithCoupons: true,
  type: 'BUY_X_GET_Y',
  buy: { productIds: MASALAS, quantity: 2 },
  get: { quantity: 1, percentOff: 100 },
};
const HING: OfferRule = {
  id: 3,
  name: 'A free 50 g hing above ₹1,499',
  nameHi: '₹1,499 से ऊपर 50 ग्राम हींग मुफ़्त',
  combinesWithCoupons: true,
  type: 'FREE_GIFT',
  gift: {
    variantId: 99,
    productId: 20,
    minCartValuePaise: 149900,
    pricePaise: 12000,
    mrpPaise: 14000,
    stock: 5,
  },
};

const base: CartPriceInput = {
  lines: [],
  milestones: MILESTONES,
  couponDiscountPaise: 0,
  platformFeePaise: 1000,
  prepaidDiscount: null,
  codFeePaise: 3000,
};
const line = (productId: number, pricePaise: number, quantity: number) => ({
  productId,
  pricePaise,
  mrpPaise: pricePaise + 2000,
  quantity,
});

describe('automatic offers in priceCart', () => {
  // [what, input changes, expected figures]
  const table: [string, Partial<CartPriceInput>, Record<string, unknown>][] = [
    [
      'a spend tier the subtotal reaches takes 10% in whole rupees, read before discounts',
      { lines: [line(30, 105500, 1)], offers: [TEN_ABOVE_999] },
      { offerDiscountPaise: 10600, deliveryPaise: 0, totalPaise: 105500 - 10600 + 1000 },
    ],
    [
      'just below the tier: no discount and a nudge for what is left',
      { lines: [line(30, 78700, 1)], offers: [TEN_ABOVE_999] },
      {
        offerDiscountPaise: 0,
        nudges: [
          {
            kind: 'SPEND_THRESHOLD',
            offerId: 1,
            amountToGoPaise: 21200,
            tier: { type: 'PERCENT', value: 10 },
          },
        ],
      },
    ],
    [
      'the highest tier reached applies, capped',
      {
        lines: [line(30, 300000, 1)],
        offers: [
          {
            ...TEN_ABOVE_999,
            tiers: [
              { minCartValuePaise: 99900, type: 'FLAT', value: 5000, maxDiscountPaise: null },
              { minCartValuePaise: 200000, type: 'PERCENT', value: 15, maxDiscountPaise: 30000 },
            ],
          },
        ],
      },
      { offerDiscountPaise: 30000 },
    ],
    [
      'buy 2 get 1 free: the cheapest of every three eligible units is free',
      { lines: [line(10, 20000, 2), line(11, 15000, 1), line(30, 50000, 1)], offers: [BUY2GET1] },
      { offerDiscountPaise: 15000, lineOfferDiscountsPaise: [0, 15000, 0] },
    ],
    [
      'buy 2 get 1 free: four units make one group, the fourth is paid',
      { lines: [line(10, 20000, 4)], offers: [BUY2GET1] },
      { offerDiscountPaise: 20000 },
    ],
    [
      'two buy-x-get-y offers never count a unit twice',
      {
        lines: [line(10, 20000, 3)],
        offers: [BUY2GET1, { ...BUY2GET1, id: 4, get: { quantity: 1, percentOff: 50 } }],
      },
      { offerDiscountPaise: 20000, offers: [{ id: 2, amountPaise: 20000 }] },
    ],
    [
      'a free gift above ₹1,499 while in stock, outside the subtotal and the MRP total',
      { lines: [line(30, 150000, 1)], offers: [HING] },
      {
        gift: { offerId: 3, variantId: 99, productId: 20, mrpPaise: 14000 },
        subtotalPaise: 150000,
        mrpTotalPaise: 152000,
        offerDiscountPaise: 0,
      },
    ],
    [
      'no gift when it is out of stock',
      {
        lines: [line(30, 150000, 1)],
        offers: [
          { ...HING, gift: { ...(HING as Extract<OfferRule, { type: 'FREE_GIFT' }>).gift, stock: 0 } },
        ],
      },
      { gift: null, offers: [] },
    ],
    [
      'no gift when the cart itself buys the last units of its variant',
      { lines: [line(30, 150000, 1), { ...line(20, 12000, 5), variantId: 99 }], offers: [HING] },
      { gift: null },
    ],
    [
      'the gift leaves when the subtotal falls below',
      { lines: [line(30, 149800, 1)], offers: [HING] },
      { gift: null, nudges: [{ kind: 'FREE_GIFT', offerId: 3, amountToGoPaise: 100 }] },
    ],
    [
      'a coupon with offers that all combine: both apply',
      {
        lines: [line(10, 20000, 3)],
        offers: [BUY2GET1],
        couponDiscountPaise: 5000,
        couponCode: 'KESAR10',
      },
      { couponDiscountPaise: 5000, offerDiscountPaise: 20000, couponApplied: true, couponNotice: null },
    ],
    [
      'an offer that does not combine and saves more: the offer instead of the coupon',
      {
        lines: [line(30, 200000, 1)],
        offers: [TEN_ABOVE_999],
        couponDiscountPaise: 10000,
        couponCode: 'KESAR10',
      },
      {
        couponDiscountPaise: 0,
        offerDiscountPaise: 20000,
        couponApplied: false,
        couponNotice: { kind: 'OFFER_INSTEAD', code: 'KESAR10' },
        totalPaise: 200000 - 20000 + 1000,
      },
    ],
    [
      'a coupon that saves more than an offer that does not combine: the coupon, with the offers that do',
      {
        lines: [line(30, 100000, 1), line(10, 10000, 3)],
        offers: [TEN_ABOVE_999, BUY2GET1],
        couponDiscountPaise: 30000,
        couponCode: 'BIG300',
      },
      {
        couponDiscountPaise: 30000,
        offerDiscountPaise: 10000,
        couponApplied: true,
        couponNotice: { kind: 'COUPON_INSTEAD', code: 'BIG300' },
      },
    ],
    [
      'a prepaid discount reads the goods after coupon and offer discounts',
      {
        lines: [line(30, 200000, 1)],
        offers: [TEN_ABOVE_999],
        prepaidDiscount: { type: 'PERCENT', percent: 5, maxDiscountPaise: null },
      },
      {
        prepaidDiscountPaise: 9000,
        totalPaise: 200000 - 20000 + 1000 - 9000,
        codTotalPaise: 200000 - 20000 + 1000 + 3000,
      },
    ],
  ];
  it.each(table)('%s', (_what, changes, expected) => {
    expect(priceCart({ ...base, ...changes })).toMatchObject(expected);
  });

  it('runs an offer only while active and within its dates', () => {
    const now = new Date('2026-11-01T00:00:00Z');
    const at = (s: string) => new Date(s);
    expect(offerInForce({ active: true, startsAt: null, endsAt: null }, now)).toBe(true);
    expect(offerInForce({ active: false, startsAt: null, endsAt: null }, now)).toBe(false);
    expect(offerInForce({ active: true, startsAt: at('2026-11-02T00:00:00Z'), endsAt: null }, now)).toBe(
      false,
    );
    expect(offerInForce({ active: true, startsAt: null, endsAt: at('2026-10-31T00:00:00Z') }, now)).toBe(
      false,
    );
  });

  it('names the buy-x-get-y offers of a product for its page', () => {
    expect(offersForProduct(11, [TEN_ABOVE_999, BUY2GET1])).toEqual([
      { id: 2, buy: 2, get: 1, percentOff: 100 },
    ]);
    expect(offersForProduct(30, [BUY2GET1])).toEqual([]);
  });

  it('nudges only towards a tier that takes more off', () => {
    expect(offerNudges([line(30, 120000, 1)], [TEN_ABOVE_999])).toEqual([]);
  });

  // Random carts over random offers of every type, with a coupon and the fees.
  const arbLine = fc.record({
    productId: fc.integer({ min: 10, max: 14 }),
    variantId: fc.constantFrom(98, 99),
    pricePaise: fc.integer({ min: 100, max: 200_000 }),
    mrpPaise: fc.integer({ min: 0, max: 250_000 }),
    quantity: fc.integer({ min: 1, max: 8 }),
  });
  const arbTier = fc.record({
    minCartValuePaise: fc.integer({ min: 0, max: 500_000 }),
    type: fc.constantFrom('PERCENT' as const, 'FLAT' as const),
    value: fc.integer({ min: 1, max: 90 }),
    maxDiscountPaise: fc.option(fc.integer({ min: 100, max: 100_000 }), { nil: null }),
  });
  const arbOffer: fc.Arbitrary<OfferRule> = fc.oneof(
    fc.record({
      id: fc.nat(),
      name: fc.constant('t'),
      nameHi: fc.constant('t'),
      combinesWithCoupons: fc.boolean(),
      type: fc.constant('SPEND_THRESHOLD' as const),
      tiers: fc
        .array(arbTier, { minLength: 1, maxLength: 3 })
        .map((ts) => ts.map((t) => (t.type === 'FLAT' ? { ...t, value: t.value * 1000 } : t))),
    }),
    fc.record({
      id: fc.nat(),
      name: fc.constant('b'),
      nameHi: fc.constant('b'),
      combinesWithCoupons: fc.boolean(),
      type: fc.constant('BUY_X_GET_Y' as const),
      buy: fc.record({
        productIds: fc.subarray([10, 11, 12, 13, 14], { minLength: 1 }),
        quantity: fc.integer({ min: 1, max: 4 }),
      }),
      get: fc.record({
        quantity: fc.integer({ min: 1, max: 3 }),
        percentOff: fc.integer({ min: 1, max: 100 }),
      }),
    }),
    fc.record({
      id: fc.nat(),
      name: fc.constant('g'),
      nameHi: fc.constant('g'),
      combinesWithCoupons: fc.boolean(),
      type: fc.constant('FREE_GIFT' as const),
      gift: fc.record({
        variantId: fc.constant(99),
        productId: fc.constant(20),
        minCartValuePaise: fc.integer({ min: 0, max: 500_000 }),
        pricePaise: fc.integer({ min: 100, max: 20_000 }),
        mrpPaise: fc.integer({ min: 100, max: 20_000 }),
        stock: fc.integer({ min: 0, max: 3 }),
      }),
    }),
  );
  const arbInput = fc.record({
    lines: fc.array(arbLine, { minLength: 1, maxLength: 5 }),
    // Each product in one buy-x-get-y offer at most (decision 0039: overlapping ones are counted
    // greedily in order, which can cost a few paise more when a unit is added).
    offers: fc.array(arbOffer, { maxLength: 4 }).map((list) => {
      const taken = new Set<number>();
      return list.flatMap((o): OfferRule[] => {
        if (o.type !== 'BUY_X_GET_Y') return [o];
        const productIds = o.buy.productIds.filter((id) => !taken.has(id));
        for (const id of productIds) taken.add(id);
        return productIds.length > 0 ? [{ ...o, buy: { ...o.buy, productIds } }] : [];
      });
    }),
    couponDiscountPaise: fc.integer({ min: 0, max: 50_000 }),
    platformFeePaise: fc.integer({ min: 0, max: 5_000 }),
    prepaid: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
  });
  const priced = (i: typeof arbInput extends fc.Arbitrary<infer T> ? T : never) =>
    priceCart({
      ...base,
      lines: i.lines,
      offers: i.offers,
      couponDiscountPaise: i.couponDiscountPaise,
      couponCode: 'C',
      platformFeePaise: i.platformFeePaise,
      prepaidDiscount:
        i.prepaid === null ? null : { type: 'PERCENT', percent: i.prepaid, maxDiscountPaise: null },
    });

  it('never gives a negative total nor takes a line below zero, and adds up', () => {
    fc.assert(
      fc.property(arbInput, (i) => {
        const p = priced(i);
        expect(p.totalPaise).toBeGreaterThanOrEqual(0);
        expect(p.codTotalPaise).toBeGreaterThanOrEqual(0);
        i.lines.forEach((l, k) => {
          const off = p.lineOfferDiscountsPaise[k] ?? 0;
          expect(off).toBeGreaterThanOrEqual(0);
          expect(off).toBeLessThanOrEqual(l.pricePaise * l.quantity);
        });
        expect(p.lineOfferDiscountsPaise.reduce((a, b) => a + b, 0)).toBe(p.offerDiscountPaise);
        expect(p.offers.reduce((a, o) => a + o.amountPaise, 0)).toBe(p.offerDiscountPaise);
        expect(p.couponDiscountPaise + p.offerDiscountPaise).toBeLessThanOrEqual(p.subtotalPaise);
        expect(p.orderValuePaise).toBe(
          p.subtotalPaise -
            p.couponDiscountPaise -
            p.offerDiscountPaise +
            p.deliveryPaise +
            p.platformFeePaise,
        );
        expect(p.offers.filter((o) => o.type === 'SPEND_THRESHOLD').length).toBeLessThanOrEqual(1);
        expect(p.offers.filter((o) => o.type === 'FREE_GIFT').length).toBeLessThanOrEqual(1);
        if (p.couponApplied && p.couponDiscountPaise > 0)
          expect(p.offers.every((o) => o.combinesWithCoupons)).toBe(true);
      }),
    );
  });

  it('offers never change the MRP total', () => {
    fc.assert(
      fc.property(arbInput, (i) => {
        expect(priced(i).mrpTotalPaise).toBe(priced({ ...i, offers: [] }).mrpTotalPaise);
      }),
    );
  });

  it('adding a unit never raises the total by more than its price', () => {
    fc.assert(
      fc.property(arbInput, fc.nat(), (i, pick) => {
        const k = pick % i.lines.length;
        const more = {
          ...i,
          lines: i.lines.map((l, j) => (j === k ? { ...l, quantity: l.quantity + 1 } : l)),
        };
        const before = priced(i);
        const after = priced(more);
        const price = i.lines[k]!.pricePaise;
        expect(after.totalPaise - before.totalPaise).toBeLessThanOrEqual(price);
        expect(after.codTotalPaise - before.codTotalPaise).toBeLessThanOrEqual(price);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 100) },
    );
  });

  it('buy-x-get-y counts each unit once, whatever the offers', () => {
    fc.assert(
      fc.property(arbInput, (i) => {
        const r = applyOffers(
          i.lines,
          i.offers.filter((o) => o.type === 'BUY_X_GET_Y'),
        );
        const gross = i.lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
        expect(r.offerDiscountPaise).toBeLessThanOrEqual(gross);
      }),
    );
  });
});
