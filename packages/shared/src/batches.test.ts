import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateFefo,
  type BatchUnits,
  bestBeforeFrom,
  datedBatchNumber,
  dayNumber,
  dayOf,
  daysToBestBefore,
  isSellable,
  istDay,
  nearExpiry,
  sellableUnits,
  takeNearestFirst,
} from './batches.ts';

const TODAY = '2026-11-29';
const b = (batchNumber: string, bestBefore: string, onHand: number, recalled = false): BatchUnits => ({
  batchNumber,
  bestBefore,
  onHand,
  recalled,
});

describe('isSellable', () => {
  // [best-before, recalled, minimum shelf life days, sellable]
  const table: [string, boolean, number, boolean][] = [
    ['2027-11-29', false, 30, true],
    ['2026-12-30', false, 30, true], // 31 days away
    ['2026-12-29', false, 30, false], // exactly 30 days away is not more than 30
    ['2026-11-28', false, 0, false], // past
    ['2026-11-30', false, 0, true],
    ['2027-11-29', true, 30, false], // recalled
  ];
  it.each(table)('best before %s, recalled %s, minimum %i days -> %s', (bb, recalled, min, expected) => {
    expect(isSellable({ bestBefore: bb, recalled }, TODAY, min)).toBe(expected);
  });
});

describe('allocateFefo', () => {
  const batches = [
    b('LATE', '2027-09-01', 5),
    b('EARLY', '2027-03-01', 3),
    b('NEAR', '2026-12-15', 10), // within 30 days: not sellable
    b('BAD', '2027-01-15', 10, true), // recalled
  ];
  it.each([
    [0, []],
    [2, [{ batchNumber: 'EARLY', quantity: 2 }]],
    [3, [{ batchNumber: 'EARLY', quantity: 3 }]],
    [
      4,
      [
        { batchNumber: 'EARLY', quantity: 3 },
        { batchNumber: 'LATE', quantity: 1 },
      ],
    ],
    [
      8,
      [
        { batchNumber: 'EARLY', quantity: 3 },
        { batchNumber: 'LATE', quantity: 5 },
      ],
    ],
    [9, null],
  ] as const)('takes %i units as %j', (quantity, expected) => {
    expect(allocateFefo(batches, quantity, TODAY, 30)).toEqual(expected);
  });

  const batchArb = fc.record({
    batchNumber: fc.stringMatching(/^[A-Z0-9]{1,6}$/),
    bestBefore: fc.integer({ min: dayNumber('2026-10-01'), max: dayNumber('2028-12-31') }).map(dayOf),
    onHand: fc.integer({ min: 0, max: 50 }),
    recalled: fc.boolean(),
  });
  const batchesArb = fc.uniqueArray(batchArb, { selector: (x) => x.batchNumber, maxLength: 8 });

  it('never takes an expired or recalled unit, nor more than a batch holds, and adds up to the line', () => {
    fc.assert(
      fc.property(
        batchesArb,
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 90 }),
        (list, q, min) => {
          const taken = allocateFefo(list, q, TODAY, min);
          const available = sellableUnits(list, TODAY, min);
          if (q > available) {
            expect(taken).toBeNull();
            return;
          }
          expect(taken).not.toBeNull();
          expect(taken!.reduce((s, a) => s + a.quantity, 0)).toBe(q);
          for (const a of taken!) {
            const batch = list.find((x) => x.batchNumber === a.batchNumber)!;
            expect(isSellable(batch, TODAY, min)).toBe(true);
            expect(a.quantity).toBeGreaterThan(0);
            expect(a.quantity).toBeLessThanOrEqual(batch.onHand);
          }
        },
      ),
    );
  });

  it('leaves a batch untouched only when every batch with an earlier best-before is used up', () => {
    fc.assert(
      fc.property(batchesArb, fc.integer({ min: 1, max: 200 }), (list, q) => {
        const taken = allocateFefo(list, q, TODAY, 30);
        if (!taken) return;
        const used = new Map(taken.map((a) => [a.batchNumber, a.quantity]));
        const last = list.find((x) => x.batchNumber === taken.at(-1)!.batchNumber)!;
        for (const x of list) {
          if (!isSellable(x, TODAY, 30) || x.onHand === 0) continue;
          if (x.bestBefore < last.bestBefore) expect(used.get(x.batchNumber)).toBe(x.onHand);
        }
      }),
    );
  });
});

describe('takeNearestFirst', () => {
  it('takes from the nearest best-before first, expired included, recalled left alone', () => {
    const batches = [b('A', '2027-05-01', 4), b('B', '2026-11-01', 2), b('C', '2026-10-01', 9, true)];
    expect(takeNearestFirst(batches, 3)).toEqual([
      { batchNumber: 'B', quantity: 2 },
      { batchNumber: 'A', quantity: 1 },
    ]);
    expect(takeNearestFirst(batches, 7)).toBeNull();
  });
});

describe('dates', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-11-29', 12, '2027-11-29'],
    ['2026-11-29', null, '2027-11-29'], // no shelf life: a year
    ['2026-05-15', 18, '2027-11-15'],
    ['2024-02-29', 12, '2025-02-28'],
  ] as const)('made %s with %s months is best before %s', (made, months, expected) => {
    expect(bestBeforeFrom(made, months)).toBe(expected);
  });

  it('names a dated batch and counts the days to a best-before', () => {
    expect(datedBatchNumber('2026-11-29')).toBe('R-20261129');
    expect(daysToBestBefore('2026-12-29', TODAY)).toBe(30);
    expect(daysToBestBefore('2026-11-28', TODAY)).toBe(-1);
    expect(istDay(new Date('2026-11-29T19:00:00Z'))).toBe('2026-11-30'); // 00:30 IST
  });

  it('alerts on batches with stock within the window after the minimum shelf life', () => {
    expect(nearExpiry(b('X', '2027-01-28', 1), TODAY, 30, 60)).toBe(true); // 60 days
    expect(nearExpiry(b('X', '2027-03-01', 1), TODAY, 30, 60)).toBe(false); // 92 days
    expect(nearExpiry(b('X', '2027-01-28', 0), TODAY, 30, 60)).toBe(false); // none left
  });
});
