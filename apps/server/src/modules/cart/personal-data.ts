// The cart's part of a shopper's data rights (decision 0036): its lines for the export, emptied on
// erasure, and emptied by the retention job once nobody touched it for its period.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems } from './schema.ts';

export async function cartLinesOf(db: Db, userId: number) {
  const rows = await db
    .select({ productId: cartItems.productId, variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return rows;
}

export async function emptyCartOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
}

/** Retention: every cart whose last change is older than `before` is emptied; answers how many lines went. */
export async function emptyIdleCarts(tx: Tx, before: Date): Promise<number> {
  const idle = tx
    .select({ userId: cartItems.userId })
    .from(cartItems)
    .groupBy(cartItems.userId)
    .having(sql`max(${cartItems.updatedAt}) < ${before.toISOString()}::timestamptz`);
  const gone = await tx
    .delete(cartItems)
    .where(inArray(cartItems.userId, idle))
    .returning({ id: cartItems.id });
  return gone.length;
}
