import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancelConfirmText,
  cancellationRefundPaise,
  DUPLICATE_REFUND_LINE,
  paymentStatusAfterRefunds,
  planLineRefund,
  type RefundableLine,
  refundShare,
  refundStatusText,
  unitsLeft,
} from './refunds.ts';

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

describe('planLineRefund', () => {
  // The order: ₹425 paid for ₹400 of goods, turmeric ₹100 × 3 and chaat ₹50 × 2.
  const lines: RefundableLine[] = [
    { id: 1, label: 'Turmeric 200 g', quantity: 3, pricePaise: 10_000, refundedUnits: 0 },
    { id: 2, label: 'Chaat masala 100 g', quantity: 2, pricePaise: 5_000, refundedUnits: 0 },
  ];
  const plan = (asked: { itemId: number; quantity: number }[], refunded: number[] = [0, 0]) =>
    planLineRefund({
      lines: lines.map((l, i) => ({ ...l, refundedUnits: refunded[i] ?? 0 })),
      asked,
      totalPaise: 42_500,
      subtotalPaise: 40_000,
    });

  it.each([
    // [asked, refunded before, result]
    [[{ itemId: 2, quantity: 1 }], [0, 0], { ok: true, amountPaise: 5_312 }],
    [
      [
        { itemId: 1, quantity: 2 },
        { itemId: 2, quantity: 1 },
      ],
      [0, 0],
      { ok: true, amountPaise: 26_562 },
    ],
    [
      [
        { itemId: 2, quantity: 1 },
        { itemId: 2, quantity: 1 },
      ],
      [0, 0],
      { ok: false, message: DUPLICATE_REFUND_LINE },
    ],
    [
      [
        { itemId: 2, quantity: 1 },
        { itemId: 2, quantity: 1 },
        { itemId: 2, quantity: 1 },
      ],
      [0, 0],
      { ok: false, message: DUPLICATE_REFUND_LINE },
    ],
    [
      [{ itemId: 2, quantity: 2 }],
      [0, 1],
      { ok: false, message: 'Only 1 of Chaat masala 100 g left to refund.' },
    ],
    [
      [{ itemId: 1, quantity: 1 }],
      [3, 0],
      { ok: false, message: 'Only 0 of Turmeric 200 g left to refund.' },
    ],
    [[{ itemId: 9, quantity: 1 }], [0, 0], { ok: false, message: 'That line is not part of this order.' }],
    // The last unit takes whatever the floors left: the refunds sum to the ₹425 paid.
    [[{ itemId: 2, quantity: 1 }], [3, 1], { ok: true, amountPaise: 42_500 - 37_187 }],
  ] as const)('%j after %j → %j', (asked, refunded, expected) => {
    expect(plan([...asked], [...refunded])).toMatchObject(expected);
  });

  it('never returns more than was paid, for the order or for a line, whatever is asked', () => {
    const anOrder = fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 5 }),
        pricePaise: fc.integer({ min: 100, max: 100_000 }),
      }),
      { minLength: 1, maxLength: 5 },
    );
    const requests = fc.array(
      fc.array(
        fc.record({ line: fc.integer({ min: 0, max: 5 }), quantity: fc.integer({ min: 1, max: 6 }) }),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
      { maxLength: 10 },
    );
    fc.assert(
      fc.property(anOrder, fc.integer({ min: -20, max: 40 }), requests, (order, feesPercent, asks) => {
        const subtotal = order.reduce((a, l) => a + l.quantity * l.pricePaise, 0);
        const total = Math.max(0, subtotal + Math.floor((subtotal * feesPercent) / 100));
        const state: RefundableLine[] = order.map((l, i) => ({
          id: i + 1,
          label: `L${i}`,
          ...l,
          refundedUnits: 0,
        }));
        let refunded = 0;
        for (const ask of asks) {
          const asked = ask.map((a) => ({ itemId: a.line + 1, quantity: a.quantity }));
          const result = planLineRefund({ lines: state, asked, totalPaise: total, subtotalPaise: subtotal });
          if (!result.ok) continue;
          const chosen = result.lines.reduce((a, l) => a + l.valuePaise, 0);
          // No request gives more than its units' share of what was paid (to the paisa above).
          expect(result.amountPaise).toBeLessThanOrEqual(Math.ceil((total * chosen) / subtotal));
          for (const l of result.lines) state[l.itemId - 1]!.refundedUnits += l.quantity;
          refunded += result.amountPaise;
        }
        for (const l of state) expect(l.refundedUnits).toBeLessThanOrEqual(l.quantity);
        expect(refunded).toBeLessThanOrEqual(total);
        // What a cancel or RTO then refunds: the rest, all the units left.
        const rest = unitsLeft(state);
        for (const r of rest)
          expect(r.quantity).toBe(state[r.itemId - 1]!.quantity - state[r.itemId - 1]!.refundedUnits);
        if (rest.length === 0) expect(refunded).toBe(total);
      }),
    );
  });
});

describe('paymentStatusAfterRefunds', () => {
  it.each([
    [42_500, 0, 'PAID'],
    [42_500, 5_312, 'PARTIALLY_REFUNDED'],
    [42_500, 42_499, 'PARTIALLY_REFUNDED'],
    [42_500, 42_500, 'REFUNDED'],
  ] as const)('paid %i, processed %i → %s', (total, processed, expected) => {
    expect(paymentStatusAfterRefunds(total, processed)).toBe(expected);
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
