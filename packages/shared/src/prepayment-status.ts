// A COD order's 'Pay now' (issue 12) as a transition table, like the checkout's
// (checkout-status.ts): the gateway order made for it is pending until a payment settles it.
// Paid, the order is converted to prepaid. Refunded: a payment that could not convert it (the
// order shipped or was cancelled meanwhile, a wrong amount) is given back; a second payment for a
// prepayment already paid is refunded too, and the row then says so (the first payment stays
// applied to the order, as the payments ledger records). Moves are conditional UPDATEs on the
// statuses the table lets the row leave.

export const PREPAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;
export type PrepaymentStatus = (typeof PREPAYMENT_STATUSES)[number];

export const PREPAYMENT_TRANSITIONS: Readonly<Record<PrepaymentStatus, readonly PrepaymentStatus[]>> = {
  pending: ['paid', 'refunded'],
  paid: ['refunded'],
  refunded: [],
};

/** The statuses a prepayment may leave for `to`: what the conditional UPDATE's WHERE accepts. */
export function prepaymentStatusesBefore(to: PrepaymentStatus): PrepaymentStatus[] {
  return PREPAYMENT_STATUSES.filter((from) => PREPAYMENT_TRANSITIONS[from].includes(to));
}
