import { describe, expect, it } from 'vitest';
import { gramsFromLabel, PACKAGING_ALLOWANCE_GRAMS, packageWeightGrams, trackingUrl } from './shipping.ts';

describe('grams from a variant label', () => {
  it.each([
    ['100g', 100],
    ['100 g', 100],
    ['250 gm', 250],
    ['1kg', 1000],
    ['1.5 Kg', 1500],
    ['500 grams', 500],
    ['Pack of 3', null],
    ['', null],
  ])('%s is %s', (label, grams) => {
    expect(gramsFromLabel(label)).toBe(grams);
  });
});

describe('package weight and tracking links', () => {
  it('adds the packaging allowance to the lines', () => {
    expect(packageWeightGrams([])).toBe(PACKAGING_ALLOWANCE_GRAMS);
    expect(
      packageWeightGrams([
        { grams: 100, quantity: 3 },
        { grams: 500, quantity: 1 },
      ]),
    ).toBe(800 + PACKAGING_ALLOWANCE_GRAMS);
  });

  it("fills the courier's link with the encoded AWB, and has none for an unnamed courier", () => {
    expect(trackingUrl('delhivery', 'AB 12')).toBe('https://www.delhivery.com/track-v2/package/AB%2012');
    expect(trackingUrl('other', 'X1')).toBeNull();
    expect(trackingUrl('unknown-code', 'X1')).toBeNull();
  });
});
