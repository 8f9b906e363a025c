import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  type DeliveryRules,
  deliveryByLabel,
  dispatchDate,
  estimateDelivery,
  formatDeliveryDate,
  isCalendarDate,
  isWorkingDay,
  parseCutoff,
  resolveZone,
} from './delivery.ts';
import { canonicalState, sameState } from './states.ts';

// 23 Nov 2026 is a Monday. Times are written in IST (+05:30).
const at = (ist: string) => new Date(`${ist}+05:30`);
const rules = { cutoffMinutes: 14 * 60, holidays: ['2026-11-25', '2026-12-25'] };

describe('estimateDelivery', () => {
  // [placed at (IST), zone days min, max, expected from, to]
  const table: [string, number, number, string, string][] = [
    ['2026-11-23T10:00', 2, 4, '2026-11-26', '2026-11-28'], // before cut-off; Wed 25 is a holiday
    ['2026-11-23T13:59', 1, 2, '2026-11-24', '2026-11-26'], // a minute before cut-off ships today
    ['2026-11-23T14:00', 1, 2, '2026-11-26', '2026-11-27'], // at cut-off: ships Tue; Wed is a holiday
    ['2026-11-24T18:00', 1, 2, '2026-11-27', '2026-11-28'], // after cut-off Tue: ships Thu (holiday Wed)
    ['2026-11-28T11:00', 1, 3, '2026-11-30', '2026-12-02'], // Saturday morning ships Saturday
    ['2026-11-28T15:00', 1, 2, '2026-12-01', '2026-12-02'], // Saturday after cut-off: ships Monday
    ['2026-11-29T09:00', 0, 1, '2026-11-30', '2026-12-01'], // Sunday: ships Monday, same-day zone
    ['2026-11-25T09:00', 1, 1, '2026-11-27', '2026-11-27'], // on a holiday: ships the next day
    ['2026-11-23T23:50', 2, 2, '2026-11-27', '2026-11-27'], // late Monday: ships Tue, skips the holiday
    ['2026-12-24T15:00', 1, 1, '2026-12-28', '2026-12-28'], // Christmas Eve after cut-off, then Sunday
  ];
  it.each(table)('an order at %s in a %i–%i day zone arrives %s to %s', (placed, min, max, from, to) => {
    expect(estimateDelivery(at(placed), rules, { minDays: min, maxDays: max, cod: true })).toEqual({
      from,
      to,
    });
  });

  it('reads the clock in IST: 19:00 UTC on Monday is already Tuesday in India', () => {
    expect(dispatchDate(new Date('2026-11-23T19:00:00Z'), rules.cutoffMinutes, [])).toBe('2026-11-24');
    expect(dispatchDate(new Date('2026-11-23T08:29:00Z'), rules.cutoffMinutes, [])).toBe('2026-11-23');
  });

  const instant = fc.date({ min: new Date('2026-01-01'), max: new Date('2028-12-31'), noInvalidDate: true });
  const holidays = fc.uniqueArray(
    fc
      .integer({ min: 0, max: 1095 })
      .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10)),
    { maxLength: 40 },
  );

  it('never dispatches or delivers on a Sunday or a holiday, and never before the order', () => {
    fc.assert(
      fc.property(
        instant,
        holidays,
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 5 }),
        (now, hs, cutoff, min, extra) => {
          const shipped = dispatchDate(now, cutoff, hs);
          const { from, to } = estimateDelivery(
            now,
            { cutoffMinutes: cutoff, holidays: hs },
            { minDays: min, maxDays: min + extra, cod: true },
          );
          const today = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
          return (
            isWorkingDay(shipped, hs) &&
            isWorkingDay(from, hs) &&
            isWorkingDay(to, hs) &&
            shipped >= today &&
            from >= shipped &&
            to >= from
          );
        },
      ),
    );
  });

  it('counts exactly n working days between dispatch and delivery', () => {
    fc.assert(
      fc.property(instant, holidays, fc.integer({ min: 0, max: 15 }), (now, hs, n) => {
        const start = dispatchDate(now, 840, hs);
        const end = addWorkingDays(start, n, hs);
        let count = 0;
        for (let t = Date.parse(start) + 86_400_000; t <= Date.parse(end); t += 86_400_000) {
          if (isWorkingDay(new Date(t).toISOString().slice(0, 10), hs)) count++;
        }
        return count === n;
      }),
    );
  });

  it('a later order never arrives earlier', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 72 * 60 }), holidays, (now, later, hs) => {
        const zone = { minDays: 2, maxDays: 5, cod: true };
        const a = estimateDelivery(now, { cutoffMinutes: 840, holidays: hs }, zone);
        const b = estimateDelivery(
          new Date(now.getTime() + later * 60_000),
          { cutoffMinutes: 840, holidays: hs },
          zone,
        );
        return b.from >= a.from && b.to >= a.to;
      }),
    );
  });
});

describe('labels and settings text', () => {
  it('says the last day of the window as the shop prints it', () => {
    expect(formatDeliveryDate('2025-11-27')).toBe('Thu, 27 Nov');
    expect(deliveryByLabel({ to: '2026-12-01' })).toBe('Delivery by Tue, 1 Dec');
  });

  it.each([
    ['14:00', 840],
    ['00:00', 0],
    ['23:59', 1439],
    ['9:00', null],
    ['24:00', null],
    ['14:60', null],
    ['2pm', null],
  ])('reads the cut-off %s as %s', (text, minutes) => {
    expect(parseCutoff(text)).toBe(minutes);
  });

  it('accepts only real calendar dates as holidays', () => {
    expect(isCalendarDate('2026-01-26')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('26-01-2026')).toBe(false);
  });
});

describe('resolveZone', () => {
  const zoneRules: Pick<DeliveryRules, 'metroPrefixes' | 'specialStates' | 'specialPrefixes'> = {
    metroPrefixes: ['110', '560', '600', '700'],
    specialStates: ['Assam', 'Jammu & Kashmir', 'Ladakh', 'Andaman & Nicobar Islands', 'Lakshadweep'],
    specialPrefixes: ['79'],
  };
  const mumbai = { pincode: '400001', district: 'Mumbai', state: 'Maharashtra' };
  const table: [string, string, string, string][] = [
    ['400050', 'Mumbai', 'Maharashtra', 'local'],
    ['411001', 'Pune', 'Maharashtra', 'state'],
    ['560001', 'Bangalore', 'Karnataka', 'metro'],
    ['110001', 'Central Delhi', 'Delhi', 'metro'],
    ['302001', 'Jaipur', 'Rajasthan', 'national'],
    ['781001', 'Kamrup', 'Assam', 'special'],
    ['194101', 'Leh', 'Ladakh', 'special'],
    ['744101', 'South Andaman', 'Andaman & Nicobar Islands', 'special'],
    ['795001', 'Imphal West', 'Manipur', 'special'], // by prefix
  ];
  it.each(table)('puts %s (%s, %s) in the %s zone', (pincode, district, state, zone) => {
    expect(resolveZone(zoneRules, mumbai, { pincode, district, state })).toBe(zone);
  });

  it('without a known warehouse, no place is local or same-state', () => {
    expect(resolveZone(zoneRules, null, mumbai)).toBe('national');
  });
});

describe('states', () => {
  it.each([
    ['MAHARASHTRA', 'Maharashtra'],
    ['jammu and kashmir', 'Jammu & Kashmir'],
    ['Orissa', 'Odisha'],
    ['New Delhi', 'Delhi'],
    ['Pondicherry', 'Puducherry'],
    [' tamil  nadu ', 'Tamil Nadu'],
    ['Atlantis', null],
  ])('reads %s as %s', (typed, state) => {
    expect(canonicalState(typed)).toBe(state);
  });

  it('matches a typed state against the pincode state, and refuses another state', () => {
    expect(sameState('karnataka', 'Karnataka')).toBe(true);
    expect(sameState('Kerala', 'Karnataka')).toBe(false);
    expect(sameState('', 'Karnataka')).toBe(false);
  });
});
