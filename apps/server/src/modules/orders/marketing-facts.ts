// The orders module's part of bringing shoppers back (issue 37, decision 0041): when shoppers last
// ordered or began a checkout, the first order after a moment, and the mark an order carries when
// it followed a recovery message. The marketing module calls these; the SQL on orders stays here.
import { and, asc, eq, gte, inArray, isNull, lte, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkouts, orders } from './schema.ts';

export interface ShopperOrderFacts {
  lastOrderAt: Date | null;
  lastCheckoutAt: Date | null;
}

/** For each shopper: the newest order placed and the newest checkout begun (paid or not). */
export async function orderFactsOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, ShopperOrderFacts>> {
  const facts = new Map<number, ShopperOrderFacts>(
    userIds.map((id) => [id, { lastOrderAt: null, lastCheckoutAt: null }]),
  );
  if (userIds.length === 0) return facts;
  const ids = [...userIds];
  const [placed, begun] = await Promise.all([
    db
      .select({ userId: orders.userId, at: max(orders.createdAt) })
      .from(orders)
      .where(inArray(orders.userId, ids))
      .groupBy(orders.userId),
    db
      .select({ userId: checkouts.userId, at: max(checkouts.createdAt) })
      .from(checkouts)
      .where(inArray(checkouts.userId, ids))
      .groupBy(checkouts.userId),
  ]);
  for (const r of placed) facts.get(r.userId)!.lastOrderAt = r.at;
  for (const r of begun) facts.get(r.userId)!.lastCheckoutAt = r.at;
  return facts;
}

/** The shopper's first order placed within [from, to], if any. */
export async function firstOrderBetween(db: Db, userId: number, from: Date, to: Date) {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber, totalPaise: orders.totalPaise, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.userId, userId), gte(orders.createdAt, from), lte(orders.createdAt, to)))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  return row ?? null;
}

/** Marks the order as won back by a recovery message (once). */
export async function markRecovered(db: Db, orderNumber: string): Promise<void> {
  await db
    .update(orders)
    .set({ recoveredFrom: 'ABANDONED_CART' })
    .where(and(eq(orders.orderNumber, orderNumber), isNull(orders.recoveredFrom)));
}
