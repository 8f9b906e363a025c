import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundShare, refundStatusText } from './refunds.ts';

describe('refundShare', () => {
  // [total, subtotal, refunded before, chosen, expected] in paise.
  const table: [number, number, number, number, number][] = [
    [50_000, 50_000, 0, 50_000, 50_000], // everything at once: the total
    [52_900, 50_000, 0, 50_000, 52_900], // fees included in a full refund
    [52_900, 50_000, 0, 25_000, 26_450], // half the lines: half of everything paid
    [45_000, 50_000, 0, 10_000, 9_000], // a coupon's discount shared too
    [10_001, 30_000, 0, 10_000, 3_333], // floor of the share
    [10_001, 30_000, 10_000, 10_000, 3_334], // the second third
    [10_001, 30_000, 20_000, 10_000, 3_334], // the last takes the remainder
    [10_000, 10_000, 10_000, 5_000, 0], // nothing left
    [10_000, 0, 0, 0, 0],
  ];
  it.each(table)('total %i, subtotal %i, refunded %i, chosen %i → %i', (t, s, r, c, expected) => {
    expect(refundShare({ totalPaise: t, subtotalPaise: s, refundedValuePaise: r, chosenValuePaise: c })).toBe(
      expected,
    );
  });

  it('sums to exactly the total however the lines are split, each refund non-negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 12 }),
        (total, parts) => {
          const subtotal = parts.reduce((a, b) => a + b, 0);
          let refunded = 0;
          let sum = 0;
          for (const chosen of parts) {
            const share = refundShare({
              totalPaise: total,
              subtotalPaise: subtotal,
              refundedValuePaise: refunded,
              chosenValuePaise: chosen,
            });
            if (!Number.isInteger(share) || share < 0) return false;
            sum += share;
            refunded += chosen;
          }
          return sum === total;
        },
      ),
    );
  });

  it('never gives more for fewer lines, nor more than the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (total, subtotal, a, b) => {
          const share = (v: number) =>
            refundShare({
              totalPaise: total,
              subtotalPaise: subtotal,
              refundedValuePaise: 0,
              chosenValuePaise: v,
            });
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          return share(lo) <= share(hi) && share(hi) <= total;
        },
      ),
    );
  });
});

describe('refundStatusText', () => {
  it('says what the shopper reads on the order page', () => {
    expect(refundStatusText('processed', 18_000)).toBe('Refund of ₹180 processed');
    expect(refundStatusText('pending', 18_050)).toBe('Refund of ₹180.50 initiated');
    expect(refundStatusText('failed', 100)).toMatch(/^Refund of ₹1 failed/);
  });
});
