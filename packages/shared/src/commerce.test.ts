import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponDiscount, normaliseCouponCode } from './coupons.ts';
import { canTransition, ORDER_STATUSES, ORDER_TRANSITIONS } from './order-status.ts';
import { orderTotal, shippingCharge } from './pricing.ts';

const percent = (bp: number, max: number | null = null, min = 0) => ({
  discountType: 'PERCENT' as const,
  discountValue: bp,
  maxDiscountPaise: max,
  minCartValuePaise: min,
});
const flat = (paise: number, min = 0) => ({
  discountType: 'FLAT' as const,
  discountValue: paise,
  maxDiscountPaise: null,
  minCartValuePaise: min,
});

describe('couponDiscount', () => {
  it('takes a percentage in whole rupees (see coupons.test.ts), capped by the maximum', () => {
    expect(couponDiscount(percent(1000), 45_050)).toBe(4500);
    expect(couponDiscount(percent(1000), 33_333)).toBe(3300);
    expect(couponDiscount(percent(1000, 10_000), 200_000)).toBe(10_000);
  });
  it('takes a flat amount, never more than the subtotal', () => {
    expect(couponDiscount(flat(5000), 60_000)).toBe(5000);
    expect(couponDiscount(flat(5000), 3000)).toBe(3000);
  });
  it('gives nothing below the minimum cart value or on an empty cart', () => {
    expect(couponDiscount(flat(5000, 49_900), 49_899)).toBe(0);
    expect(couponDiscount(flat(5000, 49_900), 49_900)).toBe(5000);
    expect(couponDiscount(percent(1000), 0)).toBe(0);
  });
  it('is always a whole number of paise between 0 and the subtotal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (bp, max, subtotal) => {
          const d = couponDiscount(percent(bp, max), subtotal);
          return Number.isInteger(d) && d >= 0 && d <= subtotal && (max === null || d <= max);
        },
      ),
    );
  });
  it('normalises codes by trimming and upper-casing', () => {
    expect(normaliseCouponCode('  welcome10 ')).toBe('WELCOME10');
  });
});

describe('order totals in paise', () => {
  it('total = subtotal − coupon + delivery + fee, exact and whole', () => {
    const milestones = [
      { minCartValuePaise: 0, shippingChargePaise: 9000 },
      { minCartValuePaise: 29_900, shippingChargePaise: 4900 },
      { minCartValuePaise: 49_900, shippingChargePaise: 0 },
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ price: fc.integer({ min: 100, max: 100_000 }), qty: fc.integer({ min: 1, max: 10 }) }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 5000 }),
        (lines, bp, fee) => {
          const subtotal = lines.reduce((s, l) => s + l.price * l.qty, 0);
          const coupon = couponDiscount(percent(bp), subtotal);
          const delivery = shippingCharge(milestones, subtotal);
          const total = orderTotal({
            subtotal,
            couponDiscount: coupon,
            deliveryCharge: delivery,
            platformFee: fee,
          });
          expect(Number.isInteger(total)).toBe(true);
          expect(total).toBe(subtotal - coupon + delivery + fee);
          expect(delivery).toBe(subtotal >= 49_900 ? 0 : subtotal >= 29_900 ? 4900 : 9000);
        },
      ),
    );
  });
});

describe('order status transitions', () => {
  it('moves forward one step at a time to delivered', () => {
    expect(canTransition('PLACED', 'CONFIRMED')).toBe(true);
    expect(canTransition('CONFIRMED', 'PACKED')).toBe(true);
    expect(canTransition('PACKED', 'SHIPPED')).toBe(true);
    expect(canTransition('SHIPPED', 'DELIVERED')).toBe(true);
    expect(canTransition('PLACED', 'DELIVERED')).toBe(false);
    expect(canTransition('PLACED', 'SHIPPED')).toBe(false);
  });
  it('cancels only before shipping, and never leaves a final status', () => {
    expect(canTransition('PACKED', 'CANCELLED')).toBe(true);
    expect(canTransition('SHIPPED', 'CANCELLED')).toBe(false);
    for (const to of ORDER_STATUSES) {
      expect(canTransition('DELIVERED', to)).toBe(false);
      expect(canTransition('CANCELLED', to)).toBe(false);
    }
  });
  it('returns to origin (RTO) only from shipped, and RTO is final', () => {
    expect(canTransition('SHIPPED', 'RTO')).toBe(true);
    for (const from of ORDER_STATUSES) if (from !== 'SHIPPED') expect(canTransition(from, 'RTO')).toBe(false);
    for (const to of ORDER_STATUSES) expect(canTransition('RTO', to)).toBe(false);
  });
  it('never goes back to an earlier status', () => {
    const order = ['PLACED', 'CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED'];
    for (const [from, tos] of Object.entries(ORDER_TRANSITIONS)) {
      for (const to of tos)
        if (to !== 'CANCELLED' && to !== 'RTO') expect(order.indexOf(to)).toBe(order.indexOf(from) + 1);
    }
  });
});
