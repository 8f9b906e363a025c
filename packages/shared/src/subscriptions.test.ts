import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCycles,
  CHARGEABLE_STATUSES,
  canMove,
  chargeSchedule,
  chargeScheduleHi,
  churnPercent,
  exceedsCap,
  istDayOfMonth,
  monthlyRecurringPaise,
  ordinal,
  priceInForce,
  SUBSCRIPTION_MAX_PAISE,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TRANSITIONS,
  type SubscriptionStatus,
  subscriptionStatusesBefore,
  subscriptionUnitPaise,
} from './subscriptions.ts';

describe('the subscription transition table', () => {
  // [from, to, allowed]
  const cases: [SubscriptionStatus, SubscriptionStatus, boolean][] = [
    ['CREATED', 'AUTHENTICATED', true],
    ['CREATED', 'ACTIVE', true],
    ['CREATED', 'CANCELLED', true],
    ['CREATED', 'PAUSED', false],
    ['CREATED', 'HALTED', false],
    ['AUTHENTICATED', 'ACTIVE', true],
    ['AUTHENTICATED', 'CANCELLED', true],
    ['AUTHENTICATED', 'HALTED', true],
    ['AUTHENTICATED', 'PAUSED', false],
    ['ACTIVE', 'PAUSED', true],
    ['ACTIVE', 'HALTED', true],
    ['ACTIVE', 'CANCELLED', true],
    ['ACTIVE', 'COMPLETED', true],
    ['ACTIVE', 'CREATED', false],
    ['PAUSED', 'ACTIVE', true],
    ['PAUSED', 'CANCELLED', true],
    ['PAUSED', 'HALTED', false],
    ['PAUSED', 'COMPLETED', false],
    ['HALTED', 'ACTIVE', true],
    ['HALTED', 'CANCELLED', true],
    ['HALTED', 'PAUSED', false],
    ['CANCELLED', 'ACTIVE', false],
    ['CANCELLED', 'PAUSED', false],
    ['COMPLETED', 'ACTIVE', false],
    ['COMPLETED', 'CANCELLED', false],
  ];
  it.each(cases)('%s → %s: %s', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed);
  });

  it('never leaves CANCELLED or COMPLETED', () => {
    expect(SUBSCRIPTION_TRANSITIONS.CANCELLED).toEqual([]);
    expect(SUBSCRIPTION_TRANSITIONS.COMPLETED).toEqual([]);
  });

  it('never goes back to CREATED and pauses only an active subscription', () => {
    expect(subscriptionStatusesBefore('CREATED')).toEqual([]);
    expect(subscriptionStatusesBefore('PAUSED')).toEqual(['ACTIVE']);
    expect(subscriptionStatusesBefore('ACTIVE')).toEqual(['CREATED', 'AUTHENTICATED', 'PAUSED', 'HALTED']);
  });

  it('answers for every status the ones it may be reached from, and only those', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUBSCRIPTION_STATUSES),
        fc.constantFrom(...SUBSCRIPTION_STATUSES),
        (from, to) => subscriptionStatusesBefore(to).includes(from) === canMove(from, to),
      ),
    );
  });

  it('charges only while a mandate is in force', () => {
    for (const s of CHARGEABLE_STATUSES)
      expect(['CANCELLED', 'COMPLETED', 'PAUSED', 'CREATED']).not.toContain(s);
  });
});

describe('the price of a delivery', () => {
  it.each([
    // [price, percent off, unit price]
    [47000, 10, 42300],
    [19900, 10, 17910],
    [9999, 10, 8999],
    [100, 0, 100],
    [101, 10, 90],
  ])('%i paise less %i%% is %i paise', (price, off, unit) => {
    expect(subscriptionUnitPaise(price, off)).toBe(unit);
  });

  it('never charges more than the one-time price nor below zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (p, off) => {
        const unit = subscriptionUnitPaise(p, off);
        return Number.isSafeInteger(unit) && unit <= p && unit >= 0;
      }),
    );
  });

  it('caps a delivery at ₹15,000 (RBI e-mandate: more needs authentication each time)', () => {
    expect(SUBSCRIPTION_MAX_PAISE).toBe(1_500_000);
    expect(exceedsCap(1_500_000)).toBe(false);
    expect(exceedsCap(1_500_001)).toBe(true);
    expect(SUBSCRIPTION_MESSAGES.aboveCap).toBe('A subscription can be at most ₹15,000 a delivery.');
  });

  it('applies a price rise only 7 days after the shopper was told; a fall at once', () => {
    const told = new Date('2026-12-01T10:00:00Z');
    const rise = { unitPaise: 50000, noticeAt: told };
    expect(priceInForce({ unitPaise: 42300 }, rise, new Date('2026-12-08T09:59:59Z'))).toBe(42300);
    expect(priceInForce({ unitPaise: 42300 }, rise, new Date('2026-12-08T10:00:00Z'))).toBe(50000);
    expect(priceInForce({ unitPaise: 42300 }, { unitPaise: 40000, noticeAt: told }, told)).toBe(40000);
    expect(priceInForce({ unitPaise: 42300 }, null, told)).toBe(42300);
  });
});

describe('the charge calendar', () => {
  it.each([
    // [from, months, anchor day, expected]
    ['2026-11-12T04:30:00Z', 1, 12, '2026-12-12T04:30:00.000Z'],
    ['2026-11-12T04:30:00Z', 3, 12, '2027-02-12T04:30:00.000Z'],
    ['2027-01-31T04:30:00Z', 1, 31, '2027-02-28T04:30:00.000Z'],
    ['2027-02-28T04:30:00Z', 1, 31, '2027-03-31T04:30:00.000Z'],
    ['2028-01-30T04:30:00Z', 1, 30, '2028-02-29T04:30:00.000Z'],
    // Midnight IST on 1 December is 18:30 UTC on 30 November: the day is IST's.
    ['2026-11-30T18:30:00Z', 1, 1, '2026-12-31T18:30:00.000Z'],
  ])('%s plus %i month(s) on the day %i is %s', (from, months, day, expected) => {
    expect(addCycles(new Date(from), months, day).toISOString()).toBe(expected);
  });

  it('reads the day of the month on an Indian clock', () => {
    expect(istDayOfMonth(new Date('2026-11-30T18:30:00Z'))).toBe(1);
    expect(istDayOfMonth(new Date('2026-11-30T18:29:59Z'))).toBe(30);
  });

  it('always lands on the anchor day or the last day of a shorter month', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 3 }),
        (from, months) => {
          const day = istDayOfMonth(from);
          const next = addCycles(from, months, day);
          const got = istDayOfMonth(next);
          return got === day || (got < day && istDayOfMonth(new Date(next.getTime() + 86_400_000)) === 1);
        },
      ),
    );
  });
});

describe('what is charged when', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [31, '31st'],
  ])('%i is %s', (n, text) => expect(ordinal(n)).toBe(text));

  it("says the issue's words", () => {
    expect(chargeSchedule(42300, 1, 12)).toBe(
      '₹423 today, then ₹423 every month on the 12th until you cancel',
    );
    expect(chargeSchedule(42300, 2, 1)).toBe(
      '₹423 today, then ₹423 every 2 months on the 1st until you cancel',
    );
    expect(chargeScheduleHi(42300, 3, 12)).toContain('हर 3 महीने');
  });
});

describe('metrics', () => {
  it('spreads a delivery over its months and counts churn per hundred live', () => {
    expect(monthlyRecurringPaise(42300, 1)).toBe(42300);
    expect(monthlyRecurringPaise(42300, 3)).toBe(14100);
    expect(churnPercent(0, 0)).toBeNull();
    expect(churnPercent(40, 3)).toBe(7.5);
  });
});
