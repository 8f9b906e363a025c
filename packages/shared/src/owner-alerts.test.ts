import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { istDay } from './analytics.ts';
import { inQuietHours, type QuietHours } from './marketing-timing.ts';
import {
  ALERT_KINDS,
  alertSendTime,
  DAILY_SUMMARY_MINUTE,
  DEFAULT_ALERT_PREFERENCE,
  dailySummaryAt,
  dailySummaryDue,
  digestWindow,
  grievanceNearDeadline,
  isBelowReorderLevel,
  lowStockChanges,
  MAX_SCAN_LOOKBACK_MS,
  newOrderPlan,
  SCAN_OVERLAP_MS,
  scanSpan,
  wantsAlert,
} from './owner-alerts.ts';

const NIGHT: QuietHours = { from: '21:00', to: '10:00' };
/** An instant given as an Indian wall-clock time on 1 Dec 2026 (or another December day). */
const ist = (hm: string, day = 1) => new Date(`2026-12-${String(day).padStart(2, '0')}T${hm}:00+05:30`);
const M = 60_000;
const H = 60 * M;
const instant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2035-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('digest windows on an Indian clock', () => {
  // [placed at (IST), minutes, window start (IST), window end (IST)]
  const table: [string, number, string, string][] = [
    ['10:07', 15, '10:00', '10:15'],
    ['10:15', 15, '10:15', '10:30'], // the start belongs to the window
    ['10:59', 60, '10:00', '11:00'], // hourly windows start on the IST hour, not at :30
    ['00:00', 60, '00:00', '01:00'],
    ['13:45', 120, '12:00', '14:00'],
    ['23:59', 240, '20:00', '00:00'],
  ];
  it.each(table)('an order at %s IST with %i-minute digests goes in %s–%s', (at, minutes, start, end) => {
    const w = digestWindow(ist(at), minutes);
    expect(w.start).toEqual(ist(start));
    expect(w.end).toEqual(end === '00:00' ? ist('00:00', 2) : ist(end));
  });

  it('a daily digest covers one IST calendar day', () => {
    const w = digestWindow(ist('17:30'), 1440);
    expect(w.start).toEqual(ist('00:00'));
    expect(w.end).toEqual(ist('00:00', 2));
  });

  it('refuses a length that is not a whole positive number of minutes', () => {
    expect(() => digestWindow(ist('10:00'), 0)).toThrow();
    expect(() => digestWindow(ist('10:00'), 1.5)).toThrow();
  });

  it('every instant lies in its window, which is exactly N minutes long and keyed by its index', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 1440 }), (at, minutes) => {
        const w = digestWindow(at, minutes);
        expect(w.start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(w.end.getTime());
        expect(w.end.getTime() - w.start.getTime()).toBe(minutes * M);
        // The next window starts where this one ends, with the next index.
        const next = digestWindow(w.end, minutes);
        expect(next.start).toEqual(w.end);
        expect(next.index).toBe(w.index + 1);
      }),
    );
  });

  it('two orders share a digest exactly when they fall in the same window', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 5 * H }),
        fc.constantFrom(5, 15, 60),
        (a, gap, minutes) => {
          const b = new Date(a.getTime() + gap);
          const pa = newOrderPlan(a, minutes);
          const pb = newOrderPlan(b, minutes);
          if (pa.kind !== 'digest' || pb.kind !== 'digest') throw new Error('expected digests');
          const same = pa.window.index === pb.window.index;
          expect(same).toBe(b.getTime() < pa.window.end.getTime());
        },
      ),
    );
  });

  it('digest 0 alerts each order on its own', () => {
    expect(newOrderPlan(ist('10:00'), 0)).toEqual({ kind: 'each' });
  });
});

describe('WhatsApp waits out the quiet hours, other channels do not', () => {
  // [due (IST, 1 Dec), channel, sent (IST), sent on day]
  const table: [string, 'email' | 'whatsapp' | 'sms', string, number][] = [
    ['23:10', 'whatsapp', '10:00', 2],
    ['23:10', 'email', '23:10', 1],
    ['23:10', 'sms', '23:10', 1],
    ['09:00', 'whatsapp', '10:00', 1], // the 09:00 summary reaches WhatsApp at 10:00 with the default hours
    ['14:00', 'whatsapp', '14:00', 1],
  ];
  it.each(table)('due at %s IST on %s it goes at %s on day %i', (due, channel, sent, day) => {
    expect(alertSendTime(ist(due), channel, NIGHT)).toEqual(ist(sent, day));
  });

  it('no quiet hours: WhatsApp goes when due', () => {
    expect(alertSendTime(ist('23:10'), 'whatsapp', null)).toEqual(ist('23:10'));
  });

  it('a WhatsApp alert is never sent inside the quiet hours, never early, and at most a night late', () => {
    fc.assert(
      fc.property(instant, (due) => {
        const at = alertSendTime(due, 'whatsapp', NIGHT);
        expect(inQuietHours(at, NIGHT)).toBe(false);
        expect(at.getTime()).toBeGreaterThanOrEqual(due.getTime() - M);
        expect(at.getTime() - due.getTime()).toBeLessThanOrEqual(13 * H);
      }),
    );
  });
});

describe('the daily summary at 09:00 IST', () => {
  const table: [string, number, { day: string; of: string } | null][] = [
    ['08:59', 2, null],
    ['09:00', 2, { day: '2026-12-02', of: '2026-12-01' }],
    ['18:30', 2, { day: '2026-12-02', of: '2026-12-01' }],
    ['23:59', 2, { day: '2026-12-02', of: '2026-12-01' }],
    ['00:30', 3, null], // past midnight IST but before 09:00: nothing yet
    ['09:00', 1, { day: '2026-12-01', of: '2026-11-30' }], // across a month
  ];
  it.each(table)('at %s IST on day %i the summary due is %j', (hm, day, due) => {
    expect(dailySummaryDue(ist(hm, day))).toEqual(due);
  });

  it('09:00 IST is 03:30 UTC', () => {
    expect(dailySummaryAt('2026-12-02').toISOString()).toBe('2026-12-02T03:30:00.000Z');
  });

  it('from 09:00 IST on, the summary due is today’s and of yesterday; before, none', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const due = dailySummaryDue(now);
        const today = istDay(now);
        if (now.getTime() < dailySummaryAt(today).getTime()) expect(due).toBeNull();
        else {
          expect(due?.day).toBe(today);
          expect(dailySummaryAt(due!.of).getTime()).toBe(dailySummaryAt(today).getTime() - 24 * H);
        }
      }),
    );
    expect(DAILY_SUMMARY_MINUTE).toBe(540);
  });
});

describe('low stock once per fall', () => {
  it('tells the variants that fell and forgets those that recovered', () => {
    expect(lowStockChanges(new Set([1, 2]), new Set([2, 3]))).toEqual({ fell: [3], recovered: [1] });
    expect(lowStockChanges(new Set(), new Set([5]))).toEqual({ fell: [5], recovered: [] });
    expect(lowStockChanges(new Set([5]), new Set([5]))).toEqual({ fell: [], recovered: [] });
  });

  it('below the level is strictly below', () => {
    expect(isBelowReorderLevel(9, 10)).toBe(true);
    expect(isBelowReorderLevel(10, 10)).toBe(false);
    expect(isBelowReorderLevel(0, 0)).toBe(false);
  });

  it('applying the changes to the set before gives the set now, and a variant still low is never told twice', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 20 }).map((a) => new Set(a));
    fc.assert(
      fc.property(ids, ids, (before, now) => {
        const { fell, recovered } = lowStockChanges(before, now);
        const after = new Set([...before].filter((id) => !recovered.includes(id)).concat(fell));
        expect([...after].sort()).toEqual([...now].sort());
        for (const id of fell) expect(before.has(id)).toBe(false);
      }),
    );
  });
});

describe('grievances near their deadline', () => {
  const due = ist('18:00');
  const table: [string, number, boolean][] = [
    ['05:59', 1, false], // more than 12 hours before
    ['06:00', 1, true],
    ['17:59', 1, true],
    ['18:00', 1, true], // missed just now: still told once
    ['17:59', 2, true],
    ['18:00', 2, false], // missed a day ago: the queue shows it, no alert
  ];
  it.each(table)('at %s IST on day %i: %s', (hm, day, near) => {
    expect(grievanceNearDeadline(due, ist(hm, day))).toBe(near);
  });
});

describe('what a scan reads', () => {
  it('the first scan reads a quarter of an hour; later ones from a little before their cursor', () => {
    const now = ist('12:00');
    expect(scanSpan(null, now).from).toEqual(ist('11:45'));
    expect(scanSpan(ist('11:59'), now).from).toEqual(ist('11:54'));
    expect(scanSpan(ist('11:59', 1), ist('12:00', 5)).from).toEqual(ist('12:00', 4));
  });

  it('covers its cursor (minus the overlap) up to now, never more than a day', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 3 * 24 * 60 }), (now, minutesAgo) => {
        const cursor = new Date(now.getTime() - minutesAgo * M);
        const { from, to } = scanSpan(cursor, now);
        expect(to).toEqual(now);
        expect(now.getTime() - from.getTime()).toBeLessThanOrEqual(MAX_SCAN_LOOKBACK_MS);
        if (minutesAgo * M + SCAN_OVERLAP_MS <= MAX_SCAN_LOOKBACK_MS)
          expect(from.getTime()).toBe(cursor.getTime() - SCAN_OVERLAP_MS);
      }),
    );
  });
});

describe('who wants what', () => {
  it('the default preference wants every alert by e-mail', () => {
    for (const kind of ALERT_KINDS) expect(wantsAlert(DEFAULT_ALERT_PREFERENCE, kind)).toBe(true);
  });
  it('no channel: no alert', () => {
    expect(wantsAlert({ ...DEFAULT_ALERT_PREFERENCE, channels: [] }, 'new_order')).toBe(false);
  });
  it('a kind left out is not sent', () => {
    expect(wantsAlert({ ...DEFAULT_ALERT_PREFERENCE, kinds: ['low_stock'] }, 'new_order')).toBe(false);
  });
});
