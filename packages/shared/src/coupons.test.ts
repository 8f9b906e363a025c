import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CouponRule,
  couponBlock,
  couponBlockText,
  couponDiscount,
  percentDiscountPaise,
} from './coupons.ts';
import { orderTotal } from './pricing.ts';

const percent = (bp: number, maxPaise: number | null = null, minPaise = 0): CouponRule => ({
  discountType: 'PERCENT',
  discountValue: bp,
  maxDiscountPaise: maxPaise,
  minCartValuePaise: minPaise,
});
const rupees = (r: number) => r * 100;

describe('percent coupons give whole rupees, rounded half up', () => {
  // [percent in basis points, subtotal ₹, cap ₹ or null, discount ₹]
  const table: [number, number, number | null, number][] = [
    [1000, 482, null, 48], // ₹48.20 -> ₹48
    [1000, 455, null, 46], // ₹45.50 exactly -> ₹46 (half up)
    [1000, 454, null, 45], // ₹45.40 -> ₹45
    [1000, 459, null, 46], // ₹45.90 -> ₹46
    [1250, 100, null, 13], // 12.5% of ₹100 = ₹12.50 -> ₹13
    [1500, 333, null, 50], // ₹49.95 -> ₹50
    [333, 1000, null, 33], // 3.33% of ₹1000 = ₹33.30 -> ₹33
    [1000, 2000, 100, 100], // capped at ₹100
    [1000, 1004, 100, 100], // ₹100.40 rounds to ₹100, the cap
    [2000, 1000, 99.5, 99], // a cap with paise is floored: never more than the cap
    [10_000, 250, null, 250], // 100% of the subtotal
    [100, 40, null, 0], // 1% of ₹40 = ₹0.40 -> nothing
    [100, 50, null, 1], // 1% of ₹50 = ₹0.50 -> ₹1
  ];
  it.each(table)('%i bp of ₹%d with cap ₹%s gives ₹%d', (bp, subtotal, cap, expected) => {
    expect(couponDiscount(percent(bp, cap === null ? null : Math.round(cap * 100)), rupees(subtotal))).toBe(
      rupees(expected),
    );
  });

  it('gives nothing below the minimum cart value', () => {
    expect(couponDiscount(percent(1000, null, rupees(299)), rupees(298))).toBe(0);
    expect(couponDiscount(percent(1000, null, rupees(299)), rupees(299))).toBe(rupees(30)); // ₹29.90
  });

  it('is within 50 paise of the exact percent, and exactly 50 paise rounds up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (bp, subtotal) => {
          const d = percentDiscountPaise(subtotal, bp);
          // The exact discount is subtotal*bp/10,000 paise; compare scaled by 10,000 to stay in integers.
          const diff = d * 10_000 - subtotal * bp;
          return d % 100 === 0 && diff > -500_000 && diff <= 500_000;
        },
      ),
    );
  });

  it('keeps every total in whole rupees when prices, cap, delivery and fee are whole rupees', () => {
    const wholeRupees = (max: number) => fc.integer({ min: 0, max }).map(rupees);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.option(wholeRupees(5000), { nil: null }),
        wholeRupees(1000),
        wholeRupees(100_000),
        wholeRupees(200),
        wholeRupees(50),
        (bp, cap, min, subtotal, delivery, fee) => {
          const d = couponDiscount(percent(bp, cap, min), subtotal);
          const total = orderTotal({
            subtotal,
            couponDiscount: d,
            deliveryCharge: delivery,
            platformFee: fee,
          });
          return d % 100 === 0 && total % 100 === 0 && d >= 0 && d <= subtotal && (cap === null || d <= cap);
        },
      ),
    );
  });

  it('never gives less on a bigger cart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.option(fc.integer({ min: 1, max: 500_000 }), { nil: null }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (bp, cap, a, b) => {
          const [small, big] = a <= b ? [a, b] : [b, a];
          return couponDiscount(percent(bp, cap), small) <= couponDiscount(percent(bp, cap), big);
        },
      ),
    );
  });
});

describe('couponBlock: what stops one shopper from using a live coupon', () => {
  const once = { perUserLimit: 1, minCartValuePaise: rupees(299) };
  const table: [
    string,
    { perUserLimit: number | null; minCartValuePaise: number },
    number,
    number,
    string | null,
  ][] = [
    ['usable', once, 0, rupees(300), null],
    ['usable at exactly the minimum', once, 0, rupees(299), null],
    ['cart too small', once, 0, rupees(250), 'Add ₹49 more to use this coupon.'],
    ['used by this shopper', once, 1, rupees(500), 'You have already used this coupon.'],
    [
      'used wins over a small cart (adding would not help)',
      once,
      1,
      rupees(10),
      'You have already used this coupon.',
    ],
    ['no per-shopper limit', { perUserLimit: null, minCartValuePaise: 0 }, 7, rupees(1), null],
    ['two uses allowed, one taken', { perUserLimit: 2, minCartValuePaise: 0 }, 1, rupees(1), null],
    ['paise in the amount to go', once, 0, 29_850, 'Add ₹0.50 more to use this coupon.'],
  ];
  it.each(table)('%s', (_name, coupon, uses, subtotal, expected) => {
    const block = couponBlock(coupon, { usesByShopper: uses, subtotalPaise: subtotal });
    expect(block === null ? null : couponBlockText(block)).toBe(expected);
  });

  it('keeps a first-order coupon from a shopper with an earlier order, before any other reason', () => {
    const first = { ...once, firstOrderOnly: true };
    const text = (b: ReturnType<typeof couponBlock>) => (b === null ? null : couponBlockText(b));
    expect(
      text(couponBlock(first, { usesByShopper: 0, subtotalPaise: rupees(300), hasEarlierOrder: false })),
    ).toBe(null);
    expect(
      text(couponBlock(first, { usesByShopper: 1, subtotalPaise: rupees(10), hasEarlierOrder: true })),
    ).toBe('This coupon is for your first order only.');
    expect(
      text(couponBlock(once, { usesByShopper: 0, subtotalPaise: rupees(300), hasEarlierOrder: true })),
    ).toBe(null);
  });

  it('blocks exactly when the discount rule would give nothing for the cart, or the uses are taken', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 200_000 }),
        (perUserLimit, min, uses, subtotal) => {
          const block = couponBlock(
            { perUserLimit, minCartValuePaise: min },
            { usesByShopper: uses, subtotalPaise: subtotal },
          );
          const usedUp = perUserLimit !== null && uses >= perUserLimit;
          if (usedUp) return block?.reason === 'used';
          if (subtotal < min)
            return block?.reason === 'cart-too-small' && block.amountToGoPaise === min - subtotal;
          return (
            block === null &&
            couponDiscount(percent(1000, null, min), subtotal) === percentDiscountPaise(subtotal, 1000)
          );
        },
      ),
    );
  });
});
