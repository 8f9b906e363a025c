// The spec's text functions (messages.ts re-exports them): texts with a value in them. Apart from
// MESSAGES so the browser's first load can carry them without every spec text (decision 0017).
import { formatRupees } from './money.ts';
import type { RefundReason } from './payments.ts';

export const searchResultsTitle = (q: string) => `Search Results for: "${q}"`;

export const percentOffLabel = (n: number) => `${n}% off`;
/** Too many wrong coupon codes in a minute: the coupon box shows how long to wait. */
export const couponWaitMessage = (seconds: number) =>
  `Too many coupon attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;

export type WaitUnit = 'second' | 'minute' | 'hour';

/**
 * A wait in the words a shopper reads, rounded up so that trying again then works: seconds under a
 * minute, minutes up to 90 minutes, hours beyond.
 */
export function waitAmount(seconds: number): { n: number; unit: WaitUnit } {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return { n: s, unit: 'second' };
  if (s <= 90 * 60) return { n: Math.ceil(s / 60), unit: 'minute' };
  return { n: Math.ceil(s / 3600), unit: 'hour' };
}

/** Every 429 but the coupon box's: the wait it says is the one Retry-After says (issue 30). */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const { n, unit } = waitAmount(retryAfterSeconds);
  return `Too many requests. Please try again in ${n} ${unit}${n === 1 ? '' : 's'}.`;
}

const REFUND_CAUSES: Record<RefundReason, string> = {
  sold_out: 'This item sold out while you were paying.',
  coupon_unavailable: 'The coupon on this order ran out while you were paying.',
  checkout_cancelled: 'This checkout was replaced by a newer one before your payment arrived.',
  order_cancelled: 'This order was cancelled before your payment arrived.',
  already_paid: 'This order was already paid with another payment.',
  amount_mismatch: 'The amount paid did not match your order total.',
  order_shipped: 'This order was shipped before your payment arrived, so it stays cash on delivery.',
};

/** What the shopper reads when a payment was taken but cannot become an order. */
export const refundNotice = (reason: RefundReason, amountPaise: number) =>
  `${REFUND_CAUSES[reason]} Your payment of ${formatRupees(amountPaise)} will be refunded to your account in 5–7 working days.`;
