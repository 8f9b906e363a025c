// One GST credit note per refund (issue 31, decision record 0029): how a refunded amount is spread
// over the rows of the invoice it reduces. Pure and in integer paise, beside gst.ts whose rows it
// reads. Row i of a credit note always credits row i of its invoice (rows it leaves alone carry
// zeros), so what earlier notes credited is summed row by row.
import { shareInProportion, type TaxedRow } from './gst.ts';

/** What one credit note credits, in the invoice's own row shape and totals. */
export interface CreditNoteRows {
  goods: TaxedRow[];
  charges: TaxedRow[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  roundOffPaise: number;
  grandTotalPaise: number;
}

/** The part of an invoice row earlier credit notes took: summed from their rows. */
export interface CreditedSoFar {
  totalPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

const NOTHING: CreditedSoFar = { totalPaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

/** Rounds n / d (non-negative integers) half up, as gst.ts does. */
const roundDiv = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));
const clamp = (n: number, low: number, high: number) => Math.max(low, Math.min(high, n));
const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);

/**
 * `amount` shared in proportion to `weights` (largest remainder) with no part above its `cap`:
 * what a capped part cannot take goes to the others, then to any row with room. Exact whenever
 * the amount fits under the caps.
 */
export function shareWithinCaps(
  amount: number,
  weights: readonly number[],
  caps: readonly number[],
): number[] {
  const parts = caps.map(() => 0);
  const spread = (basis: (i: number) => number) => {
    for (let round = 0; round < caps.length + 1; round++) {
      const left = amount - sum(parts);
      const room = caps.map((cap, i) => ((cap ?? 0) - (parts[i] ?? 0) > 0 ? basis(i) : 0));
      if (left <= 0 || sum(room) === 0) return;
      const shares = shareInProportion(left, room);
      for (const [i, share] of shares.entries()) {
        parts[i] = (parts[i] ?? 0) + Math.min(share, (caps[i] ?? 0) - (parts[i] ?? 0));
      }
    }
  };
  spread((i) => weights[i] ?? 0);
  spread((i) => (caps[i] ?? 0) - (parts[i] ?? 0));
  return parts;
}

/**
 * The rows of the credit note for a refund of `amountPaise` against an invoice (its goods and
 * charges rows, as issued), after earlier credit notes credited `before` (per row, same order):
 *
 * - **Never more than the invoice.** The note credits at most what the invoice's rows have left;
 *   a refund that completes the invoice (earlier notes plus this one reach its grand total)
 *   credits every row's rest, its round-off taking any difference, so the notes of a fully
 *   refunded invoice add up to it row by row and head by head.
 * - **Charges and goods as on the invoice.** Delivery and fees (a composite supply's parts)
 *   receive the share the invoice gives them: cumulatively ⌊charges × credited ÷ invoice⌋.
 * - **The goods refunded.** The goods part goes to the lines whose units were refunded, in
 *   proportion to those units' price (`units`, per goods row); with no units named, to what the
 *   rows have left.
 * - **Tax in the invoice's proportions.** A row's tax credited so far is its invoice tax ×
 *   credited ÷ row total, rounded half up (decision 0010), the note taking the difference from
 *   what earlier notes took: CGST = SGST on every row, and a fully credited row gives back
 *   exactly the tax it was charged.
 */
export function creditNoteRows(input: {
  goods: readonly TaxedRow[];
  charges: readonly TaxedRow[];
  /** The invoice's grand total (its rows plus round-off). */
  invoiceTotalPaise: number;
  /** What earlier credit notes credited: per row (goods then charges) and in total. */
  before: { goods: readonly CreditedSoFar[]; charges: readonly CreditedSoFar[]; totalPaise: number };
  amountPaise: number;
  /** Units of each goods row this refund returns (same order); empty when it names none. */
  units: readonly number[];
  intraState: boolean;
}): CreditNoteRows {
  const { goods, charges, intraState } = input;
  const beforeGoods = goods.map((_, i) => input.before.goods[i] ?? NOTHING);
  const beforeCharges = charges.map((_, i) => input.before.charges[i] ?? NOTHING);
  const leftGoods = goods.map((r, i) => Math.max(0, r.totalPaise - beforeGoods[i]!.totalPaise));
  const leftCharges = charges.map((r, i) => Math.max(0, r.totalPaise - beforeCharges[i]!.totalPaise));
  const rowsLeft = sum(leftGoods) + sum(leftCharges);
  const noteTotal = clamp(
    input.amountPaise,
    0,
    Math.max(0, input.invoiceTotalPaise - input.before.totalPaise),
  );
  const completes = noteTotal > 0 && input.before.totalPaise + noteTotal >= input.invoiceTotalPaise;
  const toRows = completes ? rowsLeft : Math.min(noteTotal, rowsLeft);

  // The charges' share as on the invoice, cumulatively; the goods take the rest.
  const chargesTotal = sum(charges.map((r) => r.totalPaise));
  const rowsTotal = sum(goods.map((r) => r.totalPaise)) + chargesTotal;
  const chargesBefore = sum(beforeCharges.map((b) => b.totalPaise));
  const creditedAfter = sum(beforeGoods.map((b) => b.totalPaise)) + chargesBefore + toRows;
  const chargesTarget =
    creditedAfter >= rowsTotal
      ? chargesTotal
      : Math.floor((chargesTotal * creditedAfter) / Math.max(1, rowsTotal));
  let chargesPart = clamp(chargesTarget - chargesBefore, 0, Math.min(toRows, sum(leftCharges)));
  let goodsPart = toRows - chargesPart;
  if (goodsPart > sum(leftGoods)) {
    chargesPart += goodsPart - sum(leftGoods);
    goodsPart = sum(leftGoods);
  }

  const named = input.units.some((u) => u > 0);
  const goodsWeights = goods.map((r, i) =>
    named ? r.unitPricePaise * (input.units[i] ?? 0) : leftGoods[i]!,
  );
  const goodsParts = shareWithinCaps(goodsPart, goodsWeights, leftGoods);
  const chargeParts = shareWithinCaps(
    chargesPart,
    charges.map((r) => r.totalPaise),
    leftCharges,
  );

  /** The note's row: its part of the invoice row, with the tax the invoice charged on that part. */
  const credit = (row: TaxedRow, b: CreditedSoFar, part: number, quantity: number): TaxedRow => {
    const after = b.totalPaise + part;
    const taxSoFar = (tax: number) =>
      after >= row.totalPaise ? tax : roundDiv(tax * after, Math.max(1, row.totalPaise));
    let cgst = 0;
    let igst = 0;
    if (intraState) cgst = clamp(taxSoFar(row.cgstPaise) - b.cgstPaise, 0, Math.floor(part / 2));
    else igst = clamp(taxSoFar(row.igstPaise) - b.igstPaise, 0, part);
    return {
      description: row.description,
      hsn: row.hsn,
      quantity,
      unitPricePaise: row.unitPricePaise,
      totalPaise: part,
      discountPaise: Math.max(0, row.unitPricePaise * quantity - part),
      taxablePaise: part - 2 * cgst - igst,
      rateBp: row.rateBp,
      cgstPaise: cgst,
      sgstPaise: cgst,
      igstPaise: igst,
    };
  };
  const creditedGoods = goods.map((row, i) => {
    const part = goodsParts[i] ?? 0;
    const quantity = named ? (input.units[i] ?? 0) : part > 0 && part === leftGoods[i] ? row.quantity : 0;
    return credit(row, beforeGoods[i]!, part, part > 0 ? quantity : 0);
  });
  const creditedCharges = charges.map((row, i) => {
    const part = chargeParts[i] ?? 0;
    return {
      ...credit(row, beforeCharges[i]!, part, part > 0 ? 1 : 0),
      unitPricePaise: part,
      discountPaise: 0,
    };
  });
  const rows = [...creditedGoods, ...creditedCharges];
  const rowsSum = sum(rows.map((r) => r.totalPaise));
  return {
    goods: creditedGoods,
    charges: creditedCharges,
    taxablePaise: sum(rows.map((r) => r.taxablePaise)),
    cgstPaise: sum(rows.map((r) => r.cgstPaise)),
    sgstPaise: sum(rows.map((r) => r.sgstPaise)),
    igstPaise: sum(rows.map((r) => r.igstPaise)),
    roundOffPaise: noteTotal - rowsSum,
    grandTotalPaise: noteTotal,
  };
}

/** What earlier credit notes credited, row by row (their rows are aligned with the invoice's). */
export function creditedSoFar(
  notes: readonly Pick<CreditNoteRows, 'goods' | 'charges' | 'grandTotalPaise'>[],
) {
  const add = (rows: readonly (readonly TaxedRow[])[]) => {
    const out: CreditedSoFar[] = [];
    for (const list of rows) {
      for (const [i, r] of list.entries()) {
        const b = out[i] ?? { ...NOTHING };
        out[i] = {
          totalPaise: b.totalPaise + r.totalPaise,
          cgstPaise: b.cgstPaise + r.cgstPaise,
          sgstPaise: b.sgstPaise + r.sgstPaise,
          igstPaise: b.igstPaise + r.igstPaise,
        };
      }
    }
    return out;
  };
  return {
    goods: add(notes.map((n) => n.goods)),
    charges: add(notes.map((n) => n.charges)),
    totalPaise: sum(notes.map((n) => n.grandTotalPaise)),
  };
}
