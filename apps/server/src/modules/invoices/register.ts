// The owner's monthly register of invoices and credit notes, and GSTR-1 from it (gstr1.ts): one
// CSV per table and the portal's JSON (gstr1-files.ts). Reads each credit note's own snapshot,
// so an invoice with several partial credit notes is reduced by exactly what each credits.
import type { InvoiceExport, InvoiceRegisterDto } from '@spice/shared/contracts/invoices';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taxHeadsDto } from './dto.ts';
import {
  computeGstr1,
  DEFAULT_B2CL_THRESHOLD_PAISE,
  type FiledCreditNote,
  type FiledInvoice,
} from './gstr1.ts';
import { gstr1Csv, gstr1Json } from './gstr1-files.ts';
import { creditNotes, type DocumentSnapshot, invoiceSettings, invoices } from './schema.ts';

/** The calendar month (IST) as an instant range; the current month when none is given. */
export function monthRange(month?: string) {
  const m = month ?? new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
  const [y, mo] = m.split('-').map(Number) as [number, number];
  const next = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  return { month: m, from: new Date(`${m}-01T00:00:00+05:30`), to: new Date(`${next}-01T00:00:00+05:30`) };
}

/** GSTR-1's return period 'MMYYYY' as the register's month 'YYYY-MM'. */
export const periodMonth = (period: string) => `${period.slice(2)}-${period.slice(0, 2)}`;

export function createInvoiceRegister(db: Db) {
  async function documents(month?: string) {
    const range = monthRange(month);
    const [inv, notes, [seller]] = await Promise.all([
      db
        .select()
        .from(invoices)
        .where(and(gte(invoices.issuedAt, range.from), lt(invoices.issuedAt, range.to)))
        .orderBy(asc(invoices.financialYear), asc(invoices.seq)),
      db
        .select({
          note: creditNotes,
          invoice: {
            number: invoices.number,
            issuedAt: invoices.issuedAt,
            buyerGstin: invoices.buyerGstin,
            snapshot: invoices.snapshot,
          },
        })
        .from(creditNotes)
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .where(and(gte(creditNotes.issuedAt, range.from), lt(creditNotes.issuedAt, range.to)))
        .orderBy(asc(creditNotes.financialYear), asc(creditNotes.seq)),
      db
        .select({ gstin: invoiceSettings.gstin, threshold: invoiceSettings.b2clThresholdPaise })
        .from(invoiceSettings),
    ]);
    const filedInvoices: FiledInvoice[] = inv.map((i) => ({
      number: i.number,
      seq: i.seq,
      issuedAt: i.issuedAt,
      buyerGstin: i.buyerGstin,
      snapshot: i.snapshot,
    }));
    const filedNotes: FiledCreditNote[] = notes.map(({ note, invoice }) => ({
      number: note.number,
      seq: note.seq,
      issuedAt: note.issuedAt,
      snapshot: note.snapshot,
      invoice,
    }));
    return {
      month: range.month,
      invoices: filedInvoices,
      creditNotes: filedNotes,
      seller: {
        gstin: seller?.gstin ?? '',
        b2clThresholdPaise: seller?.threshold ?? DEFAULT_B2CL_THRESHOLD_PAISE,
      },
    };
  }

  const heads = (snapshots: DocumentSnapshot[]) => {
    const sum = (pick: (s: DocumentSnapshot) => number) => snapshots.reduce((a, s) => a + pick(s), 0);
    return taxHeadsDto({
      taxablePaise: sum((s) => s.taxablePaise),
      cgstPaise: sum((s) => s.cgstPaise),
      sgstPaise: sum((s) => s.sgstPaise),
      igstPaise: sum((s) => s.igstPaise),
      grandTotalPaise: sum((s) => s.grandTotalPaise),
    });
  };

  async function gstr1(month?: string) {
    const d = await documents(month);
    return { ...d, gstr1: computeGstr1(d.invoices, d.creditNotes, d.seller.b2clThresholdPaise) };
  }

  return {
    async register(month?: string): Promise<InvoiceRegisterDto> {
      const d = await documents(month);
      const row = (
        kind: 'invoice' | 'credit_note',
        doc: FiledInvoice | FiledCreditNote,
        buyerGstin: string | null,
        refersTo: string | null,
      ) => {
        const s = doc.snapshot;
        const place = `${s.placeOfSupply.name} (${s.placeOfSupply.code})`;
        return {
          kind,
          number: doc.number,
          orderNumber: s.orderNumber,
          issuedAt: doc.issuedAt.toISOString(),
          buyer: s.buyer.name,
          buyerGstin,
          placeOfSupply: `${place}${s.placeOfSupply.assumed ? ' – state not recognised, please check' : ''}`,
          refersTo,
          ...heads([s]),
        };
      };
      return {
        month: d.month,
        documents: [
          ...d.invoices.map((i) => row('invoice', i, i.buyerGstin, null)),
          ...d.creditNotes.map((n) => row('credit_note', n, n.invoice.buyerGstin, n.invoice.number)),
        ],
        invoiceTotals: heads(d.invoices.map((i) => i.snapshot)),
        creditNoteTotals: heads(d.creditNotes.map((n) => n.snapshot)),
      };
    },

    /** One GSTR-1 table of the month as CSV. */
    async csv(kind: InvoiceExport, month?: string) {
      const { month: m, gstr1: g } = await gstr1(month);
      return { filename: `gstr1-${kind}-${m}.csv`, body: gstr1Csv(g, kind) };
    },

    /** The month's GSTR-1 as the portal's offline tool imports it; `period` is MMYYYY. */
    async json(period: string) {
      const { gstr1: g, seller } = await gstr1(periodMonth(period));
      return {
        filename: `GSTR1_${seller.gstin || 'unregistered'}_${period}.json`,
        body: gstr1Json(g, seller, period),
      };
    },
  };
}
