// The month's GSTR-1 (gstr1.ts) written out: one CSV per table, with the offline tool's column
// names, and the one JSON file the GST portal's offline tool imports (decision 0030). Both are
// written from the same computed result, so every figure in the JSON is in a CSV.
import type { InvoiceExport } from '@spice/shared/contracts/invoices';
import { formatRate, stateName } from '@spice/shared/gst';
import { UQC_LABEL } from '@spice/shared/hsn';
import { csvDocument, csvRupees } from '../../lib/csv.ts';
import type { FiledDocument, Gstr1, Heads, HsnRow, RateHeads, SeriesRow } from './gstr1.ts';

export const GSTR1_CSVS = [
  'b2b',
  'b2cl',
  'b2cs',
  'cdnr',
  'cdnur',
  'hsn-b2b',
  'hsn-b2c',
  'hsn',
  'docs',
] as const;
export type Gstr1Csv = (typeof GSTR1_CSVS)[number];

const ist = (at: Date) => new Date(at.getTime() + 330 * 60_000);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '05-Nov-2026', as the offline tool's spreadsheets write dates. */
const csvDate = (at: Date) => {
  const d = ist(at);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
};
/** '05-11-2026', as the portal's JSON writes dates. */
const jsonDate = (at: Date) => ist(at).toISOString().slice(0, 10).split('-').reverse().join('-');
const pos = (code: string) => `${code}-${stateName(code)}`;
const rate = (bp: number) => formatRate(bp).replace('%', '');
/** Rupees as a JSON number: paise ÷ 100 is printed with at most two decimals. */
const rupees = (paise: number) => paise / 100;

const TAXES = ['Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', 'Cess Amount'];
const taxes = (h: Heads) => [csvRupees(h.igst), csvRupees(h.cgst), csvRupees(h.sgst), '0.00'];

/** A document's rows, one per rate, as `lead` + rate columns + `tail`. */
function perRateLines(
  docs: FiledDocument[],
  lead: (d: FiledDocument) => string[],
  tail: (r: RateHeads) => string[],
) {
  return docs.flatMap((d) =>
    d.rates.map((r) => [...lead(d), rate(r.rateBp), csvRupees(r.taxable), ...tail(r)]),
  );
}

function hsnCsv(rows: HsnRow[]) {
  return csvDocument(
    ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', 'Taxable Value', ...TAXES],
    rows.map((r) => [
      r.hsn,
      r.entry.description,
      UQC_LABEL[r.entry.uqc],
      String(r.quantity),
      csvRupees(r.valuePaise),
      rate(r.rateBp),
      csvRupees(r.taxable),
      ...taxes(r),
    ]),
  );
}

/** Both HSN tables in one, for an accountant who files before the B2B/B2C split. */
function mergedHsn(g: Gstr1): HsnRow[] {
  const byKey = new Map<string, HsnRow>();
  for (const r of [...g.hsnB2b, ...g.hsnB2c]) {
    const key = `${r.hsn}|${r.rateBp}`;
    const m = byKey.get(key);
    if (!m) byKey.set(key, { ...r });
    else {
      for (const k of ['quantity', 'valuePaise', 'taxable', 'igst', 'cgst', 'sgst'] as const) m[k] += r[k];
    }
  }
  return [...byKey.values()].sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rateBp - b.rateBp);
}

function seriesCsv(rows: SeriesRow[]) {
  return csvDocument(
    ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
    rows.map((r) => [r.nature, r.from, r.to, String(r.total), String(r.cancelled)]),
  );
}

/** One GSTR-1 table as CSV. */
export function gstr1Csv(g: Gstr1, kind: InvoiceExport): string {
  switch (kind) {
    case 'b2b':
      return csvDocument(
        [
          'GSTIN/UIN of Recipient',
          'Receiver Name',
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Reverse Charge',
          'Applicable % of Tax Rate',
          'Invoice Type',
          'E-Commerce GSTIN',
          'Rate',
          'Taxable Value',
          ...TAXES,
        ],
        perRateLines(
          g.b2b,
          (d) => [
            d.buyerGstin ?? '',
            d.buyerName,
            d.number,
            csvDate(d.issuedAt),
            csvRupees(d.valuePaise),
            pos(d.pos),
            'N',
            '',
            'Regular B2B',
            '',
          ],
          taxes,
        ),
      );
    case 'b2cl':
      return csvDocument(
        [
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Integrated Tax Amount',
          'Cess Amount',
          'E-Commerce GSTIN',
        ],
        perRateLines(
          g.b2cl,
          (d) => [d.number, csvDate(d.issuedAt), csvRupees(d.valuePaise), pos(d.pos), ''],
          (r) => [csvRupees(r.igst), '0.00', ''],
        ),
      );
    case 'b2c':
    case 'b2cs':
      return csvDocument(
        [
          'Type',
          'Place Of Supply',
          'Rate',
          'Applicable % of Tax Rate',
          'Taxable Value',
          ...TAXES,
          'E-Commerce GSTIN',
        ],
        g.b2cs.map((r) => ['OE', pos(r.pos), rate(r.rateBp), '', csvRupees(r.taxable), ...taxes(r), '']),
      );
    case 'cdnr':
      return csvDocument(
        [
          'GSTIN/UIN of Recipient',
          'Receiver Name',
          'Note Number',
          'Note Date',
          'Note Type',
          'Place Of Supply',
          'Reverse Charge',
          'Note Supply Type',
          'Note Value',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          ...TAXES,
        ],
        perRateLines(
          g.cdnr,
          (d) => [
            d.buyerGstin ?? '',
            d.buyerName,
            d.number,
            csvDate(d.issuedAt),
            'C',
            pos(d.pos),
            'N',
            'Regular B2B',
            csvRupees(d.valuePaise),
            '',
          ],
          taxes,
        ),
      );
    case 'cdnur':
      return csvDocument(
        [
          'UR Type',
          'Note Number',
          'Note Date',
          'Note Type',
          'Place Of Supply',
          'Note Value',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Integrated Tax Amount',
          'Cess Amount',
        ],
        perRateLines(
          g.cdnur,
          (d) => ['B2CL', d.number, csvDate(d.issuedAt), 'C', pos(d.pos), csvRupees(d.valuePaise), ''],
          (r) => [csvRupees(r.igst), '0.00'],
        ),
      );
    case 'hsn-b2b':
      return hsnCsv(g.hsnB2b);
    case 'hsn-b2c':
      return hsnCsv(g.hsnB2c);
    case 'hsn':
      return hsnCsv(mergedHsn(g));
    case 'docs':
      return seriesCsv(g.docs);
  }
}

/** The tax of one rate as `itm_det`: IGST across states, CGST and SGST within one. */
function itemDetail(r: RateHeads, intraState: boolean) {
  const tax = intraState ? { camt: rupees(r.cgst), samt: rupees(r.sgst) } : { iamt: rupees(r.igst) };
  return { rt: r.rateBp / 100, txval: rupees(r.taxable), ...tax, csamt: 0 };
}
const items = (d: FiledDocument, intraState: boolean) =>
  d.rates.map((r, i) => ({ num: i + 1, itm_det: itemDetail(r, intraState) }));

/** Documents grouped by a key (the buyer's GSTIN, the place of supply), in first-seen order. */
function groupBy<T>(
  docs: FiledDocument[],
  key: (d: FiledDocument) => string,
  write: (d: FiledDocument) => T,
) {
  const groups = new Map<string, T[]>();
  for (const d of docs) groups.set(key(d), [...(groups.get(key(d)) ?? []), write(d)]);
  return [...groups.entries()];
}

const hsnJson = (rows: HsnRow[]) =>
  rows.map((r, i) => ({
    num: i + 1,
    hsn_sc: r.hsn,
    desc: r.entry.description.slice(0, 30).trim(),
    uqc: r.entry.uqc,
    qty: r.quantity,
    rt: r.rateBp / 100,
    txval: rupees(r.taxable),
    iamt: rupees(r.igst),
    camt: rupees(r.cgst),
    samt: rupees(r.sgst),
    csamt: 0,
  }));

const DOC_TYPES = { 'Invoices for outward supply': 1, 'Credit Note': 5 } as const;

/**
 * The return as the GST portal's offline tool imports it: `fp` is MMYYYY; amounts are rupees;
 * credit notes' amounts are unsigned (the note type says they reduce), B2C (Others) and HSN rows
 * are net of the month's credit notes.
 */
export function gstr1Json(g: Gstr1, seller: { gstin: string }, period: string) {
  const docDetails = Object.entries(DOC_TYPES).flatMap(([nature, code]) => {
    const rows = g.docs.filter((r) => r.nature === nature);
    return rows.length === 0
      ? []
      : [
          {
            doc_num: code,
            doc_typ: nature,
            docs: rows.map((r, i) => ({
              num: i + 1,
              from: r.from,
              to: r.to,
              totnum: r.total,
              cancel: r.cancelled,
              net_issue: r.total - r.cancelled,
            })),
          },
        ];
  });
  return {
    gstin: seller.gstin,
    fp: period,
    b2b: groupBy(
      g.b2b,
      (d) => d.buyerGstin ?? '',
      (d) => ({
        inum: d.number,
        idt: jsonDate(d.issuedAt),
        val: rupees(d.valuePaise),
        pos: d.pos,
        rchrg: 'N',
        inv_typ: 'R',
        itms: items(d, d.intraState),
      }),
    ).map(([ctin, inv]) => ({ ctin, inv })),
    b2cl: groupBy(
      g.b2cl,
      (d) => d.pos,
      (d) => ({
        inum: d.number,
        idt: jsonDate(d.issuedAt),
        val: rupees(d.valuePaise),
        itms: items(d, false),
      }),
    ).map(([p, inv]) => ({ pos: p, inv })),
    b2cs: g.b2cs.map((r) => ({
      sply_ty: r.intraState ? 'INTRA' : 'INTER',
      pos: r.pos,
      typ: 'OE',
      ...itemDetail(r, r.intraState),
    })),
    cdnr: groupBy(
      g.cdnr,
      (d) => d.buyerGstin ?? '',
      (d) => ({
        ntty: 'C',
        nt_num: d.number,
        nt_dt: jsonDate(d.issuedAt),
        val: rupees(d.valuePaise),
        pos: d.pos,
        rchrg: 'N',
        inv_typ: 'R',
        itms: items(d, d.intraState),
      }),
    ).map(([ctin, nt]) => ({ ctin, nt })),
    cdnur: g.cdnur.map((d) => ({
      typ: 'B2CL',
      ntty: 'C',
      nt_num: d.number,
      nt_dt: jsonDate(d.issuedAt),
      val: rupees(d.valuePaise),
      pos: d.pos,
      itms: items(d, false),
    })),
    hsn: { hsn_b2b: hsnJson(g.hsnB2b), hsn_b2c: hsnJson(g.hsnB2c) },
    doc_issue: { doc_det: docDetails },
  };
}
