import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidGtin } from './gtin.ts';

describe('isValidGtin', () => {
  it.each([
    ['8901058851298', true], // an Indian EAN-13 (GS1 India prefix 890)
    ['8901058851297', false], // the same with a wrong check digit
    ['036000291452', true], // UPC-A
    ['96385074', true], // EAN-8
    ['10012345678902', true], // GTIN-14
    ['890105885129', false], // 12 digits whose check digit is wrong
    ['0000000000000', false],
    ['89010588512a8', false],
    ['1234567', false],
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidGtin(value)).toBe(valid);
  });

  it('accepts any body with its own check digit and refuses every other last digit', () => {
    fc.assert(
      fc.property(fc.constantFrom(7, 11, 12, 13), fc.nat(), (length, seed) => {
        const body = String(seed).padStart(length, '1').slice(-length);
        const check = gtinCheckDigit(body);
        expect(isValidGtin(`${body}${check}`)).toBe(true);
        expect(isValidGtin(`${body}${(check + 1) % 10}`)).toBe(false);
      }),
    );
  });
});
