import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CartPriceInput, priceCart } from './price-cart.ts';

const MILESTONES = [
  { minCartValuePaise: 0, shippingChargePaise: 9900 },
  { minCartValuePaise: 49900, shippingChargePaise: 4900 },
  { minCartValuePaise: 99900, shippingChargePaise: 0 },
];

const base: CartPriceInput = {
  lines: [],
  milestones: MILESTONES,
  couponDiscountPaise: 0,
  platformFeePaise: 1000,
  prepaidDiscount: null,
  codFeePaise: 3000,
};

describe('priceCart', () => {
  // [what, input changes, expected figures]
  const table: [string, Partial<CartPriceInput>, Partial<ReturnType<typeof priceCart>>][] = [
    [
      'one line below every free-delivery milestone',
      { lines: [{ pricePaise: 13000, mrpPaise: 15000, quantity: 2 }] },
      {
        mrpTotalPaise: 30000,
        subtotalPaise: 26000,
        deliveryPaise: 9900,
        totalPaise: 36900,
        codTotalPaise: 39900,
      },
    ],
    [
      'a coupon and the middle milestone',
      { lines: [{ pricePaise: 25000, mrpPaise: 30000, quantity: 2 }], couponDiscountPaise: 5000 },
      { subtotalPaise: 50000, deliveryPaise: 4900, orderValuePaise: 50900, totalPaise: 50900 },
    ],
    [
      'a prepaid discount comes off the online total only, on the goods after the coupon',
      {
        lines: [{ pricePaise: 100000, mrpPaise: 100000, quantity: 1 }],
        couponDiscountPaise: 10000,
        prepaidDiscount: { type: 'PERCENT', percent: 5, maxDiscountPaise: null },
      },
      {
        deliveryPaise: 0,
        prepaidDiscountPaise: 4500,
        orderValuePaise: 91000,
        totalPaise: 86500,
        codTotalPaise: 94000,
      },
    ],
    [
      'a line priced above its MRP counts at its price in the MRP total',
      { lines: [{ pricePaise: 40000, mrpPaise: 39900, quantity: 1 }] },
      { mrpTotalPaise: 40000, subtotalPaise: 40000 },
    ],
    [
      'no milestones, no delivery charge',
      { lines: [{ pricePaise: 7000, mrpPaise: 8000, quantity: 1 }], milestones: [] },
      { deliveryPaise: 0, baseDeliveryPaise: 0, totalPaise: 8000 },
    ],
  ];
  it.each(table)('%s', (_what, changes, expected) => {
    expect(priceCart({ ...base, ...changes })).toMatchObject(expected);
  });

  const line = fc.record({
    pricePaise: fc.integer({ min: 1, max: 500_000 }),
    mrpPaise: fc.integer({ min: 0, max: 600_000 }),
    quantity: fc.integer({ min: 1, max: 20 }),
  });
  const input = fc.record({
    lines: fc.array(line, { minLength: 1, maxLength: 6 }),
    couponPercent: fc.integer({ min: 0, max: 100 }),
    platformFeePaise: fc.integer({ min: 0, max: 10_000 }),
    codFeePaise: fc.integer({ min: 0, max: 10_000 }),
    prepaid: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
  });

  it('adds up: online and COD totals from the same parts, never negative, MRP total at least the subtotal', () => {
    fc.assert(
      fc.property(input, (i) => {
        const subtotal = i.lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
        const p = priceCart({
          ...base,
          lines: i.lines,
          couponDiscountPaise: Math.floor((subtotal * i.couponPercent) / 100),
          platformFeePaise: i.platformFeePaise,
          codFeePaise: i.codFeePaise,
          prepaidDiscount:
            i.prepaid === null ? null : { type: 'PERCENT', percent: i.prepaid, maxDiscountPaise: null },
        });
        const goods = p.subtotalPaise - p.couponDiscountPaise;
        expect(p.subtotalPaise).toBe(subtotal);
        expect(p.mrpTotalPaise).toBeGreaterThanOrEqual(p.subtotalPaise);
        expect(p.orderValuePaise).toBe(Math.max(0, goods + p.deliveryPaise + p.platformFeePaise));
        expect(p.totalPaise).toBe(Math.max(0, p.orderValuePaise - p.prepaidDiscountPaise));
        expect(p.codTotalPaise).toBe(
          Math.max(0, goods + p.deliveryPaise + p.platformFeePaise + p.codFeePaise),
        );
        expect(p.prepaidDiscountPaise).toBeLessThanOrEqual(Math.max(0, goods));
        expect(p.deliveryPaise).toBeLessThanOrEqual(p.baseDeliveryPaise);
        expect(Number.isInteger(p.totalPaise) && Number.isInteger(p.codTotalPaise)).toBe(true);
      }),
    );
  });
});
