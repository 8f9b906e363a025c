// What the checkout needs of a shopper's cart (decision 0021): its lines, and taking out what was
// bought. The cart_items table stays the cart module's; a caller inside a transaction passes its
// `tx`, so the cart changes with the order or not at all.
import { asc, count, eq, sql } from 'drizzle-orm';
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
  if (lines.length === 0) return;
  // One statement for every line: a line bought whole goes, a line that grew since keeps the rest.
  // The ids are integers, passed as array literals ('{1,2}').
  const list = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;
  await tx.execute(sql`
    with bought as (
      select * from unnest(${list(lines.map((l) => l.variantId))}::int[], ${list(lines.map((l) => l.quantity))}::int[])
        as b(variant_id, quantity)
    ), gone as (
      delete from cart_items c using bought b
      where c.user_id = ${userId} and c.variant_id = b.variant_id and c.quantity <= b.quantity
    )
    update cart_items c set quantity = c.quantity - b.quantity, updated_at = now()
    from bought b
    where c.user_id = ${userId} and c.variant_id = b.variant_id and c.quantity > b.quantity`);
}
