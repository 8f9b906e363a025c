// The checkout state machine's writes (packages/shared/src/checkout-status.ts): a checkout changes
// status only by a conditional UPDATE on the statuses the table lets it leave, so of two writers
// racing for one checkout exactly one moves it, and a move the table forbids changes nothing.
import { type CheckoutStatus, checkoutStatusesBefore } from '@spice/shared/checkout-status';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import type { HasEarlierOrder, PendingUses } from '../coupons/service.ts';
import { checkouts, orderItems, orders } from './schema.ts';

/** Moves the checkouts that may move to `to`; answers the ids that moved (one statement). */
export async function moveCheckouts(tx: Tx, ids: readonly number[], to: CheckoutStatus): Promise<number[]> {
  if (ids.length === 0) return [];
  const moved = await tx
    .update(checkouts)
    .set({ status: to })
    .where(and(inArray(checkouts.id, [...ids]), inArray(checkouts.status, checkoutStatusesBefore(to))))
    .returning({ id: checkouts.id });
  return moved.map((m) => m.id);
}

const markPaid = preparedStatement('mark_checkout_paid', (db) =>
  db
    .update(checkouts)
    .set({ status: 'paid' })
    .where(
      and(
        eq(checkouts.id, sql.placeholder('checkoutId')),
        inArray(checkouts.status, checkoutStatusesBefore('paid')),
      ),
    )
    .returning({ id: checkouts.id }),
);

/**
 * Marks a checkout paid as its order is written. The caller holds the checkout's row lock, so a
 * refusal here is a bug (a paid or cancelled checkout reaching placement), not a race.
 */
export async function markCheckoutPaid(tx: Tx, checkoutId: number): Promise<void> {
  const [moved] = await markPaid(tx).execute({ checkoutId });
  if (moved === undefined) throw new Error(`Checkout ${checkoutId} cannot become paid from its status.`);
}

/** Coupon uses held by one shopper's checkouts awaiting payment (the coupons module's PendingUses). */
/** Whether a shopper had this product delivered in an order of theirs (a review's 'Verified buyer'). */
export async function hasBought(
  executor: Pick<Db, 'select'>,
  userId: number,
  productId: number,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(eq(orders.userId, userId), eq(orders.status, 'DELIVERED'), eq(orderItems.productId, productId)),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether a shopper has an order that was not cancelled: a first-order coupon is not for them. */
export const hasEarlierOrder: HasEarlierOrder = async (executor, userId) => {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, 'CANCELLED')))
    .limit(1);
  return row !== undefined;
};

export const pendingCouponUses: PendingUses = async (
  executor: Pick<Db, 'select'>,
  couponId: number,
  userId: number,
) => {
  const [row] = await executor
    .select({ n: count() })
    .from(checkouts)
    .where(
      and(eq(checkouts.couponId, couponId), eq(checkouts.userId, userId), eq(checkouts.status, 'pending')),
    );
  return row?.n ?? 0;
};
