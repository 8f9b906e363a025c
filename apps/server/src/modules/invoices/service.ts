// GST tax invoices and credit notes (issue 13). Owns the invoices, credit_notes, document_series
// and invoice_settings tables. Documents are issued inside the caller's transaction (order
// placement, status change): the number is taken from the series row there, so numbers are
// consecutive and a rolled-back order gives its number back. The order's invoice_number is stamped
// (through the orders module, orders/invoicing.ts) in that same transaction, so every order read
// carries it.

import { comboDescription, comboTax } from '@spice/shared/combos';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { InvoiceSettingsDto, InvoiceSettingsEditInput } from '@spice/shared/contracts/invoices';
import { creditedSoFar, creditNoteRows } from '@spice/shared/credit-notes';
import {
  computeInvoiceTax,
  documentNumber,
  documentNumberParts,
  financialYear,
  type GoodsLine,
  gstinStateMismatch,
  MAX_DOCUMENT_NUMBER_LENGTH,
  SeriesFullError,
  stateCodeOf,
  stateName,
} from '@spice/shared/gst';
import { toPaise, toRupees } from '@spice/shared/money';
import { can } from '@spice/shared/staff';
import { and, asc, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { PgInsertBase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { preparedInsert, preparedStatement } from '../../db/prepared.ts';
import { updateAtVersion } from '../../lib/versioned.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import { type ProductTax, productTaxInfo, productTaxJson, taxById } from '../catalog/tax.ts';
import { orderByNumber, orderItemsOf, stampInvoiceNumberSql } from '../orders/invoicing.ts';
import type { AddressSnapshot, OrderItemRow, OrderRow } from '../orders/types.ts';
import type { ProcessedRefund } from '../refunds/service.ts';
import { DEFAULT_B2CL_THRESHOLD_PAISE } from './gstr1.ts';
import { renderDocument } from './pdf.ts';
import { creditNotes, type DocumentSnapshot, documentSeries, invoiceSettings, invoices } from './schema.ts';

type Reader = Db | Tx;

const settingsRow = preparedStatement('invoice_settings', (db) =>
  db.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1)),
);

/** A new order's invoice basis read in one statement: the seller and its products' tax rates. */
type BasisRow = { row: typeof invoiceSettings.$inferSelect; tax: Parameters<typeof taxById>[0] };

/**
 * A statement reading a new order's invoice basis (the seller, its products' rates) for products
 * named by `productIds`, an int[] expression of the caller's (the products of an order's
 * checkout): the caller issues it with its own statements, so the invoice can go with the order
 * (decision 0027). Made once per caller, at module load; its values are the expression's.
 */
export function invoiceBasisStatement(name: string, productIds: SQL) {
  const statement = preparedStatement(name, (db) =>
    db
      .select({ row: invoiceSettings, tax: productTaxJson(productIds) })
      .from(invoiceSettings)
      .where(eq(invoiceSettings.id, 1)),
  );
  return async (tx: Tx, values: Record<string, unknown>): Promise<InvoiceBasis> => {
    const [found] = (await statement(tx).execute(values)) as BasisRow[];
    return { seller: settingsOf(found?.row), tax: taxById(found?.tax ?? []) };
  };
}

/** A series' next number: its row inserted at 1 or counted up, locked until the commit. */
const countedUp = (insert: PgInsertBase<typeof documentSeries, PgQueryResultHKT>) =>
  insert
    .onConflictDoUpdate({
      target: [documentSeries.kind, documentSeries.financialYear],
      set: { lastSeq: sql`${documentSeries.lastSeq} + 1` },
    })
    .returning({ seq: documentSeries.lastSeq });

const takeSeq = preparedInsert(
  'next_document_seq',
  documentSeries,
  ['kind', 'financialYear', 'lastSeq'],
  countedUp,
);

const ph = <T>(name: string) => sql.placeholder(name) as unknown as T;

/**
 * A new invoice under its series' next number, stamped on its order: one statement, so the series
 * row that every order of the year waits for is held from this statement to the commit, not
 * across a round trip more (decision 0027). The number is `head` and the counter padded to
 * `width` (documentNumberParts); one longer than the rules allow is NULL, which the column
 * refuses: the series is full, as documentNumber throws.
 */
const issueNumberedInvoice = preparedStatement('issue_numbered_invoice', (db) => {
  const taken = db
    .$with('taken')
    .as(
      countedUp(
        db.insert(documentSeries).values({ kind: 'invoice', financialYear: ph('financialYear'), lastSeq: 1 }),
      ),
    );
  const seq = sql`(select last_seq from taken)`;
  const padded = sql`${sql.placeholder('head')}::text || lpad(${seq}::text, greatest(${sql.placeholder('width')}::int, length(${seq}::text)), '0')`;
  const issued = db.$with('issued').as(
    db
      .insert(invoices)
      .values({
        orderId: ph('orderId'),
        number: sql`(case when length(${padded}) <= ${sql.raw(String(MAX_DOCUMENT_NUMBER_LENGTH))} then ${padded} end)`,
        financialYear: ph('financialYear'),
        seq: sql`${seq}`,
        issuedAt: ph('issuedAt'),
        buyerGstin: ph('buyerGstin'),
        placeOfSupply: ph('placeOfSupply'),
        taxablePaise: ph('taxablePaise'),
        cgstPaise: ph('cgstPaise'),
        sgstPaise: ph('sgstPaise'),
        igstPaise: ph('igstPaise'),
        totalPaise: ph('totalPaise'),
        snapshot: ph('snapshot'),
      })
      .returning({ number: invoices.number }),
  );
  const stamped = db
    .$with('stamped', {})
    .as(stampInvoiceNumberSql(sql.placeholder('orderId'), sql`(select number from issued)`));
  return db.with(taken, issued, stamped).select().from(issued);
});

/** Products the owner has not classified yet: ground spices (chapter 09) at 5%. */
export const DEFAULT_HSN = '0910';
export const DEFAULT_RATE_BP = 500;

/**
 * An item's invoice line: its product's HSN and rate, or for a combo (decision 0040) the rate of
 * its parts (the highest when they differ: a mixed supply), the HSN of its highest-value part and
 * its contents named.
 */
function goodsLine(i: InvoiceLine, tax: ProductTax | undefined): GoodsLine {
  const description = `${i.productName} ${i.variant}`.trim();
  const combo = tax?.combos?.find((c) => c.variantId === i.variantId);
  const base = { quantity: i.quantity, unitPricePaise: i.pricePaise };
  if (combo && combo.parts.length > 0) {
    const parts = combo.parts.map((p) => ({
      description: p.description,
      hsn: p.hsnCode ?? DEFAULT_HSN,
      rateBp: p.gstRateBp ?? DEFAULT_RATE_BP,
      quantity: p.quantity,
      pricePaise: p.pricePaise,
    }));
    const { rateBp, hsn } = comboTax(parts);
    return { ...base, description: comboDescription(description, parts), hsn, rateBp };
  }
  return {
    ...base,
    description,
    hsn: tax?.hsnCode ?? DEFAULT_HSN,
    rateBp: tax?.gstRateBp ?? DEFAULT_RATE_BP,
  };
}
export const NO_INVOICE_YET = 'No invoice has been issued for this order yet.';
export const NO_CREDIT_NOTE = 'No credit note has been issued for this order.';
const SETTINGS_CHANGED_MEANWHILE = 'These settings changed meanwhile. Reload and try again.';

/** A series with no number left (decision 0030): 409 naming the setting that gives room. */
export const seriesFull = (kind: 'invoice' | 'credit_note') =>
  kind === 'invoice'
    ? new AppError(
        'conflict',
        'The invoice series has no numbers left this financial year. Shorten the invoice series prefix in GST settings (seriesPrefix) and try again.',
      )
    : new AppError(
        'conflict',
        'The credit note series has no numbers left this financial year. Shorten the invoice series prefix in GST settings (seriesPrefix) and try again.',
      );

/** The PostgreSQL error behind a failed statement: its code and column, where it says them. */
const pgCause = (error: unknown) =>
  ((error as { cause?: unknown })?.cause ?? error) as { code?: string; column?: string } | undefined;

export type CreditNoteReason = 'CANCELLED' | 'RTO' | 'REFUND';
const REASON_TEXT: Record<CreditNoteReason, string> = {
  CANCELLED: 'Order cancelled',
  RTO: 'Returned undelivered',
  REFUND: 'Refund',
};

/** The state of a delivery address: its own field, or (older orders) the part before the pincode. */
export function addressStateCode(address: AddressSnapshot): string | null {
  const direct = stateCodeOf(address.state);
  if (direct) return direct;
  const parts = address.fullAddress.split(',').map((p) => p.trim());
  for (const part of parts.reverse()) {
    const code = stateCodeOf(part);
    if (code) return code;
  }
  return null;
}

/** The saved settings; the empty ones (no GSTIN: no invoices) until the owner saves them. */
function settingsOf(row: typeof invoiceSettings.$inferSelect | undefined): InvoiceSettingsDto {
  const { id: _, ...rest } = row ?? {
    id: 1,
    legalName: '',
    tradeName: '',
    gstin: '',
    address: '',
    stateCode: '',
    fssai: '',
    seriesPrefix: 'KC',
    b2clThresholdPaise: DEFAULT_B2CL_THRESHOLD_PAISE,
    version: 0,
  };
  const { b2clThresholdPaise, ...fields } = rest;
  return { ...fields, b2clThreshold: toRupees(b2clThresholdPaise) };
}

/** A credit note's number; 409 when its series has none left (nothing is written before it). */
export function creditNoteNumber(prefix: string, fy: string, seq: number) {
  try {
    return documentNumber('credit_note', prefix, fy, seq);
  } catch (error) {
    throw error instanceof SeriesFullError ? seriesFull('credit_note') : error;
  }
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;

/** The seller and the products' tax rates, as a new order's invoice is issued from them. */
export interface InvoiceBasis {
  seller: InvoiceSettingsDto;
  tax: Map<number, ProductTax>;
}

/** A new order's lines, in order, with the basis read before them: its invoice needs no read. */
export interface NewOrderInvoice {
  lines: InvoiceLine[];
  basis: InvoiceBasis;
}

/** What an invoice shows of an order line. */
type InvoiceLine = Pick<
  OrderItemRow,
  'productId' | 'variantId' | 'productName' | 'variant' | 'quantity' | 'pricePaise'
>;

/** What an invoice shows of its order (a new order's, known before its row is written). */
export type InvoicedOrder = Pick<
  OrderRow,
  | 'id'
  | 'orderNumber'
  | 'paymentMode'
  | 'invoiceNumber'
  | 'address'
  | 'userName'
  | 'buyerGstin'
  | 'couponDiscountPaise'
  | 'offerDiscountPaise'
  | 'prepaidDiscountPaise'
  | 'deliveryPaise'
  | 'platformFeePaise'
  | 'codFeePaise'
  | 'totalPaise'
>;

export function createInvoicesService(
  db: Db,
  deps: {
    audit: AuditService;
    log: { error(obj: object, msg: string): void };
    /** The state (as the pincode directory names it) of a pincode, null when unknown. */
    stateOfPincode?: (pincode: string) => Promise<string | null>;
  },
) {
  /**
   * The state of the registered address: a state it names, else its pincode's (the directory's),
   * else the state chosen beside it. A GSTIN belongs to one state (CGST Act s. 25(1)).
   */
  async function registeredState(input: InvoiceSettingsEditInput): Promise<string> {
    const parts = input.address.split(/[,\n]/).map((p) => p.replace(/[0-9-]/g, ' ').trim());
    for (const part of parts.reverse()) {
      const code = stateCodeOf(part);
      if (code) return code;
    }
    const pincode = input.address.match(/\b[1-9][0-9]{5}\b/g)?.at(-1);
    const state = pincode ? await deps.stateOfPincode?.(pincode) : null;
    return stateCodeOf(state) ?? input.stateCode;
  }

  /**
   * 400 when a new prefix's numbers would look like this year's numbers of the other series
   * (credit notes `KC/…` under prefix 'K' beside invoices `KC/…` under 'KC'): each number must
   * name one document.
   */
  async function checkSeriesHeads(tx: Tx, prefix: string) {
    const fy = financialYear(new Date());
    const head = (kind: 'invoice' | 'credit_note') => `${documentNumberParts(kind, prefix, fy).head}%`;
    const [clash] = [
      ...(await tx
        .select({ number: invoices.number })
        .from(invoices)
        .where(like(invoices.number, head('credit_note')))
        .limit(1)),
      ...(await tx
        .select({ number: creditNotes.number })
        .from(creditNotes)
        .where(like(creditNotes.number, head('invoice')))
        .limit(1)),
    ];
    if (clash) {
      const message = `Numbers under this prefix would look like ${clash.number}, issued this year in the other series. Choose another prefix.`;
      throw new AppError('invalid', message, { seriesPrefix: message });
    }
  }

  /** 400 when the chosen state or the GSTIN is not the registered address's state's. */
  async function checkRegistration(input: InvoiceSettingsEditInput) {
    const code = await registeredState(input);
    const errors: Record<string, string> = {};
    if (input.stateCode !== code) {
      errors.stateCode = `Choose the state of the registered address: ${stateName(code)} (${code}).`;
    }
    if (input.gstin.slice(0, 2) !== code) errors.gstin = gstinStateMismatch(code);
    const first = errors.gstin ?? errors.stateCode;
    if (first) throw new AppError('invalid', first, errors);
  }

  async function settings(executor: Reader = db): Promise<InvoiceSettingsDto> {
    const [row] = await settingsRow(executor).execute();
    return settingsOf(row);
  }

  /** The next number of a series, taken under the series row's lock until the caller commits. */
  async function nextSeq(tx: Tx, kind: 'invoice' | 'credit_note', fy: string): Promise<number> {
    const [row] = await takeSeq(tx).execute({ kind, financialYear: fy, lastSeq: 1 });
    return row!.seq;
  }

  function snapshotOf(
    order: InvoicedOrder,
    seller: InvoiceSettingsDto,
    items: InvoiceLine[],
    tax: Map<number, ProductTax>,
  ): DocumentSnapshot {
    const found = addressStateCode(order.address);
    // An address whose state cannot be read is taxed as a supply within the store's state and
    // flagged for the owner (decision record 0010); the total tax is the same either way.
    const pos = found ?? seller.stateCode;
    const intraState = pos === seller.stateCode;
    const computed = computeInvoiceTax({
      lines: items.map((i) => goodsLine(i, tax.get(i.productId))),
      // Offer discounts are shared across the goods like the coupon's (issue 36, decision 0039);
      // a free gift's line, at ₹0, takes no share and is listed as a ₹0 supply.
      discountPaise: order.couponDiscountPaise + order.offerDiscountPaise + order.prepaidDiscountPaise,
      charges: [
        { description: 'Delivery charges', hsn: '', amountPaise: order.deliveryPaise },
        { description: 'Platform fee', hsn: '', amountPaise: order.platformFeePaise },
        { description: 'Cash on delivery fee', hsn: '', amountPaise: order.codFeePaise },
      ],
      orderTotalPaise: order.totalPaise,
      intraState,
    });
    const { legalName, tradeName, gstin, address, stateCode, fssai } = seller;
    return {
      seller: { legalName, tradeName, gstin, address, stateCode, fssai },
      buyer: {
        name: order.address.name || order.userName,
        address: order.address.fullAddress,
        phone: order.address.phone,
        gstin: order.buyerGstin,
      },
      orderNumber: order.orderNumber,
      placeOfSupply: { code: pos, name: stateName(pos), assumed: found === null },
      ...computed,
    };
  }

  /**
   * Issues the order's tax invoice (once; a second call answers the first number). None while the
   * store has no GSTIN. A figure that cannot be invoiced is logged, never allowed to stop the sale.
   */
  async function issueInvoice(tx: Tx, order: InvoicedOrder, fresh?: NewOrderInvoice): Promise<string | null> {
    if (order.invoiceNumber) return order.invoiceNumber;
    const productIds = (lines: InvoiceLine[]) => [...new Set(lines.map((l) => l.productId))];
    let seller: InvoiceSettingsDto;
    let items: InvoiceLine[];
    let tax: Map<number, ProductTax>;
    if (fresh) {
      // A new order (no invoice yet): the seller and its products' rates read before its writes.
      ({ seller, tax } = fresh.basis);
      if (!seller.gstin) return null;
      items = fresh.lines;
    } else {
      seller = await settings(tx);
      if (!seller.gstin) return null;
      const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
      if (existing) return existing.number;
      items = await orderItemsOf(tx, order.id);
      tax = await productTaxInfo(tx, productIds(items));
    }
    let snapshot: DocumentSnapshot;
    try {
      snapshot = snapshotOf(order, seller, items, tax);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      deps.log.error({ err: error, orderNumber: order.orderNumber }, 'order cannot be invoiced');
      return null;
    }
    const issuedAt = new Date();
    const fy = financialYear(issuedAt);
    // A number that no longer fits is NULL, which the column refuses (not null, 23502): the whole
    // transaction rolls back and the caller answers 409.
    const [issued] = await issueNumberedInvoice(tx)
      .execute({
        ...documentNumberParts('invoice', seller.seriesPrefix, fy),
        orderId: order.id,
        financialYear: fy,
        issuedAt,
        buyerGstin: order.buyerGstin,
        placeOfSupply: snapshot.placeOfSupply.code,
        taxablePaise: snapshot.taxablePaise,
        cgstPaise: snapshot.cgstPaise,
        sgstPaise: snapshot.sgstPaise,
        igstPaise: snapshot.igstPaise,
        totalPaise: snapshot.grandTotalPaise,
        snapshot,
      })
      .catch((error: unknown) => {
        throw pgCause(error)?.code === '23502' ? seriesFull('invoice') : error;
      });
    return issued!.number;
  }

  /**
   * A credit note against the order's invoice (CGST Act s. 34, decision record 0029): one per
   * processed refund (`refund`), for exactly the refunded amount, its rows in the invoice's
   * proportions (creditNoteRows); or, with no refund (a COD order returned), for whatever the
   * invoice has left. The invoice row is locked, so notes of one invoice are issued one at a time
   * and their sum never exceeds it. Once per refund; nothing when the invoice has nothing left.
   */
  async function issueCreditNote(
    tx: Tx,
    order: Pick<OrderRow, 'id'>,
    reason: CreditNoteReason,
    refund: Pick<ProcessedRefund, 'refundId' | 'amountPaise' | 'lines'> | null = null,
  ): Promise<string | null> {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .for('no key update');
    if (!invoice) return null;
    const earlier = await tx
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, invoice.id))
      .orderBy(asc(creditNotes.id));
    const done = earlier.find((n) => refund !== null && n.refundId === refund.refundId);
    if (done) return done.number;
    const before = creditedSoFar(earlier.map((n) => n.snapshot));
    const left = invoice.totalPaise - before.totalPaise;
    if (left <= 0) return null;
    const s = invoice.snapshot;
    // The goods rows are the order's lines in the order bought (orders/invoicing.ts orderItemsOf).
    const items = refund && refund.lines.length > 0 ? await orderItemsOf(tx, order.id) : [];
    const units = items.map((item) =>
      (refund?.lines ?? []).filter((l) => l.itemId === item.id).reduce((a, l) => a + l.quantity, 0),
    );
    const rows = creditNoteRows({
      goods: s.goods,
      charges: s.charges,
      invoiceTotalPaise: invoice.totalPaise,
      before,
      amountPaise: refund ? refund.amountPaise : left,
      units,
      intraState: s.intraState,
    });
    if (rows.grandTotalPaise <= 0) return null;
    const seller = await settings(tx);
    const issuedAt = new Date();
    const fy = financialYear(issuedAt);
    const seq = await nextSeq(tx, 'credit_note', fy);
    const number = creditNoteNumber(seller.seriesPrefix, fy, seq);
    await tx.insert(creditNotes).values({
      invoiceId: invoice.id,
      number,
      financialYear: fy,
      seq,
      issuedAt,
      reason,
      refundId: refund?.refundId ?? null,
      refundedPaise: refund?.amountPaise ?? null,
      totalPaise: rows.grandTotalPaise,
      snapshot: { ...s, ...rows },
    });
    return number;
  }

  return {
    settings,
    issueInvoice,
    issueCreditNote,

    /**
     * Placement's hook: an order paid online is invoiced as it is placed; COD waits for shipping.
     * `fresh`: a new order's lines and basis (invoiceBasisStatement): its one statement is issued at once.
     */
    async onOrderPlaced(tx: Tx, order: InvoicedOrder, fresh?: NewOrderInvoice) {
      return order.paymentMode === 'COD' ? null : issueInvoice(tx, order, fresh);
    },

    /**
     * Status changes' hook: COD shipped → invoice; an invoiced COD order cancelled or returned →
     * a credit note for what its invoice has left. An order paid online gets its credit note from
     * the refund the status change asks for, once that refund is processed (creditNoteForRefund).
     */
    async onStatusChanged(tx: Tx, order: OrderRow) {
      if (order.status === 'SHIPPED') return issueInvoice(tx, order);
      if ((order.status === 'CANCELLED' || order.status === 'RTO') && order.paymentMode === 'COD')
        return issueCreditNote(tx, order, order.status);
      return null;
    },

    /**
     * The refunds module's hook where a refund of an order is asked for: 409 naming the setting
     * when the order is invoiced and its credit note series has no number left (decision 0030),
     * so the refund, cancellation or RTO is refused with nothing written rather than its credit
     * note failing later, in the job that settles the refund.
     */
    async checkCreditNoteRoom(tx: Tx, orderId: number) {
      const [invoice] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.orderId, orderId));
      if (!invoice) return;
      const fy = financialYear(new Date());
      const [series] = await tx
        .select({ lastSeq: documentSeries.lastSeq })
        .from(documentSeries)
        .where(and(eq(documentSeries.kind, 'credit_note'), eq(documentSeries.financialYear, fy)));
      creditNoteNumber((await settings(tx)).seriesPrefix, fy, (series?.lastSeq ?? 0) + 1);
    },

    /**
     * The refunds module's hook, inside the transaction that marks a refund processed: its credit
     * note. The money has gone back at the gateway by then, so a series that filled up meanwhile
     * does not undo that (nor fail the job or webhook for ever): the refund is settled, the note's
     * number given back (savepoint), and the note recorded as owed in the audit log for the owner,
     * with the setting to change (decision 0030).
     */
    async creditNoteForRefund(tx: Tx, refund: ProcessedRefund) {
      try {
        return await tx.transaction((savepoint) =>
          issueCreditNote(savepoint, { id: refund.orderId }, refund.cause, refund),
        );
      } catch (error) {
        if (!(error instanceof AppError && error.message === seriesFull('credit_note').message)) throw error;
        deps.log.error({ err: error, refundId: refund.refundId }, 'credit note owed: its series is full');
        await deps.audit.audit(
          {
            actorUserId: null,
            action: 'credit-note.owed',
            entity: 'order',
            entityId: refund.orderNumber,
            before: null,
            after: { refundId: refund.refundId, amount: toRupees(refund.amountPaise), reason: error.message },
          },
          tx,
        );
        return null;
      }
    },

    /** The credit notes of these orders, oldest first (paise), for the order pages. */
    async creditNotesOf(executor: Reader, orderIds: readonly number[]) {
      const byOrder = new Map<number, { number: string; amountPaise: number; issuedAt: Date }[]>();
      if (orderIds.length === 0) return byOrder;
      const rows = await executor
        .select({
          orderId: invoices.orderId,
          number: creditNotes.number,
          amountPaise: creditNotes.totalPaise,
          issuedAt: creditNotes.issuedAt,
        })
        .from(creditNotes)
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .where(inArray(invoices.orderId, [...orderIds]))
        .orderBy(asc(creditNotes.id));
      for (const { orderId, ...note } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), note]);
      return byOrder;
    },

    /**
     * The PDF of an order's invoice or one of its credit notes (by number; the latest without one),
     * for its shopper or an admin; 404 otherwise.
     */
    async pdf(user: UserDto, orderNumber: string, kind: 'invoice' | 'credit_note', noteNumber?: string) {
      const order = await orderByNumber(db, orderNumber);
      if (!order || (order.userId !== user.id && !can(user.role, 'money.view'))) {
        throw new AppError('notFound', 'Order not found.');
      }
      const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
      if (!invoice) throw new AppError('notFound', kind === 'invoice' ? NO_INVOICE_YET : NO_CREDIT_NOTE);
      if (kind === 'invoice') {
        const { number, issuedAt, snapshot } = invoice;
        return { number, pdf: await renderDocument({ kind, number, issuedAt, snapshot }) };
      }
      const [note] = await db
        .select()
        .from(creditNotes)
        .where(
          and(
            eq(creditNotes.invoiceId, invoice.id),
            noteNumber === undefined
              ? undefined
              : or(
                  eq(creditNotes.number, noteNumber),
                  eq(sql`replace(${creditNotes.number}, '/', '-')`, noteNumber),
                ),
          ),
        )
        .orderBy(desc(creditNotes.id))
        .limit(1);
      if (!note) throw new AppError('notFound', NO_CREDIT_NOTE);
      return {
        number: note.number,
        pdf: await renderDocument({
          kind,
          number: note.number,
          issuedAt: note.issuedAt,
          snapshot: note.snapshot,
          against: { number: invoice.number, issuedAt: invoice.issuedAt },
          reason: REASON_TEXT[note.reason],
        }),
      };
    },

    async updateSettings(admin: UserDto, input: InvoiceSettingsEditInput): Promise<InvoiceSettingsDto> {
      await checkRegistration(input);
      return db.transaction(async (tx) => {
        const before = await settings(tx);
        const { version, b2clThreshold, ...edited } = input;
        const fields = { ...edited, b2clThresholdPaise: toPaise(b2clThreshold) };
        // Checked here too, so `before` is the row the save replaces.
        if (version !== before.version) throw new AppError('conflict', SETTINGS_CHANGED_MEANWHILE);
        if (fields.seriesPrefix !== before.seriesPrefix) await checkSeriesHeads(tx, fields.seriesPrefix);
        // Version 0: never saved yet, so the first save inserts the row.
        const row = await updateAtVersion(tx, invoiceSettings, eq(invoiceSettings.id, 1), version, fields, {
          insert: { id: 1, ...fields },
          changed: SETTINGS_CHANGED_MEANWHILE,
        });
        const after = settingsOf(row);
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'invoice-settings.update',
            entity: 'invoice-settings',
            entityId: 1,
            before,
            after,
          },
          tx,
        );
        return after;
      });
    },
  };
}
