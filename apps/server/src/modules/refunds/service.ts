// Refunds: asked for inside the transaction that makes them due (an order cancelled or returned
// undelivered, some of its lines, a payment that could not become an order), carried out by the
// 'refund' job through the gateway, and settled by the gateway's answer or its refund.processed /
// refund.failed webhook. Owns the refunds table; reads orders (never writes them: a processed
// refund reaches the order's payment status and its GST credit note through the hooks below).
// Each refund is asked for once (a unique request key), and its id is the gateway receipt, so a
// retried job finds the refund it made rather than making another.
import { randomBytes } from 'node:crypto';
import { type RefundStatus, refundableOnline } from '@spice/shared/refunds';
import { and, asc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { orderMessageJob } from '../messaging/order-message-job.ts';
import type { OrderRow } from '../orders/types.ts';
import { type Gateway, GatewayError } from '../payments/gateway.ts';
import type { PaymentsLedger } from '../payments/ledger.ts';
import { refundDto } from './dto.ts';
import { type RefundLine, type RefundRow, refunds } from './schema.ts';

export const REFUND_JOB = 'refund';

/** Why an order's refund was asked for, as its request key says. */
export type RefundCause = 'CANCELLED' | 'RTO' | 'REFUND';

/** A processed refund of an order, as the hooks below receive it. */
export interface ProcessedRefund {
  orderId: number;
  orderNumber: string;
  refundId: string;
  amountPaise: number;
  lines: RefundLine[];
  cause: RefundCause;
  /**
   * Everything processed for the order so far, this refund included: read when called, so a hook
   * that first locks the order sees every refund settled before it.
   */
  processedPaise(): Promise<number>;
}

/**
 * What a processed refund changes elsewhere, in the transaction that marks it processed: its own
 * GST credit note (invoices module) and the order's payment status (orders module), plugged in
 * by services.ts; and, where an order's refund is asked for, the check that its credit note can
 * be numbered.
 */
export interface RefundHooks {
  /** Throws (409) when a refund of this order could not have its credit note: nothing is asked. */
  creditNoteRoom?(tx: Tx, orderId: number): Promise<unknown>;
  creditNote?(tx: Tx, refund: ProcessedRefund): Promise<unknown>;
  paymentStatus?(tx: Tx, refund: ProcessedRefund): Promise<unknown>;
}

const causeOf = (requestKey: string): RefundCause =>
  requestKey.endsWith(':cancel') ? 'CANCELLED' : requestKey.endsWith(':rto') ? 'RTO' : 'REFUND';

/**
 * Units of each order line in refunds asked for (pending or processed; a failed refund gives its
 * units back), for these orders: the one read the order pages, the packing slip, the label and
 * the refund form share.
 */
export async function refundedUnits(
  executor: Pick<Db, 'select'>,
  orderIds: readonly number[],
): Promise<Map<number, number>> {
  const byItem = new Map<number, number>();
  if (orderIds.length === 0) return byItem;
  const rows = await executor
    .select({ lines: refunds.lines })
    .from(refunds)
    .where(and(inArray(refunds.orderId, [...orderIds]), ne(refunds.status, 'failed')));
  for (const line of rows.flatMap((r) => r.lines)) {
    byItem.set(line.itemId, (byItem.get(line.itemId) ?? 0) + line.quantity);
  }
  return byItem;
}

export interface RefundDto {
  id: string;
  amount: number;
  status: RefundStatus;
  createdAt: string;
}

export type RefundsService = ReturnType<typeof createRefundsService>;

export function createRefundsService(
  db: Db,
  deps: {
    gateway: Gateway;
    jobs: Pick<JobQueue, 'enqueue'>;
    ledger: Pick<PaymentsLedger, 'markRefunded' | 'markRefundPending'>;
    hooks?: RefundHooks;
    log: { warn(obj: object, msg: string): void };
  },
) {
  const newId = () => `rf_${randomBytes(12).toString('base64url')}`;

  /** Inserts the refund (once per request key) and enqueues its job, in the caller's transaction. */
  async function request(
    tx: Tx,
    entry: {
      requestKey: string;
      paymentId: string;
      amountPaise: number;
      orderId?: number;
      orderNumber?: string;
      lines?: RefundLine[];
    },
  ): Promise<RefundRow | null> {
    if (entry.amountPaise <= 0) return null;
    if (entry.orderId !== undefined) await deps.hooks?.creditNoteRoom?.(tx, entry.orderId);
    const [row] = await tx
      .insert(refunds)
      .values({ id: newId(), ...entry })
      .onConflictDoNothing({ target: refunds.requestKey })
      .returning();
    if (!row) return null;
    await deps.jobs.enqueue(tx, {
      name: REFUND_JOB,
      payload: { refundId: row.id },
      key: `${REFUND_JOB}:${row.id}`,
    });
    return row;
  }

  /** Paise of the order refunded (processed). */
  async function processedPaiseOf(executor: Pick<Db, 'select'>, orderId: number): Promise<number> {
    const [row] = await executor
      .select({ n: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'processed')));
    return row?.n ?? 0;
  }

  /** Paise of the order already refunded or being refunded. */
  async function refundedPaise(executor: Pick<Db, 'select'>, orderId: number): Promise<number> {
    const [row] = await executor
      .select({ n: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
    return row?.n ?? 0;
  }

  async function settle(tx: Tx, refund: RefundRow, status: 'processed' | 'failed', detail: string | null) {
    const [row] = await tx
      .update(refunds)
      .set({ status, failureReason: status === 'failed' ? detail : null, updatedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    if (!row || status !== 'processed') return;
    const cause = causeOf(row.requestKey);
    // The ledger's refund_pending (a payment that could not become an order, or an order cancelled
    // or returned) is settled; a partial refund leaves the payment's row as it is.
    if (row.requestKey.startsWith('payment:') || cause !== 'REFUND') {
      await deps.ledger.markRefunded(tx, row.paymentId);
    }
    if (row.orderNumber && row.orderId !== null) {
      const orderId = row.orderId;
      const facts: ProcessedRefund = {
        orderId,
        orderNumber: row.orderNumber,
        refundId: row.id,
        amountPaise: row.amountPaise,
        lines: row.lines,
        cause,
        processedPaise: () => processedPaiseOf(tx, orderId),
      };
      // The order's row is locked first (payment status), then its invoice's (credit note), the
      // order a status change takes them in.
      await deps.hooks?.paymentStatus?.(tx, facts);
      await deps.hooks?.creditNote?.(tx, facts);
      await deps.jobs.enqueue(
        tx,
        orderMessageJob({ orderNumber: row.orderNumber, event: 'refunded', refundId: row.id }),
      );
    }
  }

  return {
    REFUND_JOB,
    refundedPaise,
    processedPaise: processedPaiseOf,

    refundedUnits,

    /**
     * A paid online order cancelled or returned undelivered (RTO): everything paid and not yet
     * refunded goes back, once, with the units not yet refunded (`lines`), and the payments ledger
     * says refund_pending until it is processed. A COD order paid nothing online: no refund.
     */
    async requestForOrderRest(
      tx: Tx,
      order: OrderRow,
      cause: 'CANCELLED' | 'RTO',
      lines: RefundLine[],
    ): Promise<RefundRow | null> {
      if (!refundableOnline(order)) return null;
      const row = await request(tx, {
        requestKey: `order:${order.orderNumber}:${cause === 'RTO' ? 'rto' : 'cancel'}`,
        paymentId: order.providerPaymentId,
        amountPaise: order.totalPaise - (await refundedPaise(tx, order.id)),
        orderId: order.id,
        orderNumber: order.orderNumber,
        lines,
      });
      if (row) {
        await deps.ledger.markRefundPending(tx, order.providerPaymentId, cause);
      }
      return row;
    },

    /** Some lines of a paid order, worth `amountPaise` (see refundShare), asked for at `version`. */
    async requestForLines(tx: Tx, order: OrderRow, lines: RefundLine[], amountPaise: number) {
      return request(tx, {
        requestKey: `order:${order.orderNumber}:v${order.version}`,
        paymentId: order.providerPaymentId,
        amountPaise,
        orderId: order.id,
        orderNumber: order.orderNumber,
        lines,
      });
    },

    /** A captured payment that could not become an order (the ledger's refund_pending). */
    async requestForPayment(tx: Tx, payment: { paymentId: string; amountPaise: number }) {
      return request(tx, {
        requestKey: `payment:${payment.paymentId}`,
        paymentId: payment.paymentId,
        amountPaise: payment.amountPaise,
      });
    },

    /** The 'refund' job. Throws on a transient gateway failure, so the job is retried. */
    async execute(refundId: string): Promise<void> {
      const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
      if (refund?.status !== 'pending' || refund.providerRefundId) return;
      let made: Awaited<ReturnType<Gateway['refund']>>;
      try {
        made =
          (await deps.gateway.findRefund(refund.paymentId, refund.id)) ??
          (await deps.gateway.refund({
            paymentId: refund.paymentId,
            amountPaise: refund.amountPaise,
            receipt: refund.id,
            notes: { refund_id: refund.id, order_number: refund.orderNumber ?? '' },
          }));
      } catch (error) {
        if (!(error instanceof GatewayError && error.permanent)) throw error;
        deps.log.warn({ err: error, refundId }, 'the gateway refused a refund');
        await db.transaction((tx) => settle(tx, refund, 'failed', error.message));
        return;
      }
      await db.transaction(async (tx) => {
        await tx
          .update(refunds)
          .set({ providerRefundId: made.id, updatedAt: new Date() })
          .where(eq(refunds.id, refund.id));
        if (made.status !== 'pending') await settle(tx, refund, made.status, 'Refund failed at the gateway');
      });
    },

    /**
     * Razorpay's refund.processed / refund.failed, inside the webhook's transaction (the event id
     * is recorded there, so a repeat never gets here; a pending-only UPDATE makes it harmless too).
     */
    async applyWebhook(
      tx: Tx,
      type: string,
      entity: { id?: string; receipt?: string | null; notes?: { refund_id?: string } | unknown[] },
    ): Promise<'applied' | 'ignored'> {
      if (!entity.id || (type !== 'refund.processed' && type !== 'refund.failed')) return 'ignored';
      const ours = entity.receipt ?? (Array.isArray(entity.notes) ? undefined : entity.notes?.refund_id);
      const [refund] = await tx
        .select()
        .from(refunds)
        .where(or(eq(refunds.providerRefundId, entity.id), ours ? eq(refunds.id, ours) : undefined))
        .for('update');
      if (!refund) return 'ignored';
      if (!refund.providerRefundId) {
        await tx.update(refunds).set({ providerRefundId: entity.id }).where(eq(refunds.id, refund.id));
      }
      await settle(
        tx,
        refund,
        type === 'refund.processed' ? 'processed' : 'failed',
        'Refund failed at the gateway',
      );
      return 'applied';
    },

    /** The refund a paid order's cancellation asked for (what was paid and not refunded yet). */
    async cancelRefund(orderNumber: string): Promise<RefundRow | null> {
      const [row] = await db
        .select()
        .from(refunds)
        .where(eq(refunds.requestKey, `order:${orderNumber}:cancel`));
      return row ?? null;
    },

    /** The owner's alerts (issue 41): refunds that failed in [from, to), oldest first. */
    async failedBetween(from: Date, to: Date): Promise<RefundRow[]> {
      return db
        .select()
        .from(refunds)
        .where(and(eq(refunds.status, 'failed'), gte(refunds.updatedAt, from), lt(refunds.updatedAt, to)))
        .orderBy(asc(refunds.updatedAt))
        .limit(200);
    },

    async find(refundId: string): Promise<RefundRow | null> {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
      return row ?? null;
    },

    /** The refunds of these orders, oldest first, as the API shows them (rupees). */
    async forOrders(orderIds: number[]): Promise<Map<number, RefundDto[]>> {
      const byOrder = new Map<number, RefundDto[]>();
      if (orderIds.length === 0) return byOrder;
      const rows = await db
        .select()
        .from(refunds)
        .where(inArray(refunds.orderId, orderIds))
        .orderBy(asc(refunds.createdAt), asc(refunds.id));
      for (const r of rows) {
        const list = byOrder.get(r.orderId!) ?? [];
        list.push(refundDto(r));
        byOrder.set(r.orderId!, list);
      }
      return byOrder;
    },
  };
}
