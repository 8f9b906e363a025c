import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canMoveGrievance,
  deadlines,
  GRIEVANCE_STATUSES,
  isOverdue,
  istMonth,
  istMonthRange,
  istYear,
  TICKET_PATTERN,
  ticketNumber,
} from './grievances.ts';

describe('grievance tickets', () => {
  it.each([
    [2026, 123, 'GRV-26-000123'],
    [2027, 1, 'GRV-27-000001'],
    [2100, 999999, 'GRV-00-999999'],
    [2026, 1234567, 'GRV-26-1234567'],
  ])('numbers year %i, ticket %i as %s', (year, n, expected) => {
    expect(ticketNumber(year, n)).toBe(expected);
    expect(TICKET_PATTERN.test(expected)).toBe(true);
  });

  it.each([
    ['2026-12-31T18:29:59Z', 2026],
    ['2026-12-31T18:30:00Z', 2027], // midnight in India
    ['2027-01-01T00:00:00Z', 2027],
  ])('puts a ticket filed at %s in the IST year %i', (at, year) => {
    expect(istYear(new Date(at))).toBe(year);
  });
});

describe('grievance deadlines', () => {
  it('acknowledges within 48 hours and redresses within 30 days of filing', () => {
    const d = deadlines(new Date('2026-11-28T20:00:00Z'));
    expect(d.acknowledgeBy.toISOString()).toBe('2026-11-30T20:00:00.000Z');
    expect(d.resolveBy.toISOString()).toBe('2026-12-28T20:00:00.000Z');
  });

  it('is overdue when open past 48 hours or not closed in 30 days, never once closed', () => {
    const filed = new Date('2026-11-01T00:00:00Z');
    const d = deadlines(filed);
    const at = (h: number) => new Date(filed.getTime() + h * 3_600_000);
    expect(isOverdue({ status: 'OPEN', ...d }, at(48))).toBe(false);
    expect(isOverdue({ status: 'OPEN', ...d }, at(49))).toBe(true);
    expect(isOverdue({ status: 'ACKNOWLEDGED', ...d }, at(49))).toBe(false);
    expect(isOverdue({ status: 'ACKNOWLEDGED', ...d }, at(30 * 24 + 1))).toBe(true);
    expect(isOverdue({ status: 'RESOLVED', ...d }, at(40 * 24))).toBe(false);
    expect(isOverdue({ status: 'REJECTED', ...d }, at(40 * 24))).toBe(false);
  });

  it('deadlines always follow the filing time by exactly 48 h and 30 days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (ms) => {
        const d = deadlines(new Date(ms));
        return d.acknowledgeBy.getTime() - ms === 172_800_000 && d.resolveBy.getTime() - ms === 2_592_000_000;
      }),
    );
  });
});

describe('grievance statuses', () => {
  it.each([
    ['OPEN', 'ACKNOWLEDGED', true],
    ['OPEN', 'RESOLVED', false],
    ['ACKNOWLEDGED', 'REJECTED', true],
    ['ACKNOWLEDGED', 'OPEN', false],
    ['RESOLVED', 'REJECTED', false],
    ['REJECTED', 'ACKNOWLEDGED', false],
  ] as const)('%s → %s allowed: %s', (from, to, ok) => {
    expect(canMoveGrievance(from, to)).toBe(ok);
  });

  it('never leaves a closed ticket and never moves to itself', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GRIEVANCE_STATUSES), fc.constantFrom(...GRIEVANCE_STATUSES), (a, b) =>
        a === b || a === 'RESOLVED' || a === 'REJECTED' ? !canMoveGrievance(a, b) : true,
      ),
    );
  });
});

describe('report months in IST', () => {
  it('counts a late-evening UTC filing in the next Indian month', () => {
    expect(istMonth(new Date('2026-11-30T19:00:00Z'))).toBe('2026-12');
    expect(istMonthRange('2026-12')).toEqual({
      from: new Date('2026-11-30T18:30:00Z'),
      to: new Date('2026-12-31T18:30:00Z'),
    });
    expect(istMonthRange('2026-13')).toBeNull();
  });
});
