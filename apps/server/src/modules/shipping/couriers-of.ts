// Which courier carries each shipped order, read beside the shipments table for the orders export
// (issue 41); the AWB itself is on the order (its tracking id).
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shipments } from './schema.ts';

export async function couriersByOrder(
  db: Pick<Db, 'select'>,
  orderIds: readonly number[],
): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: shipments.orderId, courierName: shipments.courierName })
    .from(shipments)
    .where(inArray(shipments.orderId, [...orderIds]));
  return new Map(rows.map((r) => [r.orderId, r.courierName]));
}
