import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancelConfirmText, cancellationRefundPaise, refundShare, refundStatusText } from './refunds.ts';

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

describe('cancellationRefundPaise', () => {
  const paid = { paymentMode: 'RAZORPAY', paymentStatus: 'PAID', totalPaise: 36_100, refunds: [] };
  it('is everything paid online when nothing was refunded yet', () => {
    expect(cancellationRefundPaise(paid)).toBe(36_100);
  });
  it('leaves out earlier refunds, but counts a failed one as not given back', () => {
    const refunds = [
      { amountPaise: 10_000, status: 'processed' as const },
      { amountPaise: 5_000, status: 'pending' as const },
      { amountPaise: 7_000, status: 'failed' as const },
    ];
    expect(cancellationRefundPaise({ ...paid, paymentStatus: 'PARTIALLY_REFUNDED', refunds })).toBe(21_100);
  });
  it('is nothing for cash on delivery or a payment already refunded', () => {
    expect(cancellationRefundPaise({ ...paid, paymentMode: 'COD', paymentStatus: 'COD_PENDING' })).toBe(0);
    expect(cancellationRefundPaise({ ...paid, paymentStatus: 'REFUNDED' })).toBe(0);
  });
  it('is never negative and never more than the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 })),
        (total, amounts) => {
          const refunds = amounts.map((amountPaise) => ({ amountPaise, status: 'processed' as const }));
          const left = cancellationRefundPaise({ ...paid, totalPaise: total, refunds });
          return left >= 0 && left <= total;
        },
      ),
    );
  });
  it('names the refund in the question', () => {
    expect(cancelConfirmText(36_100, false)).toMatch(/^₹361 paid online will be refunded/);
    expect(cancelConfirmText(0, true)).toMatch(/^No money moves/);
  });
});
