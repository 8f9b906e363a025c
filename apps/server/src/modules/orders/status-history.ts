// The order's timeline: one row per status reached. Written beside every change of
// orders.status, inside the caller's transaction, so the two never disagree.
import type { OrderStatus } from '@spice/shared/order-status';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedInsert } from '../../db/prepared.ts';
import { orderStatusHistory } from './schema.ts';

const insertStatus = preparedInsert('record_order_status', orderStatusHistory, [
  'orderId',
  'status',
  'at',
  'reason',
]);

export async function recordStatus(
  tx: Tx,
  orderId: number,
  status: OrderStatus,
  at: Date,
  reason?: string,
): Promise<void> {
  await insertStatus(tx).execute({ orderId, status, at, reason: reason ?? null });
}

/** Oldest first: the order the statuses were reached in. */
export async function statusHistory(db: Pick<Db, 'select'>, orderId: number) {
  const rows = await db
    .select({
      status: orderStatusHistory.status,
      at: orderStatusHistory.at,
      reason: orderStatusHistory.reason,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  return rows.map((r) => ({
    status: r.status,
    at: r.at.toISOString(),
    ...(r.reason && { reason: r.reason }),
  }));
}
