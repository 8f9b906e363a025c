import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_PAISE, readRupeeText, rupeeText } from './rupee-text.ts';

describe('rupee amounts written in a spreadsheet', () => {
  it.each([
    ['249.00', 24900],
    ['249', 24900],
    ['249.5', 24950],
    ['0.29', 29],
    ['₹249.00', 24900],
    ['₹ 1,249.00', 124900],
    ['1,00,000.00', 10000000],
    ['Rs. 99', 9900],
    ['  12.30 ', 1230],
    ['0', 0],
  ])('reads %s as %i paise', (text, paise) => {
    expect(readRupeeText(text)).toEqual({ ok: true, paise });
  });

  it.each(['', 'abc', '-5', '249.005', '1e3', '12,3', '249.', '.5', '10000001', '249,00', 'NaN'])(
    'refuses %j',
    (text) => {
      expect(readRupeeText(text).ok).toBe(false);
    },
  );

  it('reads back every amount it writes, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_IMPORT_PAISE }), (paise) => {
        expect(readRupeeText(rupeeText(paise))).toEqual({ ok: true, paise });
      }),
    );
  });

  it('never answers a fraction of a paisa or a negative amount', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const read = readRupeeText(text);
        if (read.ok) {
          expect(Number.isInteger(read.paise)).toBe(true);
          expect(read.paise).toBeGreaterThanOrEqual(0);
          expect(read.paise).toBeLessThanOrEqual(MAX_IMPORT_PAISE);
        }
      }),
    );
  });
});
