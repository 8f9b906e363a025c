// GSTR-1 for a month, computed once from the month's invoices and credit notes (decision 0030):
// which table each document belongs to, the B2C (Others) and HSN summaries net of credit notes,
// and the document series summary. Pure: the register reads the documents, gstr1-files.ts
// writes this one result as CSVs and as the portal's JSON, so their figures are the same.
import type { TaxedRow } from '@spice/shared/gst';
import { type HsnEntry, hsnEntry } from '@spice/shared/hsn';
import type { DocumentSnapshot } from './schema.ts';

/** Tax heads in paise. */
export interface Heads {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

export interface FiledInvoice {
  number: string;
  seq: number;
  issuedAt: Date;
  buyerGstin: string | null;
  snapshot: DocumentSnapshot;
}

export interface FiledCreditNote {
  number: string;
  seq: number;
  issuedAt: Date;
  /** Exactly what it credits: the refunded goods and charges, and their totals. */
  snapshot: DocumentSnapshot;
  /** The invoice it is issued against (of this month or an earlier one). */
  invoice: Pick<FiledInvoice, 'number' | 'issuedAt' | 'buyerGstin' | 'snapshot'>;
}

export type InvoiceTable = 'b2b' | 'b2cl' | 'b2cs';
export type CreditNoteTable = 'cdnr' | 'cdnur' | 'b2cs';

/** B2CL's threshold since 1 August 2024 (Notification 12/2024-Central Tax): ₹1,00,000. */
export const DEFAULT_B2CL_THRESHOLD_PAISE = 1_00_000_00;

/**
 * GSTR-1's table for an invoice: B2B to a buyer with a GSTIN (table 4); B2C (Large) when supplied
 * to another state and worth more than the threshold (table 5); B2C (Others) otherwise (table 7).
 */
export function invoiceTable(
  invoice: Pick<FiledInvoice, 'buyerGstin' | 'snapshot'>,
  b2clThresholdPaise: number,
): InvoiceTable {
  if (invoice.buyerGstin) return 'b2b';
  const { intraState, grandTotalPaise } = invoice.snapshot;
  return !intraState && grandTotalPaise > b2clThresholdPaise ? 'b2cl' : 'b2cs';
}

/**
 * A credit note's table follows its invoice's: CDNR for a registered buyer (table 9B), CDNUR
 * against a B2C (Large) invoice; against a B2C (Others) invoice it is netted in table 7.
 */
export function creditNoteTable(note: FiledCreditNote, b2clThresholdPaise: number): CreditNoteTable {
  const table = invoiceTable(note.invoice, b2clThresholdPaise);
  return table === 'b2b' ? 'cdnr' : table === 'b2cl' ? 'cdnur' : 'b2cs';
}

const rowsOf = (s: DocumentSnapshot): TaxedRow[] => [...s.goods, ...s.charges];
const zero = (): Heads => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });
function add(
  into: Heads,
  r: Pick<TaxedRow, 'taxablePaise' | 'igstPaise' | 'cgstPaise' | 'sgstPaise'>,
  sign = 1,
) {
  into.taxable += sign * r.taxablePaise;
  into.igst += sign * r.igstPaise;
  into.cgst += sign * r.cgstPaise;
  into.sgst += sign * r.sgstPaise;
}

export interface RateHeads extends Heads {
  rateBp: number;
}

/** A document's rows summed per rate, in rate order (one `itm_det` each). */
export function perRate(s: DocumentSnapshot): RateHeads[] {
  const byRate = new Map<number, RateHeads>();
  for (const r of rowsOf(s)) {
    const h = byRate.get(r.rateBp) ?? { rateBp: r.rateBp, ...zero() };
    add(h, r);
    byRate.set(r.rateBp, h);
  }
  return [...byRate.values()].sort((a, b) => a.rateBp - b.rateBp);
}

/** One invoice or credit note as its table lists it. */
export interface FiledDocument {
  number: string;
  issuedAt: Date;
  buyerGstin: string | null;
  buyerName: string;
  /** The state code of the place of supply. */
  pos: string;
  intraState: boolean;
  valuePaise: number;
  rates: RateHeads[];
}

export interface B2csRow extends Heads {
  pos: string;
  intraState: boolean;
  rateBp: number;
}

export interface HsnRow extends Heads {
  hsn: string;
  entry: HsnEntry;
  rateBp: number;
  quantity: number;
  /** Taxable value and tax: what was charged under this code. */
  valuePaise: number;
}

export interface SeriesRow {
  nature: 'Invoices for outward supply' | 'Credit Note';
  from: string;
  to: string;
  total: number;
  /** Numbers of the range voided without a document (none: the series has no gaps). */
  cancelled: number;
}

export interface Gstr1 {
  b2b: FiledDocument[];
  b2cl: FiledDocument[];
  b2cs: B2csRow[];
  cdnr: FiledDocument[];
  cdnur: FiledDocument[];
  hsnB2b: HsnRow[];
  hsnB2c: HsnRow[];
  docs: SeriesRow[];
}

function filed(number: string, issuedAt: Date, gstin: string | null, s: DocumentSnapshot): FiledDocument {
  return {
    number,
    issuedAt,
    buyerGstin: gstin,
    buyerName: s.buyer.name,
    pos: s.placeOfSupply.code,
    intraState: s.intraState,
    valuePaise: s.grandTotalPaise,
    rates: perRate(s),
  };
}

/** Sums rows into keyed summaries; credit notes (sign −1) reduce them. */
class Summary<T extends Heads> {
  readonly rows = new Map<string, T>();
  readonly create: (key: string) => T;
  constructor(create: (key: string) => T) {
    this.create = create;
  }
  get(key: string): T {
    const row = this.rows.get(key) ?? this.create(key);
    this.rows.set(key, row);
    return row;
  }
  /** In key order, without rows a credit note brought to nothing. */
  sorted(): T[] {
    const empty = (v: T) =>
      v.taxable === 0 && v.igst === 0 && v.cgst === 0 && v.sgst === 0 && !(v as Partial<HsnRow>).quantity;
    return [...this.rows.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, v]) => v)
      .filter((v) => !empty(v));
  }
}

function hsnSummary() {
  return new Summary<HsnRow>((key) => {
    const [hsn = '', rate = '0'] = key.split('|');
    return { hsn, entry: hsnEntry(hsn), rateBp: Number(rate), quantity: 0, valuePaise: 0, ...zero() };
  });
}

/**
 * Adds a document's rows to the HSN summary. Delivery and fees are part of the goods' composite
 * supply and carry its HSN code: they add value, not quantity.
 */
function addToHsn(summary: Summary<HsnRow>, s: DocumentSnapshot, sign: number) {
  for (const [i, r] of rowsOf(s).entries()) {
    const row = summary.get(`${r.hsn}|${String(r.rateBp).padStart(5, '0')}`);
    if (i < s.goods.length) row.quantity += sign * r.quantity;
    row.valuePaise += sign * r.totalPaise;
    add(row, r, sign);
  }
}

/** Each series' range in the month: a prefix change starts a new range (its own series). */
function seriesRows(
  nature: SeriesRow['nature'],
  docs: readonly { number: string; seq: number }[],
): SeriesRow[] {
  const byHead = new Map<string, { number: string; seq: number }[]>();
  for (const d of [...docs].sort((a, b) => a.seq - b.seq)) {
    const head = d.number.replace(/\d+$/, '');
    byHead.set(head, [...(byHead.get(head) ?? []), d]);
  }
  return [...byHead.values()].map((list) => {
    const first = list[0]!;
    const last = list.at(-1)!;
    const total = last.seq - first.seq + 1;
    return { nature, from: first.number, to: last.number, total, cancelled: total - list.length };
  });
}

/** The month's GSTR-1, from its invoices and credit notes (each in issue order). */
export function computeGstr1(
  invoices: readonly FiledInvoice[],
  creditNotes: readonly FiledCreditNote[],
  b2clThresholdPaise: number,
): Gstr1 {
  const out: Gstr1 = { b2b: [], b2cl: [], b2cs: [], cdnr: [], cdnur: [], hsnB2b: [], hsnB2c: [], docs: [] };
  const b2cs = new Summary<B2csRow>((key) => {
    const [pos = '', intra = '', rate = '0'] = key.split('|');
    return { pos, intraState: intra === 'intra', rateBp: Number(rate), ...zero() };
  });
  const addToB2cs = (s: DocumentSnapshot, sign: number) => {
    for (const r of rowsOf(s)) {
      const key = `${s.placeOfSupply.code}|${s.intraState ? 'intra' : 'inter'}|${String(r.rateBp).padStart(5, '0')}`;
      add(b2cs.get(key), r, sign);
    }
  };
  const hsnB2b = hsnSummary();
  const hsnB2c = hsnSummary();

  for (const inv of invoices) {
    const table = invoiceTable(inv, b2clThresholdPaise);
    if (table === 'b2cs') addToB2cs(inv.snapshot, 1);
    else out[table].push(filed(inv.number, inv.issuedAt, inv.buyerGstin, inv.snapshot));
    addToHsn(table === 'b2b' ? hsnB2b : hsnB2c, inv.snapshot, 1);
  }
  for (const note of creditNotes) {
    const table = creditNoteTable(note, b2clThresholdPaise);
    if (table === 'b2cs') addToB2cs(note.snapshot, -1);
    else out[table].push(filed(note.number, note.issuedAt, note.invoice.buyerGstin, note.snapshot));
    addToHsn(table === 'cdnr' ? hsnB2b : hsnB2c, note.snapshot, -1);
  }
  out.b2cs = b2cs.sorted();
  out.hsnB2b = hsnB2b.sorted();
  out.hsnB2c = hsnB2c.sorted();
  out.docs = [
    ...seriesRows('Invoices for outward supply', invoices),
    ...seriesRows('Credit Note', creditNotes),
  ];
  return out;
}
