// The payments ledger's vocabulary: what became of each payment the shop learned of, why a payment
// could not become an order, and how the owner reads it (the shopper's texts are in messages.ts).
export const PAYMENT_STATUSES = ['placed', 'refund_pending', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses the owner has to act on (refund not yet made, or a payment the gateway failed). */
export const ATTENTION_STATUSES = ['refund_pending', 'failed'] as const satisfies readonly PaymentStatus[];

/** Why a captured payment is refunded instead of becoming an order. */
export const REFUND_REASONS = [
  'sold_out',
  'coupon_unavailable',
  'checkout_cancelled',
  'order_cancelled',
  'already_paid',
  'amount_mismatch',
  'order_shipped',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

const OWNER_TEXT: Record<RefundReason, string> = {
  sold_out: 'Stock sold out after the hold lapsed',
  coupon_unavailable: 'Coupon use limit reached after the hold lapsed',
  checkout_cancelled: 'Paid for a checkout the shopper had replaced',
  order_cancelled: 'Paid for a cancelled order',
  already_paid: 'Second payment for an order already paid',
  amount_mismatch: "Amount captured differs from the checkout's total",
  order_shipped: 'Paid online for a cash on delivery order already shipped',
};

const isRefundReason = (reason: string): reason is RefundReason =>
  (REFUND_REASONS as readonly string[]).includes(reason);

/** The back office's wording of a stored reason; a gateway's own failure text passes through. */
export function paymentReasonLabel(reason: string | null): string | null {
  if (reason === null) return null;
  return isRefundReason(reason) ? OWNER_TEXT[reason] : reason;
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  placed: 'Order placed',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  failed: 'Failed',
};

/**
 * Why a shopper's payment was refunded instead of applied to their order, as they read it (English,
 * Hindi): '₹361 paid online was refunded: the order had already shipped'.
 */
export const RETURN_CAUSES: Readonly<Record<string, readonly [string, string]>> = {
  order_shipped: ['the order had already shipped', 'ऑर्डर पहले ही भेजा जा चुका था'],
  order_cancelled: ['the order had been cancelled', 'ऑर्डर रद्द हो चुका था'],
  already_paid: ['the order was already paid', 'ऑर्डर का भुगतान पहले ही हो चुका था'],
  amount_mismatch: ['the amount paid did not match the order', 'चुकाई गई राशि ऑर्डर से मेल नहीं खाती थी'],
};
