import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMobile, isValidMobile, nationalMobile, normaliseMobile } from './validators.ts';

describe('normaliseMobile', () => {
  // [as typed, pasted or autofilled, the national digits]
  const table: [string, string][] = [
    ['+91 98765 01235', '9876501235'],
    ['+91-98765-01235', '9876501235'],
    ['+919876501235', '9876501235'],
    ['919876501235', '9876501235'],
    ['09876501235', '9876501235'],
    ['098765 01235', '9876501235'],
    ['0091 98765 01235', '9876501235'],
    ['(+91) 98765.01235', '9876501235'],
    ['98765 01235', '9876501235'],
    ['9876501235', '9876501235'],
    ['9123456789', '9123456789'], // a 10-digit number starting 91 stays whole
    ['0123456789', '0123456789'], // nor is a 10-digit number's leading 0 taken
    ['+91 98765', '98765'], // part of a pasted number
    ['98765012351', '9876501235'], // an 11th digit typed is ignored
    ['987a65', '98765'],
    ['', ''],
  ];
  it.each(table)('%s becomes %s', (input, expected) => {
    expect(normaliseMobile(input)).toBe(expected);
  });

  const mobile = fc
    .tuple(fc.constantFrom('6', '7', '8', '9'), fc.stringMatching(/^\d{9}$/))
    .map(([a, b]) => a + b);
  const prefix = fc.constantFrom('', '+91', '+91 ', '+91-', '91', '91 ', '0', '0091 ', '(+91) ');

  it('gives back any valid mobile however it was written', () => {
    fc.assert(
      fc.property(
        mobile,
        prefix,
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom('', ' ', '-'),
        (m, p, at, sep) => {
          const written = `${p}${m.slice(0, at)}${sep}${m.slice(at)}`;
          expect(normaliseMobile(written)).toBe(m);
        },
      ),
    );
  });

  it('is idempotent and never gives more than 10 digits', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = normaliseMobile(s);
        expect(once).toMatch(/^\d{0,10}$/);
        expect(normaliseMobile(once)).toBe(once);
      }),
    );
  });

  it('keeps a valid mobile valid', () => {
    fc.assert(fc.property(mobile, (m) => isValidMobile(normaliseMobile(m))));
  });
});

describe('nationalMobile', () => {
  it('reads a number the way the inputs do, but refuses extra digits instead of cutting them', () => {
    expect(nationalMobile('+91 98765 01235')).toBe('9876501235');
    expect(nationalMobile('098765-01235')).toBe('9876501235');
    expect(nationalMobile('98765012351')).toBeNull();
    expect(nationalMobile('+91 98765')).toBeNull();
  });

  it('agrees with normaliseMobile wherever it accepts a number', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const strict = nationalMobile(s);
        return strict === null || strict === normaliseMobile(s);
      }),
    );
  });
});

describe('formatMobile', () => {
  it('shows a mobile one way: +91 98765 01235', () => {
    expect(formatMobile('9876501235')).toBe('+91 98765 01235');
    expect(formatMobile('+919876501235')).toBe('+91 98765 01235');
    expect(formatMobile('12')).toBe('12');
  });
});
