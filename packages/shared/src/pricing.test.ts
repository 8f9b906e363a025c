import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseShippingCharge, nextMilestone, orderTotal, percentOff, shippingCharge } from './pricing.ts';

describe('percentOff', () => {
  // [mrp, price, expected] in paise; the spec: a fractional part of 0.25 or more rounds up.
  const table: [number, number, number][] = [
    [8000, 7000, 13], // 12.5 -> 13
    [12000, 9900, 18], // 17.5 -> 18
    [30000, 25000, 17], // 16.67 -> 17
    [15000, 13000, 14], // 13.33 -> 14
    [11000, 10000, 9], // 9.09 -> 9
    [40000, 39900, 1], // 0.25 exactly -> 1
    [40000, 39901, 0], // 0.2475 -> 0
    [10000, 7975, 21], // 20.25 exactly -> 21
    [10000, 7976, 20], // 20.24 -> 20
    [10000, 5000, 50], // whole number stays
    [20000, 20000, 0], // no discount
  ];
  it.each(table)('mrp %i and price %i give %i%%', (mrp, price, expected) => {
    expect(percentOff(mrp, price)).toBe(expected);
  });

  it('is 0 when mrp or price is zero, or mrp is not above price', () => {
    expect(percentOff(0, 100)).toBe(0);
    expect(percentOff(100, 0)).toBe(0);
    expect(percentOff(100, 150)).toBe(0);
  });

  it('agrees with the exact rational rule for every integer pair', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (a, b) => {
          const mrp = Math.max(a, b);
          const price = Math.min(a, b);
          const n = percentOff(mrp, price);
          if (mrp === price) return n === 0;
          // n - 1 + 0.25 <= exact < n + 0.25, checked in integers: 4*(mrp-price)*100 vs (4n±3)*mrp
          const scaled = 400 * (mrp - price);
          return scaled >= (4 * n - 3) * mrp && scaled < (4 * n + 1) * mrp && n >= 0 && n <= 100;
        },
      ),
    );
  });
});

describe('shipping', () => {
  const milestones = [
    { minCartValuePaise: 49900, shippingChargePaise: 0 },
    { minCartValuePaise: 0, shippingChargePaise: 9000 },
    { minCartValuePaise: 29900, shippingChargePaise: 4900 },
  ];

  it('charges the highest milestone at or below the subtotal', () => {
    expect(shippingCharge(milestones, 10000)).toBe(9000);
    expect(shippingCharge(milestones, 29900)).toBe(4900);
    expect(shippingCharge(milestones, 49899)).toBe(4900);
    expect(shippingCharge(milestones, 49900)).toBe(0);
  });

  it('charges the first milestone when the subtotal is below all of them', () => {
    expect(shippingCharge([{ minCartValuePaise: 10000, shippingChargePaise: 5000 }], 500)).toBe(5000);
  });

  it('charges nothing without milestones', () => {
    expect(shippingCharge([], 500)).toBe(0);
  });

  it('names the next cheaper milestone and how much more to add', () => {
    expect(nextMilestone(milestones, 20000)).toEqual({
      minCartValuePaise: 29900,
      shippingChargePaise: 4900,
      amountToGoPaise: 9900,
    });
    expect(nextMilestone(milestones, 30000)).toEqual({
      minCartValuePaise: 49900,
      shippingChargePaise: 0,
      amountToGoPaise: 19900,
    });
    expect(nextMilestone(milestones, 50000)).toBeNull();
  });

  it('takes the lowest milestone charge as the base charge', () => {
    expect(baseShippingCharge(milestones)).toBe(9000);
  });
});

describe('orderTotal', () => {
  it('is subtotal minus coupon plus delivery plus platform fee', () => {
    expect(orderTotal({ subtotal: 50000, couponDiscount: 5000, deliveryCharge: 0, platformFee: 900 })).toBe(
      45900,
    );
  });

  it('never goes below zero', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (subtotal, couponDiscount, deliveryCharge, platformFee) => {
          return orderTotal({ subtotal, couponDiscount, deliveryCharge, platformFee }) >= 0;
        },
      ),
    );
  });
});
