// GST tax invoices, credit notes, their number series and the store's GST registration (issue 13).
// An issued document keeps its computed lines, tax heads and parties as a snapshot: later edits
// to products or settings never change a document already issued.

import type { TaxedRow } from '@spice/shared/gst';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/schema.ts';

/** The store's GST registration as printed on every document; one row. */
export const invoiceSettings = pgTable(
  'invoice_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull().default(''),
    tradeName: text('trade_name').notNull().default(''),
    /** Empty: not registered yet, so no invoice is issued. */
    gstin: text('gstin').notNull().default(''),
    address: text('address').notNull().default(''),
    stateCode: text('state_code').notNull().default(''),
    fssai: text('fssai').notNull().default(''),
    seriesPrefix: text('series_prefix').notNull().default('KC'),
    /** GSTR-1's B2C (Large): inter-state invoices to unregistered buyers above this (decision 0030). */
    b2clThresholdPaise: integer('b2cl_threshold_paise').notNull().default(1_00_000_00),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('invoice_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * The last number used per series and financial year. Issuing increments it inside the issuing
 * transaction, so concurrent issues queue on this row and a rolled-back order gives its number back.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);

export interface DocumentParty {
  name: string;
  address: string;
  gstin: string | null;
}

/** Everything a document prints, fixed when it is issued. */
export interface DocumentSnapshot {
  seller: {
    legalName: string;
    tradeName: string;
    gstin: string;
    address: string;
    stateCode: string;
    fssai: string;
  };
  buyer: DocumentParty & { phone: string };
  orderNumber: string;
  placeOfSupply: {
    code: string;
    name: string /** True when the address's state could not be read. */;
    assumed: boolean;
  };
  intraState: boolean;
  goods: TaxedRow[];
  charges: TaxedRow[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  roundOffPaise: number;
  grandTotalPaise: number;
}

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    buyerGstin: text('buyer_gstin'),
    placeOfSupply: text('place_of_supply').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    snapshot: jsonb('snapshot').$type<DocumentSnapshot>().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_order_key').on(t.orderId),
    uniqueIndex('invoices_series_seq_key').on(t.financialYear, t.seq),
  ],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason', { enum: ['CANCELLED', 'RTO', 'REFUND'] }).notNull(),
    /** The refund this note was issued for (one note per refund); null for a COD order's return. */
    refundId: text('refund_id'),
    /** Money actually returned to the shopper by that refund; null when nothing was paid online. */
    refundedPaise: integer('refunded_paise'),
    totalPaise: integer('total_paise').notNull(),
    snapshot: jsonb('snapshot').$type<DocumentSnapshot>().notNull(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.number),
    // Several per invoice (one per refund); their sum never exceeds it (invoices/service.ts).
    index('credit_notes_invoice_idx').on(t.invoiceId),
    uniqueIndex('credit_notes_refund_key').on(t.refundId),
    uniqueIndex('credit_notes_series_seq_key').on(t.financialYear, t.seq),
  ],
);
