// Refunds (issue 16): their statuses, what the shopper reads, and how much a refund of some of an
// order's lines is worth. Integer paise throughout.
import { formatRupees } from './money.ts';

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The back office's word for a refund's status. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Refund pending',
  processed: 'Refunded',
  failed: 'Refund failed',
};

/** The order page's line for one refund: 'Refund of ₹180 processed'. */
export function refundStatusText(status: RefundStatus, amountPaise: number): string {
  const amount = formatRupees(amountPaise);
  if (status === 'processed') return `Refund of ${amount} processed`;
  if (status === 'failed') return `Refund of ${amount} failed. We will contact you to complete it.`;
  return `Refund of ${amount} initiated`;
}

/**
 * What refunding lines worth `chosenValuePaise` (at the prices paid) gives back, when lines worth
 * `refundedValuePaise` were refunded before: their share of everything the shopper paid, fees and
 * discounts included, i.e. total × value ÷ subtotal. The share is taken cumulatively (floor of the
 * running share minus floor of the previous one), so however an order is split into refunds, the
 * last one makes the sum exactly the total paid, and no refund is ever negative.
 */
export function refundShare(input: {
  totalPaise: number;
  subtotalPaise: number;
  refundedValuePaise: number;
  chosenValuePaise: number;
}): number {
  const { totalPaise, subtotalPaise, refundedValuePaise, chosenValuePaise } = input;
  if (subtotalPaise <= 0 || chosenValuePaise <= 0) return 0;
  const after = Math.min(subtotalPaise, refundedValuePaise + chosenValuePaise);
  const before = Math.min(subtotalPaise, refundedValuePaise);
  const cumulative = (value: number) =>
    value >= subtotalPaise ? totalPaise : Math.floor((totalPaise * value) / subtotalPaise);
  return Math.max(0, cumulative(after) - cumulative(before));
}

/**
 * What cancelling an order gives back, as the refunds service's cancellation refund computes it:
 * an online payment's amount not yet refunded (failed refunds do not count); nothing for cash on
 * delivery, which was never taken. The back office names it before the owner confirms.
 */
export function cancellationRefundPaise(order: {
  paymentMode: string;
  paymentStatus: string;
  totalPaise: number;
  refunds: readonly { amountPaise: number; status: RefundStatus }[];
}): number {
  if (order.paymentMode === 'COD' || !['PAID', 'PARTIALLY_REFUNDED'].includes(order.paymentStatus)) return 0;
  const refunded = order.refunds
    .filter((r) => r.status !== 'failed')
    .reduce((sum, r) => sum + r.amountPaise, 0);
  return Math.max(0, order.totalPaise - refunded);
}

/** What the back office says a cancel will do, money first, under 'Cancel order …?'. */
export function cancelConfirmText(refundPaise: number, cashOnDelivery: boolean): string {
  const money =
    refundPaise > 0
      ? `${formatRupees(refundPaise)} paid online will be refunded to the shopper through the payment gateway.`
      : cashOnDelivery
        ? 'No money moves: the order is cash on delivery and nothing was collected.'
        : 'No refund is due: nothing paid is left to refund.';
  return `${money} The items go back in stock and the shopper gets their coupon use back.`;
}
