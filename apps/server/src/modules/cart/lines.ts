// What the checkout needs of a shopper's cart (decision 0021): its lines, and taking out what was
// bought. The cart_items table stays the cart module's; a caller inside a transaction passes its
// `tx`, so the cart changes with the order or not at all.
import { and, asc, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { variantForSale } from '../catalog/line-facts.ts';
import { cartItems } from './schema.ts';

type Executor = Pick<Db, 'select'>;

/**
 * The shopper's lines (placeholder `userId`) each with its product and variant as the catalogue
 * prices them (null when gone), in the order they were added: one statement, which the caller may
 * prepare.
 */
export function cartLinesForSale(executor: Executor) {
  return executor
    .select({
      cartItemId: cartItems.id,
      quantity: cartItems.quantity,
      // Spelled out: in a one-table select Drizzle leaves the columns unqualified.
      item: variantForSale(sql`"cart_items"."product_id"`, sql`"cart_items"."variant_id"`),
    })
    .from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.id));
}

export async function cartLineCount(executor: Executor, userId: number): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return row?.n ?? 0;
}

/**
 * Takes what was bought out of the cart, as captured when payment began: lines added, or units
 * added to a line, after that stay for a next order.
 */
export async function removeBought(
  tx: Tx,
  userId: number,
  lines: readonly { variantId: number; quantity: number }[],
): Promise<void> {
  for (const line of lines) {
    const mine = and(eq(cartItems.userId, userId), eq(cartItems.variantId, line.variantId));
    await tx.delete(cartItems).where(and(mine, lte(cartItems.quantity, line.quantity)));
    await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(mine, gt(cartItems.quantity, line.quantity)));
  }
}
