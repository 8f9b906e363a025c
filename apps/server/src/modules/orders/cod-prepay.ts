// 'Pay now and save ₹X' (issue 12): a COD order not yet shipped is paid online instead. The server
// prices it (COD fee waived, prepaid discount by today's rule on the checkout's base), makes the
// gateway order for that amount and, when the payment is verified (browser) or captured (webhook),
// converts the order in one transaction with a conditional UPDATE on 'still COD, still unshipped'.
// Every payment ends in the converted order or a refund_pending row of the payments ledger.
import { PAY_NOW_MESSAGES, PAYABLE_ONLINE_STATUSES, payNowOffer } from '@spice/shared/cod';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { Lang } from '@spice/shared/lang';
import { refundNotice } from '@spice/shared/messages';
import type { RefundReason } from '@spice/shared/payments';
import { type PrepaymentStatus, prepaymentStatusesBefore } from '@spice/shared/prepayment-status';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { nextVersion } from '../../lib/versioned.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CheckoutService } from '../checkout/service.ts';
import type { InvoicesService } from '../invoices/service.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { orderMessageJob } from '../messaging/order-message-job.ts';
import { type Gateway, GatewayError } from '../payments/gateway.ts';
import type { PaymentsLedger } from '../payments/ledger.ts';
import type { RefundsService } from '../refunds/service.ts';
import { ORDER_NOT_FOUND } from './customer-order.ts';
import { totalAmountDto } from './dto.ts';
import { codConfirmations, orderPrepayments, orders } from './schema.ts';

type OrderRow = typeof orders.$inferSelect;
type PrepaymentRow = typeof orderPrepayments.$inferSelect;

export type PrepaySettlement =
  | { kind: 'paid'; order: OrderRow; created: boolean }
  | { kind: 'refund'; reason: RefundReason; amountPaise: number; created: boolean };

interface CapturedPayment {
  id: string;
  signature: string;
  source: 'verify' | 'webhook';
  /** What the gateway says it captured; null from the browser's verify. */
  captured: { amountPaise: number; currency: string } | null;
}

/** Why a payment for this prepayment cannot convert the order, or null when it can. */
export function prepayRefundReason(
  order: Pick<OrderRow, 'status' | 'paymentMode'>,
  prepayment: Pick<PrepaymentRow, 'totalPaise'>,
  captured: CapturedPayment['captured'],
): RefundReason | null {
  if (order.paymentMode !== 'COD') return 'already_paid';
  if (captured && (captured.amountPaise !== prepayment.totalPaise || captured.currency !== 'INR'))
    return 'amount_mismatch';
  if (order.status === 'CANCELLED') return 'order_cancelled';
  if (!(PAYABLE_ONLINE_STATUSES as readonly string[]).includes(order.status)) return 'order_shipped';
  return null;
}

/** A conditional UPDATE on the statuses the table lets the prepayment leave (prepayment-status.ts). */
async function movePrepayment(tx: Tx, id: number, to: PrepaymentStatus): Promise<void> {
  await tx
    .update(orderPrepayments)
    .set({ status: to })
    .where(and(eq(orderPrepayments.id, id), inArray(orderPrepayments.status, prepaymentStatusesBefore(to))));
}

export function createCodPrepay(
  db: Db,
  deps: {
    checkout: Pick<CheckoutService, 'currentConfig'>;
    gateway: Gateway;
    ledger: PaymentsLedger;
    invoices: Pick<InvoicesService, 'onOrderPlaced'>;
    /** A payment that cannot convert the order is refunded (a job, committed with the ledger row). */
    refunds: Pick<RefundsService, 'requestForPayment'>;
    /** The shopper is told of a payment refunded instead of applied ('refunded' message). */
    jobs: Pick<JobQueue, 'enqueue'>;
    log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  },
) {
  const { gateway, ledger } = deps;

  async function ownOrder(user: UserDto, orderNumber: string) {
    const [o] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, user.id)));
    if (!o) throw new AppError('notFound', ORDER_NOT_FOUND);
    return o;
  }

  /** Decides, once, what a captured payment for this prepayment becomes. Call with it locked. */
  async function settle(tx: Tx, pre: PrepaymentRow, payment: CapturedPayment): Promise<PrepaySettlement> {
    const recorded = await ledger.find(tx, payment.id);
    const [order] = await tx.select().from(orders).where(eq(orders.id, pre.orderId)).for('update');
    if (!order) throw new AppError('notFound', ORDER_NOT_FOUND);
    if (recorded && recorded.status !== 'failed') {
      if (recorded.status === 'placed') return { kind: 'paid', order, created: false };
      const reason = (recorded.reason ?? 'already_paid') as RefundReason;
      return { kind: 'refund', reason, amountPaise: recorded.amountPaise, created: false };
    }
    const amountPaise = payment.captured?.amountPaise ?? pre.totalPaise;
    const record = (status: 'placed' | 'refund_pending', reason: RefundReason | null) =>
      ledger.record(tx, {
        paymentId: payment.id,
        providerOrderId: pre.providerOrderId,
        checkoutId: null,
        amountPaise,
        status,
        orderNumber: order.orderNumber,
        reason,
        source: payment.source,
      });
    const refund = async (reason: RefundReason): Promise<PrepaySettlement> => {
      await record('refund_pending', reason);
      const made = await deps.refunds.requestForPayment(tx, { paymentId: payment.id, amountPaise });
      await movePrepayment(tx, pre.id, 'refunded');
      // Else invisible: the order did not change. The message says why and what is still due.
      if (made) {
        await deps.jobs.enqueue(
          tx,
          orderMessageJob({ orderNumber: order.orderNumber, event: 'refunded', refundId: made.id }),
        );
      }
      deps.log.warn(
        { paymentId: payment.id, orderNumber: order.orderNumber, reason, amountPaise },
        'online payment for a COD order cannot be applied: refund pending',
      );
      return { kind: 'refund', reason, amountPaise, created: true };
    };

    const reason = prepayRefundReason(order, pre, payment.captured);
    if (reason) return refund(reason);
    // The order's lock makes this certain here; the condition keeps it true whatever changes.
    const [converted] = await tx
      .update(orders)
      .set({
        paymentMode: 'RAZORPAY',
        paymentStatus: 'PAID',
        codFeePaise: 0,
        prepaidDiscountPaise: pre.prepaidDiscountPaise,
        totalPaise: pre.totalPaise,
        providerOrderId: pre.providerOrderId,
        providerPaymentId: payment.id,
        providerSignature: payment.signature,
        version: nextVersion(orders),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.paymentMode, 'COD'),
          inArray(orders.status, [...PAYABLE_ONLINE_STATUSES]),
        ),
      )
      .returning();
    if (!converted) return refund('order_shipped');
    await movePrepayment(tx, pre.id, 'paid');
    // Paid online: a COD confirmation still pending is answered by the payment (issue 34), so the
    // order is no longer held, reminded of or expired.
    await tx
      .update(codConfirmations)
      .set({ status: 'CONFIRMED', decidedAt: converted.updatedAt, via: 'prepaid' })
      .where(and(eq(codConfirmations.orderId, order.id), eq(codConfirmations.status, 'PENDING')));
    await record('placed', null);
    // Paid online now, so invoiced now (a COD order would have waited for shipping).
    const invoiceNumber = await deps.invoices.onOrderPlaced(tx, converted);
    return { kind: 'paid', order: { ...converted, invoiceNumber }, created: true };
  }

  /** The gateway order for paying this COD order online, at the amount the page shows (paise). */
  async function createFor(order: OrderRow, mobile: string, input: { amount: number }, language?: Lang) {
    // Paying now in another language switches the order's later messages to it.
    if (language && order.language !== language) {
      await db.update(orders).set({ language }).where(eq(orders.id, order.id));
    }
    const config = await deps.checkout.currentConfig(db);
    const offer = payNowOffer(order, config.prepaidDiscount);
    if (!offer) throw new AppError('conflict', PAY_NOW_MESSAGES.notPayable);
    if (offer.totalPaise !== input.amount) {
      throw new AppError('conflict', PAY_NOW_MESSAGES.totalChanged, undefined, {
        amount: offer.totalPaise,
      });
    }
    const answer = (pre: PrepaymentRow) => ({
      amount: pre.totalPaise,
      currency: 'INR' as const,
      orderId: pre.providerOrderId,
      keyId: gateway.keyId,
      provider: gateway.provider,
    });
    // A reopened payment window pays the gateway order already made for the same amount.
    const [again] = await db
      .select()
      .from(orderPrepayments)
      .where(
        and(
          eq(orderPrepayments.orderId, order.id),
          eq(orderPrepayments.status, 'pending'),
          eq(orderPrepayments.totalPaise, offer.totalPaise),
          eq(orderPrepayments.provider, gateway.provider),
        ),
      )
      .limit(1);
    if (again) return answer(again);
    let providerOrder: { id: string };
    try {
      providerOrder = await gateway.createOrder({
        amountPaise: offer.totalPaise,
        receipt: `cod-${order.orderNumber}`,
        notes: { orderNumber: order.orderNumber, mobile, payNow: 'cod-to-prepaid' },
      });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      deps.log.error({ err: error }, 'pay-now gateway order creation failed');
      throw new AppError('unavailable', 'Failed to create Razorpay order.');
    }
    const [pre] = await db
      .insert(orderPrepayments)
      .values({
        orderId: order.id,
        userId: order.userId,
        providerOrderId: providerOrder.id,
        provider: gateway.provider,
        totalPaise: offer.totalPaise,
        prepaidDiscountPaise: offer.prepaidDiscountPaise,
      })
      .returning();
    return answer(pre!);
  }

  async function verifyFor(
    order: OrderRow,
    payment: { razorpayOrderId: string; razorpayPaymentId: string; razorpaySignature: string },
  ) {
    const [found] = await db
      .select({ id: orderPrepayments.id })
      .from(orderPrepayments)
      .where(
        and(
          eq(orderPrepayments.providerOrderId, payment.razorpayOrderId),
          eq(orderPrepayments.orderId, order.id),
        ),
      );
    if (!found) throw new AppError('notFound', 'Payment order not found.');
    const settled = await db.transaction(async (tx) => {
      const [pre] = await tx
        .select()
        .from(orderPrepayments)
        .where(eq(orderPrepayments.id, found.id))
        .for('update');
      if (!gateway.verifyPayment(pre!.providerOrderId, payment.razorpayPaymentId, payment.razorpaySignature))
        throw new AppError('invalid', 'Payment verification failed.');
      return settle(tx, pre!, {
        id: payment.razorpayPaymentId,
        signature: payment.razorpaySignature,
        source: 'verify',
        captured: null,
      });
    });
    if (settled.kind === 'refund') {
      throw new AppError('conflict', refundNotice(settled.reason, settled.amountPaise), undefined, {
        refund: 'pending',
      });
    }
    return {
      orderNumber: settled.order.orderNumber,
      paymentMode: 'RAZORPAY' as const,
      paymentStatus: 'PAID' as const,
      totalAmount: totalAmountDto(settled.order),
    };
  }

  return {
    settle,

    /** The prepayment stored under a gateway order id, locked for its payment's settlement. */
    async lockByProviderOrder(tx: Tx, providerOrderId: string): Promise<PrepaymentRow | null> {
      const [row] = await tx
        .select()
        .from(orderPrepayments)
        .where(eq(orderPrepayments.providerOrderId, providerOrderId))
        .for('update');
      return row ?? null;
    },

    /** The gateway order for paying this COD order online, at the amount the page shows (paise). */
    async create(user: UserDto, orderNumber: string, input: { amount: number }, language?: Lang) {
      return createFor(await ownOrder(user, orderNumber), user.mobile, input, language);
    },

    /**
     * The same for an order opened by its COD confirmation link (no sign-in: the token is the key);
     * the gateway order is kept under the order's own shopper.
     */
    async createForOrder(order: OrderRow, mobile: string, input: { amount: number }) {
      return createFor(order, mobile, input);
    },

    /** The browser's verify for an order opened by its confirmation link. */
    async verifyForOrder(
      order: OrderRow,
      payment: { razorpayOrderId: string; razorpayPaymentId: string; razorpaySignature: string },
    ) {
      return verifyFor(order, payment);
    },

    /** Whether a pay-now gateway order is this order's (the simulated window's Pay under a link). */
    async forOrder(orderId: number, providerOrderId: string) {
      const [row] = await db
        .select({ id: orderPrepayments.id })
        .from(orderPrepayments)
        .where(
          and(eq(orderPrepayments.providerOrderId, providerOrderId), eq(orderPrepayments.orderId, orderId)),
        );
      return Boolean(row);
    },

    /**
     * The browser's verify: the signature checked against the gateway order the server stored for
     * this shopper's order. A repeat answers the same; a payment that came too late is recorded
     * for refund and answered 409 saying so.
     */
    async verify(
      user: UserDto,
      orderNumber: string,
      payment: { razorpayOrderId: string; razorpayPaymentId: string; razorpaySignature: string },
    ) {
      return verifyFor(await ownOrder(user, orderNumber), payment);
    },

    /** The simulated gateway's 'Pay' for one of the shopper's own pay-now gateway orders. */
    async ownedBy(userId: number, providerOrderId: string) {
      const [row] = await db
        .select({ id: orderPrepayments.id })
        .from(orderPrepayments)
        .where(
          and(eq(orderPrepayments.providerOrderId, providerOrderId), eq(orderPrepayments.userId, userId)),
        );
      return Boolean(row);
    },
  };
}
export type CodPrepay = ReturnType<typeof createCodPrepay>;
