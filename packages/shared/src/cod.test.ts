import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COD_MESSAGES,
  type CodRules,
  codAvailability,
  orderTotalLabel,
  type PrepaidDiscount,
  payNowLabel,
  payNowOffer,
  payOnDeliveryNotice,
  percentLabel,
  percentOf,
  placeCodOrderLabel,
  prepaidDiscountPaise,
  saveByPayingOnline,
} from './cod.ts';
import { orderTotal } from './pricing.ts';

const rules: CodRules = {
  enabled: true,
  feePaise: 2900,
  minOrderPaise: 20000,
  maxOrderPaise: 300000,
  blockedPincodes: ['400001', '7901'],
  rtoLimit: 2,
};

describe('codAvailability', () => {
  // [change to the rules, order value, pincode, RTO count, expected reason or null when available]
  const table: [Partial<CodRules>, number, string | null, number, string | null][] = [
    [{}, 100000, '560001', 0, null],
    [{}, 300000, '560001', 1, null], // exactly the maximum is allowed
    [{}, 300001, '560001', 0, 'Cash on delivery is not available above ₹3,000.'],
    [{}, 20000, '560001', 0, null], // exactly the minimum is allowed
    [{}, 19999, '560001', 0, 'Cash on delivery is available on orders of ₹200 or more.'],
    [{}, 100000, '400001', 0, 'Cash on delivery is not available for this pincode.'],
    [{}, 100000, '790123', 0, 'Cash on delivery is not available for this pincode.'], // prefix
    [{}, 100000, '400002', 0, null],
    [{}, 100000, null, 0, null], // no address chosen yet: only the pincode rule waits
    [{}, 100000, '560001', 2, COD_MESSAGES.rto],
    [{ rtoLimit: 3 }, 100000, '560001', 2, null],
    [{ enabled: false }, 100000, '560001', 0, COD_MESSAGES.off],
    [{ maxOrderPaise: null }, 99_999_999, '560001', 0, null],
    [{ minOrderPaise: 0 }, 0, '560001', 0, null],
  ];
  it.each(table)(
    'rules %o, value %i, pincode %s, %i returns -> %s',
    (change, value, pincode, rto, reason) => {
      const result = codAvailability({
        rules: { ...rules, ...change },
        orderValuePaise: value,
        pincode,
        rtoCount: rto,
      });
      expect(result).toEqual(reason === null ? { available: true } : { available: false, reason });
    },
  );

  it('is never available when switched off, whatever the order', () => {
    fc.assert(
      fc.property(fc.nat(), fc.string(), fc.nat(), (value, pincode, rto) => {
        const r = codAvailability({
          rules: { ...rules, enabled: false },
          orderValuePaise: value,
          pincode,
          rtoCount: rto,
        });
        return !r.available;
      }),
    );
  });

  it('is available exactly when the value is within bounds, the pincode is open and returns are below the limit', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1_000_000 }),
        fc.stringMatching(/^[1-9][0-9]{5}$/),
        fc.nat({ max: 5 }),
        (value, pincode, rto) => {
          const r = codAvailability({ rules, orderValuePaise: value, pincode, rtoCount: rto });
          const expected =
            value >= 20000 &&
            value <= 300000 &&
            rto < 2 &&
            pincode !== '400001' &&
            !pincode.startsWith('7901');
          return r.available === expected;
        },
      ),
    );
  });
});

describe('prepaidDiscountPaise', () => {
  const table: [Parameters<typeof prepaidDiscountPaise>[0], number, number][] = [
    [null, 100000, 0],
    [{ type: 'PERCENT', percent: 5, maxDiscountPaise: 5000 }, 50000, 2500],
    [{ type: 'PERCENT', percent: 5, maxDiscountPaise: 5000 }, 200000, 5000], // capped
    [{ type: 'PERCENT', percent: 5, maxDiscountPaise: null }, 200000, 10000],
    [{ type: 'PERCENT', percent: 3, maxDiscountPaise: null }, 33333, 999], // rounds down
    [{ type: 'FLAT', amountPaise: 2500 }, 50000, 2500],
    [{ type: 'FLAT', amountPaise: 2500 }, 1000, 1000], // never more than the goods
    [{ type: 'FLAT', amountPaise: 2500 }, 0, 0],
  ];
  it.each(table)('%o on %i paise gives %i', (discount, goods, expected) => {
    expect(prepaidDiscountPaise(discount, goods)).toBe(expected);
  });

  it('is a whole number of paise between zero, the cap and the goods', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.option(fc.nat({ max: 1_000_000 }), { nil: null }),
        fc.nat({ max: 10_000_000 }),
        (percent, cap, goods) => {
          const d = prepaidDiscountPaise({ type: 'PERCENT', percent, maxDiscountPaise: cap }, goods);
          return Number.isInteger(d) && d >= 0 && d <= goods && (cap === null || d <= cap);
        },
      ),
    );
  });
});

describe('orderTotal with COD fee and prepaid discount', () => {
  it('adds the COD fee and subtracts the prepaid discount', () => {
    const base = { subtotal: 50000, couponDiscount: 5000, deliveryCharge: 4900, platformFee: 900 };
    expect(orderTotal({ ...base, codFee: 2900 })).toBe(53700);
    expect(orderTotal({ ...base, prepaidDiscount: 2250 })).toBe(48550);
  });

  it('the COD total is the online total plus the fee when there is no prepaid discount', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (subtotal, coupon, delivery, fee, codFee) => {
          const couponDiscount = Math.min(coupon, subtotal);
          const parts = { subtotal, couponDiscount, deliveryCharge: delivery, platformFee: fee };
          return orderTotal({ ...parts, codFee }) === orderTotal(parts) + codFee;
        },
      ),
    );
  });
});

describe('COD texts', () => {
  it('are the issue texts', () => {
    expect(saveByPayingOnline(2500)).toBe('Save ₹25 by paying online');
    expect(placeCodOrderLabel(53700)).toBe('Place Order (Pay ₹537 on delivery)');
    expect(payOnDeliveryNotice(53700)).toBe('Pay ₹537 in cash or UPI when your order arrives.');
  });
});

describe('percentOf', () => {
  it('gives one decimal, and nothing to show without a whole', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(0, 5)).toBe(0);
    expect(percentOf(0, 0)).toBeNull();
    expect(percentLabel(null)).toBe('–');
    expect(percentLabel(12.5)).toBe('12.5%');
  });
});

describe('payNowOffer', () => {
  // ₹400 of goods, ₹40 coupon, ₹49 delivery, ₹9 platform fee, ₹29 COD fee: ₹447 on delivery.
  const order = {
    status: 'PLACED',
    paymentMode: 'COD' as 'COD' | 'RAZORPAY',
    subtotalPaise: 40_000,
    couponDiscountPaise: 4_000,
    deliveryPaise: 4_900,
    platformFeePaise: 900,
    codFeePaise: 2_900,
  };
  // [change to the order, prepaid discount, expected { total, saving } or null]
  const table: [Partial<typeof order>, PrepaidDiscount | null, { total: number; saving: number } | null][] = [
    [{}, null, { total: 41_800, saving: 2_900 }],
    // 5% of the goods after the coupon (₹360) is ₹18.
    [{}, { type: 'PERCENT', percent: 5, maxDiscountPaise: null }, { total: 40_000, saving: 4_700 }],
    [{}, { type: 'PERCENT', percent: 5, maxDiscountPaise: 1_000 }, { total: 40_800, saving: 3_900 }],
    [{}, { type: 'FLAT', amountPaise: 2_500 }, { total: 39_300, saving: 5_400 }],
    [{ codFeePaise: 0 }, null, { total: 41_800, saving: 0 }],
    [{ status: 'CONFIRMED' }, null, { total: 41_800, saving: 2_900 }],
    [{ status: 'PACKED' }, null, { total: 41_800, saving: 2_900 }],
    [{ status: 'SHIPPED' }, null, null],
    [{ status: 'DELIVERED' }, null, null],
    [{ status: 'CANCELLED' }, null, null],
    [{ status: 'RTO' }, null, null],
    [{ paymentMode: 'RAZORPAY' }, null, null],
    // Nothing left to pay online (under ₹1): stays cash on delivery.
    [{ subtotalPaise: 4_000, deliveryPaise: 0, platformFeePaise: 0 }, null, null],
  ];
  it.each(table)('%o with %o -> %o', (change, discount, expected) => {
    const offer = payNowOffer({ ...order, ...change }, discount);
    if (expected === null) return expect(offer).toBeNull();
    expect(offer).toMatchObject({ totalPaise: expected.total, savingPaise: expected.saving });
  });

  it('always costs the COD total minus the saving', () => {
    fc.assert(
      fc.property(
        fc.nat(500_000),
        fc.nat(100),
        fc.nat(10_000),
        fc.integer({ min: 1, max: 50 }),
        (goods, off, fee, pct) => {
          const o = {
            ...order,
            subtotalPaise: goods,
            couponDiscountPaise: Math.min(off * 100, goods),
            codFeePaise: fee,
          };
          const offer = payNowOffer(o, { type: 'PERCENT', percent: pct, maxDiscountPaise: null });
          const codTotal = orderTotal({
            subtotal: o.subtotalPaise,
            couponDiscount: o.couponDiscountPaise,
            deliveryCharge: o.deliveryPaise,
            platformFee: o.platformFeePaise,
            codFee: o.codFeePaise,
          });
          if (offer) expect(offer.totalPaise).toBe(codTotal - offer.savingPaise);
        },
      ),
    );
  });

  it('labels the button with the saving, or plainly when there is none', () => {
    expect(payNowLabel(4_700, 36_100)).toBe('Pay ₹361 now and save ₹47');
    expect(payNowLabel(0, 36_100)).toBe('Pay ₹361 now');
  });
});

describe('orderTotalLabel', () => {
  it.each([
    ['COD_PENDING', 'PLACED', 'To collect on delivery'],
    ['COD_PENDING', 'SHIPPED', 'To collect on delivery'],
    ['COD_PENDING', 'CANCELLED', 'Order total (not collected)'],
    ['COD_PENDING', 'RTO', 'Order total (not collected)'],
    ['COD_COLLECTED', 'DELIVERED', 'Collected in cash'],
    ['PAID', 'PLACED', 'Total paid'],
    ['REFUNDED', 'CANCELLED', 'Total paid'],
  ])('a %s order that is %s: %s', (paymentStatus, status, label) => {
    expect(orderTotalLabel({ paymentStatus, status })).toBe(label);
  });
});
