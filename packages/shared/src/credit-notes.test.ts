import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditedSoFar, creditNoteRows, shareWithinCaps } from './credit-notes.ts';
import { computeInvoiceTax, type TaxComputation } from './gst.ts';
import { refundShare } from './refunds.ts';

/** Two lines (₹200 × 2 at 5%, ₹100 × 1 at 12%), ₹40 delivery, within the state. */
const invoice = computeInvoiceTax({
  lines: [
    { description: 'Turmeric 200 g', hsn: '0910', quantity: 2, unitPricePaise: 20_000, rateBp: 500 },
    { description: 'Chaat masala 100 g', hsn: '0910', quantity: 1, unitPricePaise: 10_000, rateBp: 1200 },
  ],
  discountPaise: 0,
  charges: [{ description: 'Delivery charges', hsn: '', amountPaise: 4_000 }],
  orderTotalPaise: 54_000,
  intraState: true,
});
const NONE = { goods: [], charges: [], totalPaise: 0 };

describe('shareWithinCaps', () => {
  // [amount, weights, caps, expected]
  const table: [number, number[], number[], number[]][] = [
    [100, [1, 1], [100, 100], [50, 50]],
    [100, [1, 1], [30, 100], [30, 70]], // a capped part's rest goes to the other
    [100, [1, 0], [30, 100], [30, 70]], // then to any row with room
    [7, [1, 1, 1], [10, 10, 10], [3, 2, 2]], // largest remainder, first on a tie
    [0, [1, 1], [5, 5], [0, 0]],
  ];
  it.each(table)('%i over %j capped at %j → %j', (amount, weights, caps, expected) => {
    expect(shareWithinCaps(amount, weights, caps)).toEqual(expected);
  });
});

describe('creditNoteRows', () => {
  it('credits the refunded line and the delivery in the invoice proportions', () => {
    // One turmeric of two: its share of ₹540 paid is ⌊54,000 × 20,000 ÷ 50,000⌋ = ₹216.
    const amount = refundShare({
      totalPaise: 54_000,
      subtotalPaise: 50_000,
      refundedValuePaise: 0,
      chosenValuePaise: 20_000,
    });
    expect(amount).toBe(21_600);
    const note = creditNoteRows({
      goods: invoice.goods,
      charges: invoice.charges,
      invoiceTotalPaise: invoice.grandTotalPaise,
      before: NONE,
      amountPaise: amount,
      units: [1, 0],
      intraState: true,
    });
    expect(note.grandTotalPaise).toBe(21_600);
    expect(note.roundOffPaise).toBe(0);
    // Delivery's share: ⌊4,000 × 21,600 ÷ 54,000⌋ = ₹16; the turmeric takes ₹200 of its ₹400 row.
    expect(note.charges.map((r) => r.totalPaise)).toEqual([1_600]);
    expect(note.goods.map((r) => [r.quantity, r.totalPaise])).toEqual([
      [1, 20_000],
      [0, 0],
    ]);
    // Half the row's tax (its CGST 952 → 476), delivery's 40 × 1600/4000 of its halves.
    expect(note.goods[0]).toMatchObject({ cgstPaise: 476, sgstPaise: 476, taxablePaise: 19_048 });
    expect(note.charges[0]!.cgstPaise).toBe(
      Math.floor((invoice.charges[0]!.cgstPaise * 1_600 * 2 + 4_000) / 8_000),
    );
  });

  it('gives back every row and every tax head exactly once the invoice is fully refunded', () => {
    const first = creditNoteRows({
      goods: invoice.goods,
      charges: invoice.charges,
      invoiceTotalPaise: invoice.grandTotalPaise,
      before: NONE,
      amountPaise: 21_600,
      units: [1, 0],
      intraState: true,
    });
    const rest = creditNoteRows({
      goods: invoice.goods,
      charges: invoice.charges,
      invoiceTotalPaise: invoice.grandTotalPaise,
      before: creditedSoFar([first]),
      amountPaise: 54_000 - 21_600,
      units: [1, 1],
      intraState: true,
    });
    const both = creditedSoFar([first, rest]);
    expect(both.totalPaise).toBe(invoice.grandTotalPaise);
    expect(both.goods.map((r) => r.totalPaise)).toEqual(invoice.goods.map((r) => r.totalPaise));
    expect(both.goods.map((r) => r.cgstPaise)).toEqual(invoice.goods.map((r) => r.cgstPaise));
    expect(both.charges.map((r) => r.sgstPaise)).toEqual(invoice.charges.map((r) => r.sgstPaise));
  });

  it('never credits more than the invoice has left', () => {
    const whole = creditNoteRows({
      goods: invoice.goods,
      charges: invoice.charges,
      invoiceTotalPaise: invoice.grandTotalPaise,
      before: NONE,
      amountPaise: 99_999,
      units: [],
      intraState: true,
    });
    expect(whole.grandTotalPaise).toBe(54_000);
    const more = creditNoteRows({
      goods: invoice.goods,
      charges: invoice.charges,
      invoiceTotalPaise: invoice.grandTotalPaise,
      before: creditedSoFar([whole]),
      amountPaise: 500,
      units: [1, 0],
      intraState: true,
    });
    expect(more.grandTotalPaise).toBe(0);
    expect([...more.goods, ...more.charges].every((r) => r.totalPaise === 0)).toBe(true);
  });
});

/** A random invoice: lines (units, unit price, rate), a discount, fees, either kind of supply. */
const anInvoice = fc
  .record({
    lines: fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 6 }),
        unitPricePaise: fc.integer({ min: 100, max: 200_000 }),
        rateBp: fc.constantFrom(0, 500, 1200, 1800, 2800),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    discountShare: fc.integer({ min: 0, max: 30 }),
    // Fees as the shop charges them: none, or at least a rupee.
    fees: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 100, max: 20_000 })), {
      minLength: 0,
      maxLength: 3,
    }),
    intraState: fc.boolean(),
  })
  .map(({ lines, discountShare, fees, intraState }) => {
    const subtotal = lines.reduce((a, l) => a + l.quantity * l.unitPricePaise, 0);
    const discount = Math.floor((subtotal * discountShare) / 100);
    const total = subtotal - discount + fees.reduce((a, b) => a + b, 0);
    const tax = computeInvoiceTax({
      lines: lines.map((l, i) => ({ description: `Line ${i}`, hsn: '0910', ...l })),
      discountPaise: discount,
      charges: fees.map((amountPaise, i) => ({ description: `Fee ${i}`, hsn: '', amountPaise })),
      orderTotalPaise: total,
      intraState,
    });
    return { lines, subtotal, total, tax };
  });

/** Refunds of some units at a time, as the back office asks for them, then the rest (cancel/RTO). */
function refundsOf(
  inv: { lines: { quantity: number; unitPricePaise: number }[]; subtotal: number; total: number },
  picks: number[][],
  finish: boolean,
) {
  const refunded = inv.lines.map(() => 0);
  const out: { amount: number; units: number[] }[] = [];
  for (const pick of picks) {
    const units = inv.lines.map((l, i) => Math.min(pick[i] ?? 0, l.quantity - refunded[i]!));
    if (units.every((u) => u === 0)) continue;
    const amount = refundShare({
      totalPaise: inv.total,
      subtotalPaise: inv.subtotal,
      refundedValuePaise: inv.lines.reduce((a, l, i) => a + l.unitPricePaise * refunded[i]!, 0),
      chosenValuePaise: inv.lines.reduce((a, l, i) => a + l.unitPricePaise * units[i]!, 0),
    });
    units.forEach((u, i) => {
      refunded[i]! += u;
    });
    out.push({ amount, units });
  }
  if (finish) {
    const before = out.reduce((a, r) => a + r.amount, 0);
    out.push({ amount: inv.total - before, units: inv.lines.map((l, i) => l.quantity - refunded[i]!) });
  }
  return out;
}

function issueAll(tax: TaxComputation, refunds: { amount: number; units: number[] }[]) {
  const notes: ReturnType<typeof creditNoteRows>[] = [];
  for (const r of refunds) {
    notes.push(
      creditNoteRows({
        goods: tax.goods,
        charges: tax.charges,
        invoiceTotalPaise: tax.grandTotalPaise,
        before: creditedSoFar(notes),
        amountPaise: r.amount,
        units: r.units,
        intraState: tax.intraState,
      }),
    );
  }
  return notes;
}

describe('credit notes for any sequence of refunds', () => {
  const picks = fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 5 }), { maxLength: 8 });

  it('sum to what was refunded and never exceed the invoice, row by row', () => {
    fc.assert(
      fc.property(anInvoice, picks, fc.boolean(), (inv, pick, finish) => {
        const refunds = refundsOf(inv, pick, finish);
        const notes = issueAll(inv.tax, refunds);
        const refunded = refunds.reduce((a, r) => a + r.amount, 0);
        const credited = creditedSoFar(notes);
        expect(credited.totalPaise).toBe(Math.min(refunded, inv.tax.grandTotalPaise));
        expect(credited.totalPaise).toBeLessThanOrEqual(inv.tax.grandTotalPaise);
        for (const [i, note] of notes.entries()) {
          expect(note.grandTotalPaise).toBe(refunds[i]!.amount);
          const rows = [...note.goods, ...note.charges];
          expect(rows.reduce((a, r) => a + r.totalPaise, 0) + note.roundOffPaise).toBe(note.grandTotalPaise);
          for (const r of rows) {
            expect(r.taxablePaise + r.cgstPaise + r.sgstPaise + r.igstPaise).toBe(r.totalPaise);
            expect(r.taxablePaise).toBeGreaterThanOrEqual(0);
            expect(r.cgstPaise).toBe(r.sgstPaise);
            expect(Math.min(r.cgstPaise, r.igstPaise)).toBeGreaterThanOrEqual(0);
          }
        }
        const invoiceRows = [...inv.tax.goods, ...inv.tax.charges];
        const creditedRows = [...credited.goods, ...credited.charges];
        creditedRows.forEach((r, i) => {
          expect(r.totalPaise).toBeLessThanOrEqual(invoiceRows[i]!.totalPaise);
          expect(r.cgstPaise + r.sgstPaise + r.igstPaise).toBeLessThanOrEqual(
            invoiceRows[i]!.cgstPaise + invoiceRows[i]!.sgstPaise + invoiceRows[i]!.igstPaise,
          );
        });
        // No line is credited for more units than it had.
        inv.tax.goods.forEach((g, i) => {
          expect(notes.reduce((a, n) => a + n.goods[i]!.quantity, 0)).toBeLessThanOrEqual(g.quantity);
        });
      }),
    );
  });

  it('give back exactly the invoice, row by row and head by head, once everything is refunded', () => {
    fc.assert(
      fc.property(anInvoice, picks, (inv, pick) => {
        const notes = issueAll(inv.tax, refundsOf(inv, pick, true));
        const credited = creditedSoFar(notes);
        expect(credited.totalPaise).toBe(inv.tax.grandTotalPaise);
        const invoiceRows = [...inv.tax.goods, ...inv.tax.charges];
        [...credited.goods, ...credited.charges].forEach((r, i) => {
          const row = invoiceRows[i]!;
          expect([r.totalPaise, r.cgstPaise, r.sgstPaise, r.igstPaise]).toEqual([
            row.totalPaise,
            row.cgstPaise,
            row.sgstPaise,
            row.igstPaise,
          ]);
        });
      }),
    );
  });
});
