// A checkout's life as a transition table, like the order's (order-status.ts; ARCHITECTURE.md
// convention 4). An online checkout is created pending: it holds stock and a coupon use for the
// hold time. Paid, its order is placed. A pending checkout whose hold lapsed is released (stock
// and coupon use given back); a payment arriving late may still take them again (released → paid).
// A pending or released checkout the shopper replaced with a newer one is cancelled: a payment
// for it is refunded. A cash on delivery checkout is created paid, its order placed in the same
// transaction. Every move is a conditional UPDATE on the status it leaves, so of two writers
// racing for one checkout exactly one moves it.

export const CHECKOUT_STATUSES = ['pending', 'paid', 'released', 'cancelled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** The statuses a checkout is created in: pending (paid online later), paid (cash on delivery). */
export const CHECKOUT_INITIAL_STATUSES: readonly CheckoutStatus[] = ['pending', 'paid'];

export const CHECKOUT_TRANSITIONS: Readonly<Record<CheckoutStatus, readonly CheckoutStatus[]>> = {
  pending: ['paid', 'released', 'cancelled'],
  released: ['paid', 'cancelled'],
  paid: [],
  cancelled: [],
};

export function canMoveCheckout(from: CheckoutStatus, to: CheckoutStatus): boolean {
  return CHECKOUT_TRANSITIONS[from].includes(to);
}

/** The statuses a checkout may leave for `to`: what the conditional UPDATE's WHERE accepts. */
export function checkoutStatusesBefore(to: CheckoutStatus): CheckoutStatus[] {
  return CHECKOUT_STATUSES.filter((from) => canMoveCheckout(from, to));
}

/** Whether the checkout still holds stock and a coupon use (what a release gives back). */
export function checkoutHoldsStock(status: CheckoutStatus): boolean {
  return status === 'pending';
}
