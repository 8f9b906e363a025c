import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDeliveryFailedStatus, reattemptDates } from './delivery-issue.ts';

describe('isDeliveryFailedStatus', () => {
  it.each([
    ['UNDELIVERED', true],
    ['Undelivered-1st Attempt', true],
    ['undelivered_2nd_attempt', true],
    ['NDR', true],
    ['DELIVERY_FAILED', true],
    ['DELIVERED', false],
    ['OUT FOR DELIVERY', false],
    ['RTO INITIATED', false],
  ])('%s → %s', (status, yes) => {
    expect(isDeliveryFailedStatus(status)).toBe(yes);
  });
});

describe('reattemptDates', () => {
  it('gives the next three days after today in India, without Sunday', () => {
    // Thursday 26 November 2026, 20:00 IST.
    expect(reattemptDates(new Date('2026-11-26T14:30:00Z'))).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-30',
    ]);
    // 23:45 UTC on Friday is already Saturday in India.
    expect(reattemptDates(new Date('2026-11-27T19:00:00Z'))).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('always gives three later days, none a Sunday, in order', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        (now) => {
          const days = reattemptDates(now);
          expect(days).toHaveLength(3);
          const today = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
          expect(days.every((d) => d > today && new Date(`${d}T00:00:00Z`).getUTCDay() !== 0)).toBe(true);
          expect([...days].sort()).toEqual(days);
          expect(
            days[2]! <=
              new Date(new Date(`${today}T00:00:00Z`).getTime() + 4 * 86_400_000).toISOString().slice(0, 10),
          ).toBe(true);
        },
      ),
    );
  });
});
