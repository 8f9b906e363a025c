import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPastRetention, RETENTION, RETENTION_KINDS, retentionCutoff } from './retention.ts';

describe('retention periods', () => {
  it('keeps orders and invoices 8 years, complaints 3, contact messages 2, sign-in records and carts 90 days', () => {
    expect(RETENTION).toEqual({
      signIn: { days: 90 },
      carts: { days: 90 },
      contactMessages: { years: 2 },
      grievances: { years: 3 },
      orders: { years: 8 },
      erasures: { years: 8 },
    });
    expect(RETENTION_KINDS).toHaveLength(6);
  });

  it.each([
    [{ days: 90 }, '2026-11-29T10:00:00.000Z', '2026-08-31T10:00:00.000Z'],
    [{ years: 8 }, '2026-11-29T10:00:00.000Z', '2018-11-29T10:00:00.000Z'],
    [{ years: 3 }, '2028-02-29T00:00:00.000Z', '2025-03-01T00:00:00.000Z'],
    [{ years: 2 }, '2027-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'],
  ])('cuts %o at %s back to %s', (period, now, cutoff) => {
    expect(retentionCutoff(period, new Date(now)).toISOString()).toBe(cutoff);
  });

  it('keeps a record dated exactly on the cutoff, and drops one a millisecond older', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const cutoff = retentionCutoff(RETENTION.orders, now);
    expect(isPastRetention(RETENTION.orders, cutoff, now)).toBe(false);
    expect(isPastRetention(RETENTION.orders, new Date(cutoff.getTime() - 1), now)).toBe(true);
  });

  it('never drops a record younger than its period, and always drops one older (any period, any day)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 1, max: 3650 }).map((days) => ({ days })),
          fc.integer({ min: 1, max: 20 }).map((years) => ({ years })),
        ),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 10 * 366 * 86_400_000 }),
        (period, now, ageMs) => {
          const at = new Date(now.getTime() - ageMs);
          const minAgeMs = 'days' in period ? period.days * 86_400_000 : period.years * 365 * 86_400_000;
          const maxAgeMs =
            'days' in period ? period.days * 86_400_000 : period.years * 366 * 86_400_000 + 86_400_000;
          if (ageMs < minAgeMs) expect(isPastRetention(period, at, now)).toBe(false);
          if (ageMs > maxAgeMs) expect(isPastRetention(period, at, now)).toBe(true);
          // The cutoff never moves back as the clock moves on.
          const later = new Date(now.getTime() + 86_400_000);
          expect(retentionCutoff(period, later).getTime()).toBeGreaterThan(
            retentionCutoff(period, now).getTime(),
          );
        },
      ),
    );
  });
});
