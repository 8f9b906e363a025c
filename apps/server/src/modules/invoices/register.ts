// The owner's monthly register of invoices and credit notes, and the CSV exports a chartered
// accountant files GSTR-1 from: B2C (small) and B2B by place of supply and rate, HSN-wise summary
// and the document series summary. Credit notes of the month are netted against B2C and HSN rows.
import type { InvoiceRegisterDto } from '@spice/shared/contracts/invoices';
import { formatRate, stateName, type TaxedRow } from '@spice/shared/gst';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvDocument, csvRupees } from '../../lib/csv.ts';
import { taxHeadsDto } from './dto.ts';
import { creditNotes, type DocumentSnapshot, invoices } from './schema.ts';

interface Doc {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date;
  buyerGstin: string | null;
  snapshot: DocumentSnapshot;
  refersTo: string | null;
  /** Of an invoice: a credit note cancels it. */
  cancelled: boolean;
}

/** The calendar month (IST) as an instant range; the current month when none is given. */
export function monthRange(month?: string) {
  const m = month ?? new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
  const [y, mo] = m.split('-').map(Number) as [number, number];
  const next = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  return { month: m, from: new Date(`${m}-01T00:00:00+05:30`), to: new Date(`${next}-01T00:00:00+05:30`) };
}

const istDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
const rows = (s: DocumentSnapshot): TaxedRow[] => [...s.goods, ...s.charges];

export function createInvoiceRegister(db: Db) {
  async function documents(month?: string): Promise<{ month: string; docs: Doc[] }> {
    const range = monthRange(month);
    const [inv, notes] = await Promise.all([
      db
        .select({
          invoice: invoices,
          // An invoice may have several credit notes (one per refund): one row per invoice.
          credited: sql<boolean>`exists (select 1 from ${creditNotes} cn where cn.invoice_id = ${invoices.id})`,
        })
        .from(invoices)
        .where(and(gte(invoices.issuedAt, range.from), lt(invoices.issuedAt, range.to)))
        .orderBy(asc(invoices.financialYear), asc(invoices.seq)),
      db
        .select({ note: creditNotes, invoiceNumber: invoices.number, buyerGstin: invoices.buyerGstin })
        .from(creditNotes)
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .where(and(gte(creditNotes.issuedAt, range.from), lt(creditNotes.issuedAt, range.to)))
        .orderBy(asc(creditNotes.financialYear), asc(creditNotes.seq)),
    ]);
    return {
      month: range.month,
      docs: [
        ...inv.map(({ invoice: i, credited }) => ({
          kind: 'invoice' as const,
          number: i.number,
          issuedAt: i.issuedAt,
          buyerGstin: i.buyerGstin,
          snapshot: i.snapshot,
          refersTo: null,
          cancelled: credited,
        })),
        ...notes.map(({ note: n, invoiceNumber, buyerGstin }) => ({
          kind: 'credit_note' as const,
          number: n.number,
          issuedAt: n.issuedAt,
          buyerGstin,
          snapshot: n.snapshot,
          refersTo: invoiceNumber,
          cancelled: false,
        })),
      ],
    };
  }

  const heads = (docs: Doc[]) => {
    const sum = (pick: (s: DocumentSnapshot) => number) => docs.reduce((a, d) => a + pick(d.snapshot), 0);
    return taxHeadsDto({
      taxablePaise: sum((s) => s.taxablePaise),
      cgstPaise: sum((s) => s.cgstPaise),
      sgstPaise: sum((s) => s.sgstPaise),
      igstPaise: sum((s) => s.igstPaise),
      grandTotalPaise: sum((s) => s.grandTotalPaise),
    });
  };

  /** Taxable value and tax per key, credit notes subtracted. */
  function summarise(docs: Doc[], keyOf: (d: Doc, r: TaxedRow) => string) {
    const sums = new Map<
      string,
      { qty: number; total: number; taxable: number; igst: number; cgst: number; sgst: number }
    >();
    for (const d of docs) {
      const sign = d.kind === 'credit_note' ? -1 : 1;
      for (const r of rows(d.snapshot)) {
        const key = keyOf(d, r);
        const s = sums.get(key) ?? { qty: 0, total: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0 };
        s.qty += sign * r.quantity;
        s.total += sign * r.totalPaise;
        s.taxable += sign * r.taxablePaise;
        s.igst += sign * r.igstPaise;
        s.cgst += sign * r.cgstPaise;
        s.sgst += sign * r.sgstPaise;
        sums.set(key, s);
      }
    }
    return [...sums.entries()].sort(([a], [b]) => a.localeCompare(b));
  }

  const pos = (s: DocumentSnapshot) => `${s.placeOfSupply.code}-${stateName(s.placeOfSupply.code)}`;
  const rate = (bp: number) => formatRate(bp).replace('%', '');

  function b2c(docs: Doc[]) {
    const header = [
      'Type',
      'Place Of Supply',
      'Rate',
      'Applicable % of Tax Rate',
      'Taxable Value',
      'Integrated Tax',
      'Central Tax',
      'State/UT Tax',
      'Cess Amount',
      'E-Commerce GSTIN',
    ];
    const summed = summarise(
      docs.filter((d) => !d.buyerGstin),
      (d, r) => `${pos(d.snapshot)}|${r.rateBp}`,
    );
    return csvDocument(
      header,
      summed.map(([key, s]) => {
        const [place = '', bp = '0'] = key.split('|');
        return [
          'OE',
          place,
          rate(Number(bp)),
          '',
          csvRupees(s.taxable),
          csvRupees(s.igst),
          csvRupees(s.cgst),
          csvRupees(s.sgst),
          '0.00',
          '',
        ];
      }),
    );
  }

  function b2b(docs: Doc[]) {
    const header = [
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Document Type',
      'Document Number',
      'Document date',
      'Document Value',
      'Place Of Supply',
      'Reverse Charge',
      'Rate',
      'Taxable Value',
      'Integrated Tax',
      'Central Tax',
      'State/UT Tax',
      'Cess Amount',
    ];
    const lines: string[][] = [];
    for (const d of docs.filter((x) => x.buyerGstin)) {
      const byRate = new Map<number, TaxedRow[]>();
      for (const r of rows(d.snapshot)) byRate.set(r.rateBp, [...(byRate.get(r.rateBp) ?? []), r]);
      for (const [bp, list] of byRate) {
        const sum = (pick: (r: TaxedRow) => number) => csvRupees(list.reduce((a, r) => a + pick(r), 0));
        lines.push([
          d.buyerGstin ?? '',
          d.snapshot.buyer.name,
          d.kind === 'invoice' ? 'Invoice' : `Credit note against ${d.refersTo}`,
          d.number,
          istDay(d.issuedAt),
          csvRupees(d.snapshot.grandTotalPaise),
          pos(d.snapshot),
          'N',
          rate(bp),
          sum((r) => r.taxablePaise),
          sum((r) => r.igstPaise),
          sum((r) => r.cgstPaise),
          sum((r) => r.sgstPaise),
          '0.00',
        ]);
      }
    }
    return csvDocument(header, lines);
  }

  function hsn(docs: Doc[]) {
    const header = [
      'HSN',
      'Description',
      'UQC',
      'Total Quantity',
      'Total Value',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ];
    const names = new Map<string, string>();
    const summed = summarise(docs, (d, r) => {
      const goods = d.snapshot.goods.includes(r);
      const key = `${r.hsn}|${r.rateBp}|${goods ? 'NOS' : 'OTH'}`;
      if (!names.has(key)) names.set(key, goods ? r.description : 'Delivery and fees (composite supply)');
      return key;
    });
    return csvDocument(
      header,
      summed.map(([key, s]) => {
        const [code = '', bp = '0', uqc = 'NOS'] = key.split('|');
        return [
          code,
          names.get(key) ?? '',
          uqc === 'NOS' ? 'NOS-NUMBERS' : 'OTH-OTHERS',
          String(s.qty),
          csvRupees(s.total),
          rate(Number(bp)),
          csvRupees(s.taxable),
          csvRupees(s.igst),
          csvRupees(s.cgst),
          csvRupees(s.sgst),
          '0.00',
        ];
      }),
    );
  }

  function series(docs: Doc[]) {
    const header = ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'];
    const line = (nature: string, list: Doc[]) =>
      list.length === 0
        ? []
        : [
            [
              nature,
              list[0]!.number,
              list.at(-1)!.number,
              String(list.length),
              String(list.filter((d) => d.cancelled).length),
            ],
          ];
    return csvDocument(header, [
      ...line(
        'Invoices for outward supply',
        docs.filter((d) => d.kind === 'invoice'),
      ),
      ...line(
        'Credit Note',
        docs.filter((d) => d.kind === 'credit_note'),
      ),
    ]);
  }

  return {
    async register(month?: string): Promise<InvoiceRegisterDto> {
      const { month: m, docs } = await documents(month);
      return {
        month: m,
        documents: docs.map((d) => ({
          kind: d.kind,
          number: d.number,
          orderNumber: d.snapshot.orderNumber,
          issuedAt: d.issuedAt.toISOString(),
          buyer: d.snapshot.buyer.name,
          buyerGstin: d.buyerGstin,
          placeOfSupply: `${d.snapshot.placeOfSupply.name} (${d.snapshot.placeOfSupply.code})${d.snapshot.placeOfSupply.assumed ? ' – state not recognised, please check' : ''}`,
          refersTo: d.refersTo,
          ...heads([d]),
        })),
        invoiceTotals: heads(docs.filter((d) => d.kind === 'invoice')),
        creditNoteTotals: heads(docs.filter((d) => d.kind === 'credit_note')),
      };
    },

    async csv(kind: 'b2c' | 'b2b' | 'hsn' | 'docs', month?: string) {
      const { month: m, docs } = await documents(month);
      const body = { b2c, b2b, hsn, docs: series }[kind](docs);
      return { filename: `gst-${kind}-${m}.csv`, body };
    },
  };
}
