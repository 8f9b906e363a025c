// What becomes of a captured payment: a pure decision over the checkout it pays for, the order
// already placed from that checkout (if any) and what the ledger recorded for it before. Stock is
// not looked at here: a checkout whose hold lapsed is placed only if its stock can be taken again,
// which the caller tries and, failing, refunds as sold out.
import type { CheckoutStatus } from '@spice/shared/checkout-status';
import type { RefundReason } from '@spice/shared/payments';

export type PaymentFate =
  /** Already decided (a replayed verify, a repeated webhook): answer as before. */
  | { kind: 'replay' }
  /** The order placed from this checkout was paid by this very payment (recorded before the ledger). */
  | { kind: 'same-order' }
  /** The checkout still holds its stock: place it. */
  | { kind: 'place' }
  /** The hold lapsed: place it if its stock and coupon can be taken again, else refund. */
  | { kind: 'place-late' }
  | { kind: 'refund'; reason: RefundReason };

export interface PaymentFacts {
  paymentId: string;
  /** What the ledger holds for this payment id; a failed attempt may still be captured later. */
  recorded: { status: 'placed' | 'refund_pending' | 'refunded' | 'failed' } | null;
  checkout: { status: CheckoutStatus; totalPaise: number };
  /** The order placed from this checkout, if any. */
  order: { paymentId: string; status: string } | null;
  /** The amount and currency the gateway says it captured; null when it did not say (verify). */
  captured: { amountPaise: number; currency: string } | null;
}

export function decidePaymentFate(facts: PaymentFacts): PaymentFate {
  if (facts.recorded && facts.recorded.status !== 'failed') return { kind: 'replay' };
  if (facts.order) {
    if (facts.order.paymentId === facts.paymentId) return { kind: 'same-order' };
    return {
      kind: 'refund',
      reason: facts.order.status === 'CANCELLED' ? 'order_cancelled' : 'already_paid',
    };
  }
  // A checkout marked paid always has its order; without one, nothing may be placed twice.
  if (facts.checkout.status === 'paid') return { kind: 'refund', reason: 'already_paid' };
  if (
    facts.captured &&
    (facts.captured.amountPaise !== facts.checkout.totalPaise || facts.captured.currency !== 'INR')
  ) {
    return { kind: 'refund', reason: 'amount_mismatch' };
  }
  if (facts.checkout.status === 'cancelled') return { kind: 'refund', reason: 'checkout_cancelled' };
  if (facts.checkout.status === 'released') return { kind: 'place-late' };
  return { kind: 'place' };
}
