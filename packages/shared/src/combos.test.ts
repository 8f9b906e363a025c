import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ComboComponent,
  comboDescription,
  comboSaving,
  comboStock,
  comboTax,
  partsTaken,
  suggestedComboMrp,
  type TaxedPart,
} from './combos.ts';

const part = (
  rateBp: number,
  pricePaise: number,
  quantity = 1,
  hsn = `H${rateBp}-${pricePaise}`,
): TaxedPart => ({
  description: `Part ${hsn}`,
  hsn,
  rateBp,
  quantity,
  pricePaise,
});

describe('comboTax', () => {
  // [parts, expected rate, expected HSN, mixed]
  const table: [TaxedPart[], number, string, boolean][] = [
    [[part(500, 6000, 1, '0910'), part(500, 5000, 1, '0904')], 500, '0910', false], // one rate: that rate
    [[part(500, 6000, 1, '0910'), part(1200, 5000, 1, '2103')], 1200, '0910', true], // mixed: highest rate, HSN of highest value
    [[part(1800, 1000, 1, '2106'), part(500, 2000, 1, '0910')], 1800, '0910', true],
    [[part(500, 3000, 1, '0910'), part(1200, 2000, 2, '2103')], 1200, '2103', true], // value is price × quantity
    [[part(500, 3000, 1, '0910'), part(500, 3000, 1, '0904')], 500, '0910', false], // a tie: the first listed
    [[part(0, 3000, 1, '0910'), part(500, 100, 1, '0904')], 500, '0910', true], // an exempt part with a taxed one
  ];
  it.each(table)('taxes %j at %i with HSN %s', (parts, rateBp, hsn, mixed) => {
    expect(comboTax(parts)).toEqual({ rateBp, hsn, mixed });
  });

  it('refuses a combo without parts', () => {
    expect(() => comboTax([])).toThrow(RangeError);
  });

  const parts = fc.array(
    fc.record({
      description: fc.constant('x'),
      hsn: fc.constantFrom('0904', '0910', '2103', '2106'),
      rateBp: fc.constantFrom(0, 500, 1200, 1800),
      quantity: fc.integer({ min: 1, max: 5 }),
      pricePaise: fc.integer({ min: 1, max: 100_000 }),
    }),
    { minLength: 2, maxLength: 12 },
  );

  it('never taxes below any part and always at one of the parts’ rates', () => {
    fc.assert(
      fc.property(parts, (ps) => {
        const { rateBp } = comboTax(ps);
        expect(ps.some((p) => p.rateBp === rateBp)).toBe(true);
        for (const p of ps) expect(rateBp).toBeGreaterThanOrEqual(p.rateBp);
      }),
    );
  });

  it('gives the rate whatever the order of the parts, and the HSN of a part of the highest value', () => {
    fc.assert(
      fc.property(parts, fc.integer(), (ps, seed) => {
        const shuffled = [...ps].sort(
          (a, b) => ((a.pricePaise * 31 + seed) % 7) - ((b.pricePaise * 31 + seed) % 7),
        );
        expect(comboTax(shuffled).rateBp).toBe(comboTax(ps).rateBp);
        const { hsn } = comboTax(ps);
        const top = Math.max(...ps.map((p) => p.pricePaise * p.quantity));
        expect(ps.some((p) => p.hsn === hsn && p.pricePaise * p.quantity === top)).toBe(true);
      }),
    );
  });

  it('is not mixed exactly when every part has the same rate', () => {
    fc.assert(
      fc.property(parts, (ps) => {
        expect(comboTax(ps).mixed).toBe(new Set(ps.map((p) => p.rateBp)).size > 1);
      }),
    );
  });
});

describe('comboStock', () => {
  const stock = new Map([
    [1, 10],
    [2, 7],
    [3, 0],
  ]);
  const table: [ComboComponent[], number][] = [
    [
      [
        { variantId: 1, quantity: 1 },
        { variantId: 2, quantity: 1 },
      ],
      7,
    ],
    [
      [
        { variantId: 1, quantity: 3 },
        { variantId: 2, quantity: 2 },
      ],
      3,
    ], // ⌊10 ÷ 3⌋ = 3, ⌊7 ÷ 2⌋ = 3
    [
      [
        { variantId: 1, quantity: 1 },
        { variantId: 3, quantity: 1 },
      ],
      0,
    ], // a part out of stock
    [
      [
        { variantId: 1, quantity: 1 },
        { variantId: 99, quantity: 1 },
      ],
      0,
    ], // a part gone
    [[], 0],
  ];
  it.each(table)('derives %j as %i', (parts, expected) => {
    expect(comboStock(parts, (id) => stock.get(id))).toBe(expected);
  });

  it('never promises more than any part allows, and one more combo would exceed a part', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 12 })), {
          minLength: 2,
          maxLength: 12,
        }),
        (rows) => {
          const parts = rows.map(([, quantity], i) => ({ variantId: i + 1, quantity }));
          const n = comboStock(parts, (id) => rows[id - 1]![0]);
          for (const [s, q] of rows) expect(n * q).toBeLessThanOrEqual(s);
          expect(rows.some(([s, q]) => (n + 1) * q > s)).toBe(true);
        },
      ),
    );
  });
});

describe('partsTaken', () => {
  const components = new Map<number, ComboComponent[]>([
    [
      100,
      [
        { variantId: 2, quantity: 1 },
        { variantId: 1, quantity: 2 },
      ],
    ],
  ]);
  const line = (variantId: number, quantity: number) => ({ variantId, quantity });

  it('opens a combo into its parts, adds a variant bought both ways, in variant order', () => {
    const combo = line(100, 3);
    const plain = line(1, 1);
    const taken = partsTaken([plain, combo, line(5, 2)], (id) => components.get(id));
    expect(taken).toEqual([
      { variantId: 1, quantity: 7, line: combo },
      { variantId: 2, quantity: 3, line: combo },
      { variantId: 5, quantity: 2, line: line(5, 2) },
    ]);
  });

  it('takes the same units whatever the order of the lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(1, 2, 3, 100), fc.integer({ min: 1, max: 5 })), { maxLength: 6 }),
        (rows) => {
          const lines = rows.map(([v, q]) => line(v, q));
          const units = (ls: typeof lines) =>
            partsTaken(ls, (id) => components.get(id)).map((t) => [t.variantId, t.quantity]);
          expect(units([...lines].reverse())).toEqual(units(lines));
          const total = (ls: typeof lines) =>
            ls.reduce((s, l) => s + l.quantity * (l.variantId === 100 ? 3 : 1), 0);
          expect(units(lines).reduce((s, [, q]) => s + q!, 0)).toBe(total(lines));
        },
      ),
    );
  });
});

describe('prices', () => {
  const parts = [
    { quantity: 1, pricePaise: 6000, mrpPaise: 7000 },
    { quantity: 2, pricePaise: 4500, mrpPaise: 5000 },
  ];
  it('suggests the MRP as the sum of the parts’ MRPs and shows the saving', () => {
    expect(suggestedComboMrp(parts)).toBe(17000);
    expect(comboSaving(12000, parts)).toBe(3000);
    expect(comboSaving(20000, parts)).toBe(0);
  });

  it('names the contents on the invoice line', () => {
    expect(
      comboDescription('Festive Masala Box 6 × 50 g', [
        { description: 'Garam Masala 50 g', quantity: 1 },
        { description: 'Hing 50 g', quantity: 2 },
      ]),
    ).toBe('Festive Masala Box 6 × 50 g (contains: Garam Masala 50 g, Hing 50 g × 2)');
  });
});
