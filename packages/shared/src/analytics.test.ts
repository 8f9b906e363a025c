import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bucketOf,
  bucketsOf,
  cohortTable,
  daysIn,
  isBot,
  istDay,
  presetRange,
  previousRange,
  RANGE_MESSAGES,
  rangeInstants,
  rangeProblem,
  rarelyBought,
  rate,
  rupees,
  searchTerm,
} from './analytics.ts';

// 29 Nov 2026, 00:30 IST is still 28 Nov in UTC: the presets go by the Indian day.
const now = new Date('2026-11-28T19:00:00Z');

describe('presetRange', () => {
  const table: [Parameters<typeof presetRange>[0], string, string][] = [
    ['today', '2026-11-29', '2026-11-29'],
    ['yesterday', '2026-11-28', '2026-11-28'],
    ['last7', '2026-11-23', '2026-11-29'],
    ['last30', '2026-10-31', '2026-11-29'],
    ['last90', '2026-09-01', '2026-11-29'],
    ['thisMonth', '2026-11-01', '2026-11-29'],
    ['lastMonth', '2026-10-01', '2026-10-31'],
  ];
  it.each(table)('%s is %s to %s in IST', (preset, from, to) => {
    expect(presetRange(preset, now)).toEqual({ from, to });
  });

  it('takes last month across a year end', () => {
    expect(presetRange('lastMonth', new Date('2027-01-10T10:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });
});

describe('previousRange', () => {
  const table: [string, string, string, string][] = [
    ['2026-11-29', '2026-11-29', '2026-11-28', '2026-11-28'],
    ['2026-11-23', '2026-11-29', '2026-11-16', '2026-11-22'],
    ['2026-10-01', '2026-10-31', '2026-08-31', '2026-09-30'],
    ['2024-03-01', '2024-03-01', '2024-02-29', '2024-02-29'],
  ];
  it.each(table)('%s to %s follows %s to %s', (from, to, pFrom, pTo) => {
    expect(previousRange({ from, to })).toEqual({ from: pFrom, to: pTo });
  });

  it('is as long as the range and ends the day before it begins', () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2020-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 730 }), (from, len) => {
        const r = { from, to: addDays(from, len) };
        const p = previousRange(r);
        expect(daysIn(p)).toBe(daysIn(r));
        expect(addDays(p.to, 1)).toBe(r.from);
      }),
    );
  });
});

describe('rangeProblem', () => {
  const table: [string, string, string | null][] = [
    ['2026-11-01', '2026-11-30', null],
    ['2026-11-30', '2026-11-30', null],
    ['2026-12-01', '2026-11-30', RANGE_MESSAGES.reversed],
    ['2024-11-30', '2026-11-29', null], // exactly two years
    ['2024-11-30', '2026-11-30', RANGE_MESSAGES.tooLong],
    ['2024-02-29', '2026-02-28', null],
    ['2024-02-29', '2026-03-01', RANGE_MESSAGES.tooLong],
    ['2026-02-30', '2026-03-01', RANGE_MESSAGES.badDay],
    ['2026-1-01', '2026-03-01', RANGE_MESSAGES.badDay],
  ];
  it.each(table)('%s to %s -> %s', (from, to, problem) => {
    expect(rangeProblem({ from, to })).toBe(problem);
  });
});

describe('days and buckets', () => {
  it('reads an instant on an Indian clock', () => {
    expect(istDay(new Date('2026-11-28T18:29:59Z'))).toBe('2026-11-28');
    expect(istDay(new Date('2026-11-28T18:30:00Z'))).toBe('2026-11-29');
  });

  it('covers a range from its first IST midnight to the one after its last day', () => {
    expect(rangeInstants({ from: '2026-11-01', to: '2026-11-02' })).toEqual({
      start: new Date('2026-10-31T18:30:00Z'),
      end: new Date('2026-11-02T18:30:00Z'),
    });
  });

  const table: [string, 'day' | 'week' | 'month', string][] = [
    ['2026-11-29', 'day', '2026-11-29'],
    ['2026-11-29', 'week', '2026-11-23'], // a Sunday belongs to the Monday before
    ['2026-11-23', 'week', '2026-11-23'],
    ['2026-11-29', 'month', '2026-11-01'],
  ];
  it.each(table)('%s by %s falls in %s', (day, g, bucket) => {
    expect(bucketOf(day, g)).toBe(bucket);
  });

  it('lists every bucket once, in order, each day of the range in one of them', () => {
    const day = fc.integer({ min: 0, max: 2000 }).map((n) => addDays('2021-01-01', n));
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('day', 'week', 'month'),
        (from, len, g) => {
          const r = { from, to: addDays(from, len) };
          const buckets = bucketsOf(r, g as 'day');
          expect([...buckets].sort()).toEqual(buckets);
          expect(new Set(buckets).size).toBe(buckets.length);
          for (let i = 0; i <= len; i += 7) expect(buckets).toContain(bucketOf(addDays(from, i), g as 'day'));
          expect(buckets).toContain(bucketOf(r.to, g as 'day'));
        },
      ),
    );
  });
});

describe('cohortTable', () => {
  it('gives each cohort the share of its customers who ordered again in each later month', () => {
    const rows = cohortTable(
      [
        { cohort: '2026-09', month: '2026-09', customers: 4 },
        { cohort: '2026-09', month: '2026-10', customers: 1 },
        { cohort: '2026-09', month: '2026-11', customers: 2 },
        { cohort: '2026-10', month: '2026-10', customers: 3 },
      ],
      '2026-11',
    );
    expect(rows).toEqual([
      {
        cohort: '2026-09',
        customers: 4,
        later: [
          { offset: 1, month: '2026-10', customers: 1, share: 25 },
          { offset: 2, month: '2026-11', customers: 2, share: 50 },
        ],
      },
      { cohort: '2026-10', customers: 3, later: [{ offset: 1, month: '2026-11', customers: 0, share: 0 }] },
    ]);
  });

  it('never gives a share above 100 % when no more come back than joined', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.array(fc.nat(), { maxLength: 6 }), (size, back) => {
        const counts = [
          { cohort: '2026-01', month: '2026-01', customers: size },
          ...back.map((n, i) => ({
            cohort: '2026-01',
            month: `2026-0${i + 2}`,
            customers: Math.min(n, size),
          })),
        ];
        for (const row of cohortTable(counts, '2026-08'))
          for (const l of row.later) expect(l.share).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('small rules', () => {
  it('writes paise as rupees with two decimals', () => {
    expect(rupees(123456)).toBe(1234.56);
    expect(rupees(0)).toBe(0);
  });
  it('gives a rate to one decimal, or none without a whole', () => {
    expect(rate(1, 3)).toBe(33.3);
    expect(rate(0, 0)).toBeNull();
  });
  it('tells robots from browsers', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isBot('WhatsApp/2.23.20.0')).toBe(true);
    expect(isBot(undefined)).toBe(true);
    expect(
      isBot('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36'),
    ).toBe(false);
  });
  it('calls a product rarely bought from 10 views with orders for fewer than 5 in 100', () => {
    expect(rarelyBought(10, 0)).toBe(true);
    expect(rarelyBought(9, 0)).toBe(false);
    expect(rarelyBought(100, 4)).toBe(true);
    expect(rarelyBought(100, 5)).toBe(false);
  });
  it('stores a search in one spelling', () => {
    expect(searchTerm('  Garam   MASALA ')).toBe('garam masala');
  });
});
