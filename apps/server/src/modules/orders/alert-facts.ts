// What the owner's alerts (issue 41) read of orders: the orders placed in a span (new-order alerts
// and digests) and the work waiting now (the daily summary's COD to confirm and orders to ship).
import { and, asc, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { codConfirmations, orders } from './schema.ts';

export interface PlacedOrder {
  orderNumber: string;
  totalPaise: number;
  paymentMode: 'RAZORPAY' | 'COD';
  customerName: string;
  /** The delivery state (or pincode on older orders). */
  place: string;
  createdAt: Date;
}

/** Orders placed in [from, to), oldest first (cancelled ones too: they were placed). */
export async function ordersPlacedBetween(
  db: Pick<Db, 'select'>,
  from: Date,
  to: Date,
): Promise<PlacedOrder[]> {
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      totalPaise: orders.totalPaise,
      paymentMode: orders.paymentMode,
      customerName: orders.userName,
      address: orders.address,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(500);
  return rows.map(({ address, ...r }) => ({ ...r, place: address.state ?? address.pincode }));
}

/** The work waiting now: COD orders still to be confirmed by the shopper, orders not yet shipped. */
export async function openOrderCounts(
  db: Pick<Db, 'select'>,
): Promise<{ codToConfirm: number; toShip: number }> {
  const [cod] = await db
    .select({ n: count() })
    .from(codConfirmations)
    .innerJoin(orders, eq(orders.id, codConfirmations.orderId))
    .where(and(eq(codConfirmations.status, 'PENDING'), eq(orders.status, 'PLACED')));
  const [ship] = await db
    .select({ n: count() })
    .from(orders)
    .where(inArray(orders.status, ['PLACED', 'CONFIRMED', 'PACKED']));
  return { codToConfirm: cod?.n ?? 0, toShip: ship?.n ?? 0 };
}
