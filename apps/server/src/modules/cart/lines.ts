// What the checkout needs of a shopper's cart (decision 0021): its lines, and taking out what was
// bought. The cart_items table stays the cart module's; a caller inside a transaction passes its
// `tx`, so the cart changes with the order or not at all.
import { asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { intArray, preparedSql } from '../../db/prepared.ts';
import { type VariantForSale, variantForSale } from '../catalog/line-facts.ts';
import { cartItems } from './schema.ts';

type Executor = Pick<Db, 'select'>;

/** A cart line with what the catalogue says of its variant (null when gone). */
export interface CartLineForSale {
  cartItemId: number;
  quantity: number;
  item: VariantForSale | null;
}

/**
 * The shopper's lines (placeholder `userId`) each with its product and variant as the catalogue
 * prices them (null when gone), in the order they were added: one statement, which the caller may
 * prepare. `beside` adds the caller's columns to every line (a value the caller needs with them).
 */
export function cartLinesForSale<T extends Record<string, SQL>>(executor: Executor, beside?: T) {
  return executor
    .select({
      cartItemId: cartItems.id,
      quantity: cartItems.quantity,
      // Spelled out: in a one-table select Drizzle leaves the columns unqualified.
      item: variantForSale(sql`"cart_items"."product_id"`, sql`"cart_items"."variant_id"`),
      ...(beside as T),
    })
    .from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.id));
}

/** The same lines as one JSON value, for another module's statement by the user id it holds. */
export const cartLinesForSaleJson = (userId: SQL) =>
  sql<CartLineForSale[]>`coalesce((select json_agg(json_build_object('cartItemId', c.id,
    'quantity', c.quantity, 'item', ${variantForSale(sql`c.product_id`, sql`c.variant_id`)}) order by c.id)
    from cart_items c where c.user_id = ${userId}), '[]'::json)`;

export async function cartLineCount(executor: Executor, userId: number): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return row?.n ?? 0;
}

// One statement for every line: a line bought whole goes, a line that grew since keeps the rest.
// The lines come as two arrays, so the statement has one shape and is prepared (parsing and
// planning it each time cost PostgreSQL more than running it).
const removeBoughtLines = preparedSql(
  'remove_bought',
  sql`with bought as (
      select * from unnest(${sql.placeholder('variantIds')}::int[], ${sql.placeholder('quantities')}::int[])
        as b(variant_id, quantity)
    ), gone as (
      delete from cart_items c using bought b
      where c.user_id = ${sql.placeholder('userId')} and c.variant_id = b.variant_id and c.quantity <= b.quantity
    )
    update cart_items c set quantity = c.quantity - b.quantity, updated_at = now()
    from bought b
    where c.user_id = ${sql.placeholder('userId')} and c.variant_id = b.variant_id and c.quantity > b.quantity`,
);

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
  await removeBoughtLines(tx).execute({
    userId,
    variantIds: intArray(lines.map((l) => l.variantId)),
    quantities: intArray(lines.map((l) => l.quantity)),
  });
}
