// The cart's part of a shopper's data rights (decision 0036): its lines for the export, emptied on erasure.
import { eq } from 'drizzle-orm';
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
