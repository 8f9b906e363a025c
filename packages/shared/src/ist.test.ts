import { describe, expect, it } from 'vitest';
import { formatIst } from './ist.ts';

describe('formatIst', () => {
  it.each([
    ['2026-11-23T15:35:00Z', '23 Nov 2026, 9:05 pm IST'],
    ['2026-11-23T18:30:00Z', '24 Nov 2026, 12:00 am IST'],
    ['2026-11-23T06:30:00.000Z', '23 Nov 2026, 12:00 pm IST'],
    ['2026-01-01T00:00:00Z', '1 Jan 2026, 5:30 am IST'],
    ['2025-12-31T18:29:59Z', '31 Dec 2025, 11:59 pm IST'],
  ])('prints %s as %s (UTC+05:30, 12-hour clock)', (iso, text) => {
    expect(formatIst(iso)).toBe(text);
    expect(formatIst(new Date(iso))).toBe(text);
  });
});
