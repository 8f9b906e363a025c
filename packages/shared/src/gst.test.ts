import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  computeInvoiceTax,
  documentNumber,
  financialYear,
  gstinCheckChar,
  gstinProblem,
  invoiceAmount,
  SeriesFullError,
  seriesPrefixFits,
  shareInProportion,
  splitInclusive,
  stateCodeOf,
} from './gst.ts';

describe('GSTIN', () => {
  it.each(['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '27AAKCK1234M1ZB'])('accepts %s', (g) => {
    expect(gstinProblem(g)).toBeNull();
  });

  it.each([
    ['27AAPFU0939F1ZA', 'This GSTIN has a wrong check digit.'],
    ['27AAPFU0939F1Z', 'Enter a valid 15-character GSTIN.'],
    ['27aapfu0939f1zv', 'Enter a valid 15-character GSTIN.'],
    ['45AAPFU0939F1ZV', 'This GSTIN does not start with a valid state code.'],
  ])('refuses %s', (g, message) => {
    expect(gstinProblem(g)).toBe(message);
  });

  it('finds every single-character typo in the last position', () => {
    fc.assert(
      fc.property(fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), (c) => {
        const valid = `27AAPFU0939F1Z${gstinCheckChar('27AAPFU0939F1Z')}`;
        const typo = `${valid.slice(0, 14)}${c}`;
        return (gstinProblem(typo) === null) === (typo === valid);
      }),
    );
  });
});

describe('state codes', () => {
  it.each([
    ['Maharashtra', '27'],
    ['  maharashtra ', '27'],
    ['MAHA RASHTRA', '27'],
    ['Orissa', '21'],
    ['Odisha', '21'],
    ['Pondicherry', '34'],
    ['Delhi', '07'],
    ['NCT of Delhi', '07'],
    ['Jammu & Kashmir', '01'],
    ['Andhra Pradesh', '37'],
    ['Telangana', '36'],
    ['Karnataka', '29'],
    ['Narnia', null],
    ['', null],
  ])('%s is %s', (name, code) => {
    expect(stateCodeOf(name)).toBe(code);
  });
});

describe('numbering', () => {
  it.each([
    ['2026-04-01T00:00:00+05:30', '26-27'],
    ['2026-03-31T23:59:59+05:30', '25-26'],
    ['2026-03-31T18:30:00Z', '26-27'], // midnight IST on 1 April
    ['2027-01-15T10:00:00Z', '26-27'],
  ])('%s is in financial year %s', (at, fy) => {
    expect(financialYear(new Date(at))).toBe(fy);
  });

  it('numbers invoices and credit notes within 16 characters', () => {
    expect(documentNumber('invoice', 'KC', '26-27', 123)).toBe('KC/26-27/000123');
    expect(documentNumber('credit_note', 'KC', '26-27', 4)).toBe('KCC/26-27/000004');
    expect(documentNumber('invoice', 'ABC', '26-27', 999_999)).toHaveLength(16);
    // A three-letter prefix kept from before decision 0030: its credit notes get five digits.
    expect(() => documentNumber('credit_note', 'ABC', '26-27', 100_000)).toThrow(SeriesFullError);
    expect(documentNumber('credit_note', 'KC', '26-27', 999_999)).toBe('KCC/26-27/999999');
    expect(() => documentNumber('credit_note', 'KC', '26-27', 1_000_000)).toThrow(SeriesFullError);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), (n) =>
        /^[A-Z0-9/-]{1,16}$/.test(documentNumber('invoice', 'KC', '26-27', n)),
      ),
    );
  });

  it.each([
    ['K', true],
    ['KC', true],
    ['9Z', true],
    ['KCX', false], // its credit notes, KCXC/26-27/, would keep five digits
    ['', false],
    ['K-', false],
  ])('a series prefix %j fits both series with six digits: %s', (prefix, fits) => {
    expect(seriesPrefixFits(prefix)).toBe(fits);
  });

  it('gives every prefix that fits six digits up to 999999 in both series', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{1,2}$/), fc.integer({ min: 1, max: 999_999 }), (prefix, n) => {
        for (const kind of ['invoice', 'credit_note'] as const) {
          const number = documentNumber(kind, prefix, '26-27', n);
          if (number.length > 16 || !number.endsWith(String(n).padStart(6, '0'))) return false;
        }
        return seriesPrefixFits(prefix);
      }),
    );
  });
});

describe('amount in words', () => {
  it.each([
    [124950, 'Rupees One Thousand Two Hundred Forty-Nine and Fifty Paise Only'],
    [100, 'Rupees One Only'],
    [5, 'Rupees Zero and Five Paise Only'],
    [12_345_678_00, 'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only'],
    [2_00_00_000_00, 'Rupees Two Crore Only'],
    [10_05_000_00, 'Rupees Ten Lakh Five Thousand Only'],
    [1_234_00_00_000_00, 'Rupees One Thousand Two Hundred Thirty-Four Crore Only'],
  ])('%i paise is %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('prints amounts with Indian grouping', () => {
    expect(invoiceAmount(12_345_678)).toBe('1,23,456.78');
    expect(invoiceAmount(-5)).toBe('-0.05');
  });
});

describe('tax split', () => {
  const rate = fc.constantFrom(0, 250, 500, 1200, 1800, 2800, 4000, 1250);

  it('taxable value + tax = line total, and CGST = SGST', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), rate, fc.boolean(), (amount, bp, intra) => {
        const s = splitInclusive(amount, bp, intra);
        const tax = s.cgstPaise + s.sgstPaise + s.igstPaise;
        // Within a paisa or two (halves rounded) of the exact amount × rate ÷ (1 + rate).
        const exact = (amount * bp) / (10_000 + bp);
        return (
          s.taxablePaise + tax === amount &&
          s.cgstPaise === s.sgstPaise &&
          (intra ? s.igstPaise === 0 : s.cgstPaise === 0) &&
          Math.abs(tax - exact) <= 1 &&
          s.taxablePaise >= 0
        );
      }),
    );
  });

  it('5% of ₹105 inclusive is ₹100 taxable and ₹5 tax', () => {
    expect(splitInclusive(10_500, 500, true)).toEqual({
      taxablePaise: 10_000,
      cgstPaise: 250,
      sgstPaise: 250,
      igstPaise: 0,
    });
    expect(splitInclusive(10_500, 500, false).igstPaise).toBe(500);
  });

  it('shares a discount exactly and in proportion', () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100 }),
        (weights, percent) => {
          const total = weights.reduce((a, b) => a + b, 0);
          const amount = Math.floor((total * percent) / 100);
          const parts = shareInProportion(amount, weights);
          return (
            parts.reduce((a, b) => a + b, 0) === amount &&
            parts.every((p, i) => p <= weights[i]! && Math.abs(p - (amount * weights[i]!) / total) < 1)
          );
        },
      ),
    );
  });

  const line = fc.record({
    description: fc.constant('Garam Masala 100g'),
    hsn: fc.constant('0910'),
    quantity: fc.integer({ min: 1, max: 20 }),
    unitPricePaise: fc.integer({ min: 1, max: 500_000 }),
    rateBp: rate,
  });

  it('the invoice total equals the order total, each row adds up, CGST = SGST', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        fc.integer({ min: -50, max: 50 }),
        (lines, discountPercent, fees, intra, drift) => {
          const gross = lines.reduce((a, l) => a + l.unitPricePaise * l.quantity, 0);
          const discountPaise = Math.floor((gross * discountPercent) / 100);
          const charges = fees.map((amountPaise, i) => ({
            description: `Fee ${i}`,
            hsn: '9965',
            amountPaise,
          }));
          const exactTotal = gross - discountPaise + fees.reduce((a, b) => a + b, 0);
          const orderTotalPaise = Math.max(0, exactTotal + drift);
          const inv = computeInvoiceTax({
            lines,
            discountPaise,
            charges,
            orderTotalPaise,
            intraState: intra,
          });
          const rows = [...inv.goods, ...inv.charges];
          const principal = inv.goods.reduce((p, g) => (g.taxablePaise > p.taxablePaise ? g : p));
          return (
            inv.taxablePaise + inv.cgstPaise + inv.sgstPaise + inv.igstPaise + inv.roundOffPaise ===
              orderTotalPaise &&
            Math.abs(inv.roundOffPaise) <= 50 &&
            inv.cgstPaise === inv.sgstPaise &&
            rows.every((r) => r.taxablePaise + r.cgstPaise + r.sgstPaise + r.igstPaise === r.totalPaise) &&
            rows.every((r) => r.cgstPaise === r.sgstPaise) &&
            inv.charges.every((c) => c.rateBp === principal.rateBp) &&
            inv.goods.reduce((a, g) => a + g.discountPaise, 0) === discountPaise
          );
        },
      ),
    );
  });

  it('taxes delivery at the rate of the line with the highest taxable value', () => {
    const inv = computeInvoiceTax({
      lines: [
        { description: 'Saffron', hsn: '0910', quantity: 1, unitPricePaise: 11_200, rateBp: 1200 },
        { description: 'Chilli', hsn: '0904', quantity: 2, unitPricePaise: 10_500, rateBp: 500 },
      ],
      discountPaise: 0,
      charges: [{ description: 'Delivery charges', hsn: '9965', amountPaise: 4_900 }],
      orderTotalPaise: 37_100,
      intraState: false,
    });
    expect(inv.charges[0]).toMatchObject({ rateBp: 500, igstPaise: 233, taxablePaise: 4_667 });
    expect(inv.goods[0]).toMatchObject({ taxablePaise: 10_000, igstPaise: 1_200 });
    expect(inv.roundOffPaise).toBe(0);
  });

  it('refuses figures more than 50 paise apart', () => {
    expect(() =>
      computeInvoiceTax({
        lines: [{ description: 'x', hsn: '0910', quantity: 1, unitPricePaise: 1000, rateBp: 500 }],
        discountPaise: 0,
        charges: [],
        orderTotalPaise: 1051,
        intraState: true,
      }),
    ).toThrow(RangeError);
  });
});
