import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatUnitPrice,
  gramsOf,
  type NetQuantity,
  netQuantityFromLabel,
  netQuantityLabel,
  unitPrice,
  unitPricePaise,
} from './unit-price.ts';

describe('unitPrice', () => {
  // [price in paise, net quantity, expected amount in rupees, per]
  const table: [number, NetQuantity, number, string][] = [
    [2990, { value: 50, unit: 'g' }, 59.8, '100 g'], // the '₹59.80 / 100 g'
    [7000, { value: 50, unit: 'g' }, 140, '100 g'],
    [13000, { value: 100, unit: 'g' }, 130, '100 g'], // 100 g: the price itself
    [4500, { value: 100, unit: 'g' }, 45, '100 g'],
    [56000, { value: 1, unit: 'kg' }, 56, '100 g'], // 1 kg: a tenth
    [56005, { value: 1, unit: 'kg' }, 56.01, '100 g'], // 5600.5 paise rounds UP to 5601
    [9999, { value: 1, unit: 'kg' }, 10, '100 g'], // 999.9 paise → 1000
    [19900, { value: 500, unit: 'ml' }, 39.8, '100 ml'], // 500 ml
    [19901, { value: 500, unit: 'ml' }, 39.81, '100 ml'], // 3980.2 → 3981
    [25000, { value: 1.5, unit: 'l' }, 16.67, '100 ml'], // 1666.67 → 1667
    [6000, { value: 6, unit: 'pc' }, 10, '1 pc'], // pieces: per piece
    [10000, { value: 3, unit: 'pc' }, 33.34, '1 pc'], // 3333.33 → 3334, never 33.33
    [3500, { value: 25, unit: 'g' }, 140, '100 g'],
    [19900, { value: 200, unit: 'g' }, 99.5, '100 g'],
    [12000, { value: 30, unit: 'g' }, 400, '100 g'],
    [10000, { value: 30, unit: 'g' }, 333.34, '100 g'], // 33333.33 → 33334
  ];
  it.each(table)('%i paise for %o is ₹%d per %s', (paise, q, amount, per) => {
    expect(unitPrice(paise, q)).toEqual({ amount, per });
  });

  it('has no unit price without a net quantity or with a fraction of a gram', () => {
    expect(unitPrice(1000, null)).toBeNull();
    expect(unitPrice(1000, { value: 2.5, unit: 'g' })).toBeNull();
    expect(unitPrice(1000, { value: 1.0005, unit: 'kg' })).toBeNull();
  });

  const quantity = fc.oneof(
    fc.record({
      value: fc.integer({ min: 1, max: 100_000 }),
      unit: fc.constantFrom('g' as const, 'ml' as const, 'pc' as const),
    }),
    fc.record({
      value: fc.integer({ min: 1, max: 100_000 }).map((m) => m / 1000),
      unit: fc.constantFrom('kg' as const, 'l' as const),
    }),
  );
  const base = (q: NetQuantity) => (q.unit === 'kg' || q.unit === 'l' ? Math.round(q.value * 1000) : q.value);
  const scale = (q: NetQuantity) => (q.unit === 'pc' ? 1 : 100);

  it('never shows less than the exact price per unit, and less than a paisa more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), quantity, (paise, q) => {
        const u = unitPricePaise(paise, q)!;
        // u ≥ paise × scale / base and u − 1 < that: compared in integers, no float.
        const exact = paise * scale(q);
        expect(u.paise * base(q)).toBeGreaterThanOrEqual(exact);
        expect((u.paise - 1) * base(q)).toBeLessThan(exact);
      }),
    );
  });

  it('is whole paise, and never goes down when the price goes up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        quantity,
        (p, more, q) => {
          const a = unitPricePaise(p, q)!;
          const b = unitPricePaise(p + more, q)!;
          expect(Number.isInteger(a.paise)).toBe(true);
          expect(b.paise).toBeGreaterThanOrEqual(a.paise);
          expect(Math.round(unitPrice(p, q)!.amount * 100)).toBe(a.paise);
        },
      ),
    );
  });
});

describe('formatUnitPrice and labels', () => {
  it.each([
    [{ amount: 59.8, per: '100 g' as const }, 'en', '₹59.80 / 100 g'],
    [{ amount: 1234.5, per: '100 ml' as const }, 'en', '₹1,234.50 / 100 ml'],
    [{ amount: 10, per: '1 pc' as const }, 'en', '₹10.00 / 1 pc'],
    [{ amount: 59.8, per: '100 g' as const }, 'hi', '₹59.80 / 100 ग्राम'],
  ] as const)('%o in %s is %s', (u, lang, text) => {
    expect(formatUnitPrice(u, lang)).toBe(text);
  });

  it('labels a new variant from its net quantity, in English and Hindi', () => {
    expect(netQuantityLabel({ value: 100, unit: 'g' })).toBe('100 g');
    expect(netQuantityLabel({ value: 1.5, unit: 'kg' }, 'hi')).toBe('1.5 किलो');
    expect(gramsOf({ value: 1.5, unit: 'kg' })).toBe(1500);
    expect(gramsOf({ value: 500, unit: 'ml' })).toBeNull();
  });
});

describe('netQuantityFromLabel', () => {
  it.each([
    ['100 g', { value: 100, unit: 'g' }],
    ['50g', { value: 50, unit: 'g' }],
    ['1kg', { value: 1, unit: 'kg' }],
    ['500 ml', { value: 500, unit: 'ml' }],
    ['1.5 l', { value: 1.5, unit: 'l' }],
    ['6 pcs', { value: 6, unit: 'pc' }],
    ['Family pack', null],
    ['2.5 g', null],
  ] as const)('%s → %o', (label, q) => {
    expect(netQuantityFromLabel(label)).toEqual(q);
  });
});
