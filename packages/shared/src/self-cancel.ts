// A shopper cancelling their own order (issue 32): allowed until it is packed, so nothing already
// picked and sealed is unpacked on a click; after that the owner decides (contact us). A paid order
// cancelled is refunded in full, exactly as when the owner cancels (decision 0032).
import type { OrderStatus } from './order-status.ts';

export const SELF_CANCEL_MESSAGES = {
  packed: 'This order has been packed and can no longer be cancelled here. Please contact us.',
  cancelled: 'This order is already cancelled.',
  reason: 'Please tell us why you are cancelling.',
} as const;

export const SELF_CANCEL_REASON_MAX = 500;

/** The statuses a shopper may still cancel from. */
export const SELF_CANCELLABLE: readonly OrderStatus[] = ['PLACED', 'CONFIRMED'];

export const canSelfCancel = (status: OrderStatus) => SELF_CANCELLABLE.includes(status);

/** Why a shopper's cancel is refused (409), or null when it may go ahead. */
export function selfCancelRefusal(status: OrderStatus): string | null {
  if (canSelfCancel(status)) return null;
  if (status === 'CANCELLED') return SELF_CANCEL_MESSAGES.cancelled;
  return SELF_CANCEL_MESSAGES.packed;
}
