import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RUPEES_MESSAGE, Rupees, RupeesInput } from './contracts/rupees.ts';
import { isWholePaise, toPaise, toRupees } from './money.ts';

describe('Rupees, the wire schema of every rupee field', () => {
  it.each([
    [0, true],
    [49, true],
    [49.5, true],
    [0.1 + 0.2, true],
    [1299.99, true],
    [49.505, false],
    [Number.POSITIVE_INFINITY, false],
    [Number.NaN, false],
    [2 ** 60, false],
  ])('takes %s: %s', (value, ok) => {
    expect(Rupees.safeParse(value).success).toBe(ok);
  });

  it('answers a fraction of a paisa with the rupees message', () => {
    expect(Rupees.safeParse(12.345).error?.issues[0]?.message).toBe(RUPEES_MESSAGE);
  });

  it('takes every amount the server gives it from whole paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (paise) => {
        const rupees = toRupees(paise);
        expect(Rupees.safeParse(rupees).success).toBe(true);
        expect(toPaise(rupees)).toBe(paise);
      }),
    );
  });
});

describe('RupeesInput, a rupee amount typed in a form', () => {
  it.each([
    ['49', 49],
    ['49.50', 49.5],
    ['0', 0],
    [' 120 ', 120],
  ])('reads %j as %s', (typed, rupees) => {
    expect(RupeesInput.parse(typed)).toBe(rupees);
  });

  it.each([
    ['-1', RUPEES_MESSAGE],
    ['49.505', RUPEES_MESSAGE],
    ['abc', RUPEES_MESSAGE],
    ['1000001', 'That amount is too large.'],
    ['1e300', 'That number is out of range.'],
  ])('refuses %j with %j', (typed, message) => {
    expect(RupeesInput.safeParse(typed).error?.issues[0]?.message).toBe(message);
  });

  it('agrees with toPaise on what is whole paise', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1_000_000, noNaN: true }), (rupees) => {
        expect(RupeesInput.safeParse(rupees).success).toBe(isWholePaise(rupees));
        if (isWholePaise(rupees)) expect(toPaise(rupees)).toBe(Math.round(rupees * 100));
        else expect(() => toPaise(rupees)).toThrow(RangeError);
      }),
    );
  });
});
