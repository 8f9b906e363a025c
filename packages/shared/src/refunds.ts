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

export const DUPLICATE_REFUND_LINE = 'Each line may appear once.';

/** One line of an order as a refund of its units sees it. */
export interface RefundableLine {
  id: number;
  /** '<product> <variant>', for the refusal's text. */
  label: string;
  quantity: number;
  pricePaise: number;
  /** Units already in refunds asked for (pending or processed). */
  refundedUnits: number;
}

export type LineRefundPlan =
  | { ok: true; lines: { itemId: number; quantity: number; valuePaise: number }[]; amountPaise: number }
  | { ok: false; message: string };

/**
 * A refund of some units of some lines (issue 30): each line at most once, never more units than
 * are left of it after earlier refunds, worth their share of what was paid (refundShare over the
 * value refunded before). The caller reads `lines` with the order locked, so two requests cannot
 * both take the last unit.
 */
export function planLineRefund(input: {
  lines: readonly RefundableLine[];
  asked: readonly { itemId: number; quantity: number }[];
  totalPaise: number;
  subtotalPaise: number;
}): LineRefundPlan {
  const ids = input.asked.map((a) => a.itemId);
  if (new Set(ids).size !== ids.length) return { ok: false, message: DUPLICATE_REFUND_LINE };
  const chosen: { itemId: number; quantity: number; valuePaise: number }[] = [];
  for (const { itemId, quantity } of input.asked) {
    const line = input.lines.find((l) => l.id === itemId);
    if (!line) return { ok: false, message: 'That line is not part of this order.' };
    const left = Math.max(0, line.quantity - line.refundedUnits);
    if (quantity > left) return { ok: false, message: `Only ${left} of ${line.label} left to refund.` };
    chosen.push({ itemId, quantity, valuePaise: line.pricePaise * quantity });
  }
  const refundedValuePaise = input.lines.reduce(
    (sum, l) => sum + l.pricePaise * Math.min(l.quantity, l.refundedUnits),
    0,
  );
  const amountPaise = refundShare({
    totalPaise: input.totalPaise,
    subtotalPaise: input.subtotalPaise,
    refundedValuePaise,
    chosenValuePaise: chosen.reduce((sum, l) => sum + l.valuePaise, 0),
  });
  return { ok: true, lines: chosen, amountPaise };
}

/** Every unit not yet refunded, line by line: what a cancelled or returned order refunds. */
export function unitsLeft(
  lines: readonly Pick<RefundableLine, 'id' | 'quantity' | 'pricePaise' | 'refundedUnits'>[],
): { itemId: number; quantity: number; valuePaise: number }[] {
  return lines.flatMap((l) => {
    const quantity = l.quantity - l.refundedUnits;
    return quantity > 0 ? [{ itemId: l.id, quantity, valuePaise: l.pricePaise * quantity }] : [];
  });
}

/**
 * An order paid online, once a refund of it is processed: REFUNDED when everything paid has come
 * back, PARTIALLY_REFUNDED while some of it has.
 */
export function paymentStatusAfterRefunds(
  totalPaise: number,
  processedPaise: number,
): 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED' {
  if (processedPaise <= 0) return 'PAID';
  return processedPaise >= totalPaise ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

/**
 * Whether this order has online money to give back (a refund of lines, a cancel, an RTO): a payment
 * taken online and not wholly refunded yet. Cash on delivery was never taken online.
 */
export function refundableOnline(order: { paymentMode: string; paymentStatus: string }): boolean {
  return (
    order.paymentMode === 'RAZORPAY' &&
    (order.paymentStatus === 'PAID' || order.paymentStatus === 'PARTIALLY_REFUNDED')
  );
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
  if (!refundableOnline(order)) return 0;
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
