// The payments ledger's service: the orders module records each payment's fate through it inside
// its own transaction; the back office reads it. Owns the payments table.
import type { AdminPaymentPageDto, AdminPaymentsQueryInput } from '@spice/shared/contracts/admin-payments';
import {
  ATTENTION_STATUSES,
  type PaymentStatus,
  paymentReasonLabel,
  REFUND_REASONS,
} from '@spice/shared/payments';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedInsert, preparedStatement } from '../../db/prepared.ts';
import { pageOf, pageRows } from '../../lib/pagination.ts';
import { paymentAmountDto } from './dto.ts';
import { type PaymentRow, payments } from './schema.ts';

export type { PaymentRow };

export interface PaymentRecord {
  paymentId: string;
  providerOrderId: string;
  checkoutId: number | null;
  amountPaise: number;
  status: PaymentStatus;
  orderNumber: string | null;
  reason: string | null;
  source: 'verify' | 'webhook';
}

const paymentLocked = preparedStatement('payment_locked', (db) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.paymentId, sql.placeholder('paymentId')))
    .for('update'),
);

/** Inserts a payment's record; over a failed attempt's only (the excluded row is the new record). */
const recordPayment = preparedInsert(
  'record_payment',
  payments,
  ['paymentId', 'providerOrderId', 'checkoutId', 'amountPaise', 'status', 'orderNumber', 'reason', 'source'],
  (insert) =>
    insert.onConflictDoUpdate({
      target: payments.paymentId,
      set: {
        checkoutId: sql`excluded.checkout_id`,
        amountPaise: sql`excluded.amount_paise`,
        status: sql`excluded.status`,
        orderNumber: sql`excluded.order_number`,
        reason: sql`excluded.reason`,
        source: sql`excluded.source`,
        updatedAt: sql`now()`,
      },
      setWhere: eq(payments.status, 'failed'),
    }),
);

/** The ledger's words for an order's payment refunded in full (shown as they are, like a gateway's text). */
const ORDER_REFUND_REASONS = {
  CANCELLED: 'Order cancelled after payment: refunded in full',
  RTO: 'Parcel returned undelivered (RTO): refunded in full',
} as const;

export type PaymentsLedger = ReturnType<typeof createPaymentsLedger>;

export function createPaymentsLedger(db: Db) {
  return {
    /** The recorded payment, locked until the transaction ends (its fate is being decided). */
    async find(tx: Tx, paymentId: string): Promise<PaymentRow | null> {
      const [row] = await paymentLocked(tx).execute({ paymentId });
      return row ?? null;
    },

    /**
     * Records a payment once. Only a failed attempt is overwritten: a gateway may capture a
     * payment it first reported failed (a late UPI authorisation).
     */
    async record(tx: Tx, entry: PaymentRecord): Promise<void> {
      await recordPayment(tx).execute(entry);
    },

    /** A failed attempt the gateway reported, unless this payment id already has a fate. */
    async recordFailed(
      tx: Tx,
      entry: Pick<PaymentRecord, 'paymentId' | 'providerOrderId' | 'checkoutId' | 'amountPaise'> & {
        reason: string;
      },
    ): Promise<void> {
      await tx
        .insert(payments)
        .values({ ...entry, status: 'failed', source: 'webhook' })
        .onConflictDoNothing();
    },

    /**
     * An order's payment is being given back in full (the order cancelled or returned undelivered):
     * refund_pending until the refund is processed (markRefunded), so the owner sees it outstanding.
     */
    async markRefundPending(tx: Tx, paymentId: string, cause: 'CANCELLED' | 'RTO'): Promise<void> {
      await tx
        .update(payments)
        .set({ status: 'refund_pending', reason: ORDER_REFUND_REASONS[cause], updatedAt: sql`now()` })
        .where(and(eq(payments.paymentId, paymentId), eq(payments.status, 'placed')));
    },

    /**
     * Payments made for an order that were refunded instead of applied to it (a 'Pay now' that
     * arrived after the order shipped), oldest first: the shopper's order page shows them.
     */
    async returnedForOrder(orderNumber: string) {
      return db
        .select({
          paymentId: payments.paymentId,
          amountPaise: payments.amountPaise,
          status: payments.status,
          reason: payments.reason,
          at: payments.createdAt,
        })
        .from(payments)
        .where(
          and(
            eq(payments.orderNumber, orderNumber),
            inArray(payments.status, ['refund_pending', 'refunded']),
            // Not the order's own payment refunded on cancel or RTO (ORDER_REFUND_REASONS).
            inArray(payments.reason, [...REFUND_REASONS]),
          ),
        )
        .orderBy(asc(payments.createdAt), asc(payments.id));
    },

    /** The reason a payment was refunded instead of applied (a REFUND_REASONS code), or null. */
    async refundReason(paymentId: string): Promise<string | null> {
      const [row] = await db
        .select({ reason: payments.reason, status: payments.status })
        .from(payments)
        .where(eq(payments.paymentId, paymentId));
      return row && row.status !== 'placed' ? row.reason : null;
    },

    /** The refund of a payment that could not become an order, or of a cancelled or returned order's, went through. */
    async markRefunded(tx: Tx, paymentId: string): Promise<void> {
      await tx
        .update(payments)
        .set({ status: 'refunded', updatedAt: sql`now()` })
        .where(and(eq(payments.paymentId, paymentId), eq(payments.status, 'refund_pending')));
    },

    /** Newest first; `attention` keeps the ones the owner must act on. */
    /**
     * The owner's alerts (issue 41): payments that became 'refund_pending' in [from, to): money
     * captured without an order to apply it to (sold out, cancelled, already paid…).
     */
    async refundPendingBetween(from: Date, to: Date) {
      return db
        .select({
          paymentId: payments.paymentId,
          amountPaise: payments.amountPaise,
          reason: payments.reason,
          orderNumber: payments.orderNumber,
          updatedAt: payments.updatedAt,
        })
        .from(payments)
        .where(
          and(
            eq(payments.status, 'refund_pending'),
            gte(payments.updatedAt, from),
            lt(payments.updatedAt, to),
          ),
        )
        .orderBy(asc(payments.updatedAt))
        .limit(200);
    },
    async list(query: AdminPaymentsQueryInput): Promise<AdminPaymentPageDto> {
      const attention = inArray(payments.status, [...ATTENTION_STATUSES]);
      const where = query.attention ? attention : undefined;
      const [rows, [total], [needing]] = await Promise.all([
        pageRows(
          db.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.id)),
          query,
        ),
        db.select({ n: count() }).from(payments).where(where),
        db.select({ n: count() }).from(payments).where(attention),
      ]);
      const content = rows.map((p) => ({
        paymentId: p.paymentId,
        amount: paymentAmountDto(p),
        status: p.status,
        orderNumber: p.orderNumber,
        reason: paymentReasonLabel(p.reason),
        createdAt: p.createdAt.toISOString(),
      }));
      return { ...pageOf(content, total?.n ?? 0, query), attentionCount: needing?.n ?? 0 };
    },
  };
}
