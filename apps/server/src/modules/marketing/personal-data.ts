// The marketing module's part of a shopper's erasure (decision 0036, 0041): saved carts (and their
// links), back-in-stock requests, the record of marketing sends and unsubscribe links all go.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { abandonedCarts, backInStock, marketingSends, unsubscribeLinks } from './schema.ts';

export async function forgetShopper(tx: Tx, userId: number): Promise<void> {
  await tx.delete(abandonedCarts).where(eq(abandonedCarts.userId, userId));
  await tx.delete(backInStock).where(eq(backInStock.userId, userId));
  await tx.delete(marketingSends).where(eq(marketingSends.userId, userId));
  await tx.delete(unsubscribeLinks).where(eq(unsubscribeLinks.userId, userId));
}
