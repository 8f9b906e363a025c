import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterDailyCap,
  backInStockBatchSize,
  inQuietHours,
  isAbandoned,
  istMinuteOfDay,
  marketingSendTime,
  outsideQuietHours,
  type QuietHours,
} from './marketing-timing.ts';

const NIGHT: QuietHours = { from: '21:00', to: '10:00' };
/** An instant given as an Indian wall-clock time on 1 Dec 2026. */
const ist = (hm: string, day = 1) => new Date(`2026-12-${String(day).padStart(2, '0')}T${hm}:00+05:30`);
const H = 3_600_000;

describe('quiet hours across midnight IST', () => {
  // [IST time, quiet?]
  const table: [string, boolean][] = [
    ['09:59', true],
    ['10:00', false], // the end is not quiet
    ['15:30', false],
    ['20:59', false],
    ['21:00', true], // the start is quiet
    ['23:59', true],
    ['00:00', true],
    ['04:30', true],
  ];
  it.each(table)('at %s IST quiet is %s', (hm, quiet) => {
    expect(inQuietHours(ist(hm), NIGHT)).toBe(quiet);
  });

  it('a window within one day (13:00–14:00)', () => {
    const lunch = { from: '13:00', to: '14:00' };
    expect(inQuietHours(ist('12:59'), lunch)).toBe(false);
    expect(inQuietHours(ist('13:30'), lunch)).toBe(true);
    expect(inQuietHours(ist('14:00'), lunch)).toBe(false);
  });

  it('no quiet hours, or from = to, is never quiet', () => {
    expect(inQuietHours(ist('23:00'), null)).toBe(false);
    expect(inQuietHours(ist('23:00'), { from: '10:00', to: '10:00' })).toBe(false);
  });

  // [due at IST, goes at]
  const moves: [Date, Date][] = [
    [ist('21:00'), ist('10:00', 2)],
    [ist('23:45'), ist('10:00', 2)],
    [ist('00:10', 2), ist('10:00', 2)],
    [ist('09:59', 2), ist('10:00', 2)],
    [ist('10:00'), ist('10:00')],
    [ist('18:00'), ist('18:00')],
  ];
  it.each(moves)('a message due %s waits until %s', (due, goes) => {
    expect(outsideQuietHours(due, NIGHT)).toEqual(goes);
  });

  it('property: the moved time is never quiet, never earlier, and at most a day later', () => {
    const hm = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01'), max: new Date('2028-01-01'), noInvalidDate: true }),
        hm,
        hm,
        (at, from, to) => {
          const quiet = { from, to };
          const goes = outsideQuietHours(at, quiet);
          expect(inQuietHours(goes, quiet)).toBe(false);
          expect(goes.getTime()).toBeGreaterThanOrEqual(at.getTime() - 60_000);
          expect(goes.getTime() - at.getTime()).toBeLessThanOrEqual(24 * H);
          if (!inQuietHours(at, quiet)) expect(goes).toEqual(at);
        },
      ),
    );
  });

  it('reads the clock in IST whatever the server’s zone', () => {
    expect(istMinuteOfDay(new Date('2026-12-01T18:30:00Z'))).toBe(0);
    expect(istMinuteOfDay(new Date('2026-12-01T04:30:00Z'))).toBe(600);
  });
});

describe('at most one marketing message per shopper per 24 hours', () => {
  const at = ist('12:00', 2);
  // [hours ago of earlier sends, max per day, hours from `at` when allowed or null]
  const table: [number[], number, number | null][] = [
    [[], 1, 0],
    [[25], 1, 0],
    [[24], 1, 0], // exactly 24 h ago has left the window
    [[23], 1, 1],
    [[1], 1, 23],
    [[1, 2], 2, 22],
    [[1], 2, 0],
    [[1], 0, null],
  ];
  it.each(table)('sent %j hours ago, max %i: allowed after %s hours', (ago, max, after) => {
    const sent = ago.map((h) => new Date(at.getTime() - h * H));
    const allowed = afterDailyCap(at, sent, max);
    expect(allowed === null ? null : (allowed.getTime() - at.getTime()) / H).toBe(after);
  });

  it('property: never more than max sends in any 24 hours when each waits for the cap', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 72 * 60 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 3 }),
        (dueMinutes, max) => {
          const sent: Date[] = [];
          for (const m of [...dueMinutes].sort((a, b) => a - b)) {
            const due = new Date(at.getTime() + m * 60_000);
            const goes = afterDailyCap(
              new Date(Math.max(due.getTime(), sent.at(-1)?.getTime() ?? 0)),
              sent,
              max,
            );
            if (goes) sent.push(goes);
          }
          for (const s of sent) {
            const inWindow = sent.filter(
              (o) => o.getTime() <= s.getTime() && o.getTime() > s.getTime() - 24 * H,
            );
            expect(inWindow.length).toBeLessThanOrEqual(max);
          }
        },
      ),
    );
  });

  it('a message meeting both rules waits for the later of the two', () => {
    const rules = { quietHours: NIGHT, maxPerShopperPerDay: 1 };
    // Sent at 20:30 yesterday: the cap frees 20:30 today, a quiet minute, so 10:00 tomorrow.
    expect(marketingSendTime(ist('11:00', 2), rules, [ist('21:30', 1)])).toEqual(ist('10:00', 3));
    expect(marketingSendTime(ist('11:00', 2), rules, [ist('09:00', 1)])).toEqual(ist('11:00', 2));
    expect(marketingSendTime(ist('22:00', 2), rules, [])).toEqual(ist('10:00', 3));
    expect(marketingSendTime(ist('11:00', 2), { ...rules, maxPerShopperPerDay: 0 }, [])).toBeNull();
  });
});

describe('a cart is abandoned after 60 idle minutes with no order since', () => {
  const changed = ist('12:00');
  // [minutes after the change, order minutes after the change or null, abandoned?]
  const table: [number, number | null, boolean][] = [
    [59, null, false],
    [60, null, true],
    [240, null, true],
    [240, 30, false], // ordered after the change
    [240, -30, true], // an older order does not count
  ];
  it.each(table)('%i minutes idle, order at %s: %s', (idle, order, abandoned) => {
    expect(
      isAbandoned({
        lastChangeAt: changed,
        lastOrderAt: order === null ? null : new Date(changed.getTime() + order * 60_000),
        now: new Date(changed.getTime() + idle * 60_000),
        idleMinutes: 60,
      }),
    ).toBe(abandoned);
  });

  it('property: abandoned exactly when idle long enough and no later order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 1440 }),
        fc.option(fc.integer({ min: -5000, max: 5000 })),
        (idle, idleMinutes, order) => {
          const got = isAbandoned({
            lastChangeAt: changed,
            lastOrderAt: order === null ? null : new Date(changed.getTime() + order * 60_000),
            now: new Date(changed.getTime() + idle * 60_000),
            idleMinutes,
          });
          expect(got).toBe(idle >= idleMinutes && (order === null || order < 0));
        },
      ),
    );
  });
});

describe('back-in-stock batches', () => {
  it.each([
    [0, 5, 0],
    [1, 5, 5],
    [3, 5, 15],
    [4, 0, 0],
  ])('stock %i × factor %i tells %i', (stock, factor, size) => {
    expect(backInStockBatchSize(stock, factor)).toBe(size);
  });
});
