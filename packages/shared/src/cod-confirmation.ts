// Cash on delivery confirmation (issue 34): a COD order placed while the shop asks for it waits for
// the shopper to confirm (link or WhatsApp reply) before it may be packed; the owner may confirm it
// after calling them. Pure rules with their clock passed in (decision 0033).
import type { OrderStatus } from './order-status.ts';
import { canSelfCancel } from './self-cancel.ts';

export const COD_CONFIRMATION_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED', 'EXPIRED'] as const;
export type CodConfirmationStatus = (typeof COD_CONFIRMATION_STATUSES)[number];
/** What an order answers: the stored status, or NOT_REQUIRED when none was asked for. */
export type CodConfirmationState = CodConfirmationStatus | 'NOT_REQUIRED';

export const COD_CONFIRMATION_HOURS = { min: 1, max: 72 } as const;

export const COD_CONFIRMATION_MESSAGES = {
  notValid: 'This confirmation link has expired or is not valid.',
  waitForShopper:
    'Wait for the shopper to confirm this cash-on-delivery order, or confirm it after calling them.',
  cancelledMeanwhile: 'This order has been cancelled, so it can no longer be confirmed.',
  addressTooLate: 'This order has been packed, so its delivery address can no longer be changed.',
  notPending: 'This order is not waiting for confirmation.',
  expiredReason: 'Not confirmed in time',
  hours: 'Enter a number of hours from 1 to 72.',
} as const;

const HOUR_MS = 60 * 60 * 1000;

/** The moment the shopper must have confirmed by. */
export function confirmByOf(placedAt: Date, withinHours: number): Date {
  return new Date(placedAt.getTime() + withinHours * HOUR_MS);
}

/** The one reminder: half-way through the window. */
export function reminderAtOf(placedAt: Date, confirmBy: Date): Date {
  return new Date(placedAt.getTime() + Math.floor((confirmBy.getTime() - placedAt.getTime()) / 2));
}

/** Whether a link may still be used: pending or confirmed, before confirmBy, order not cancelled. */
export function linkUsable(
  c: { status: CodConfirmationStatus; confirmBy: Date },
  orderStatus: OrderStatus,
  now: Date,
): boolean {
  if (orderStatus === 'CANCELLED' || c.status === 'CANCELLED' || c.status === 'EXPIRED') return false;
  return now.getTime() < c.confirmBy.getTime();
}

/**
 * A back-office move of a COD order still waiting for the shopper: anything past PLACED is refused
 * (checked before the transition table); cancelling stays possible.
 */
export function holdsDispatch(state: CodConfirmationState, to: OrderStatus): boolean {
  return state === 'PENDING' && to !== 'CANCELLED' && to !== 'PLACED';
}

/** Why the link's address change is refused (409), or null when the parcel is not packed yet. */
export function addressChangeRefusal(orderStatus: OrderStatus): string | null {
  return canSelfCancel(orderStatus) ? null : COD_CONFIRMATION_MESSAGES.addressTooLate;
}
