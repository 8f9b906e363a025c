// The cart's part of bringing shoppers back (issue 37, decision 0041): which carts sit idle, and
// putting a saved cart back. The marketing module calls these; the SQL on cart_items stays here.
import { eq, inArray, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItems } from './schema.ts';

export interface IdleCart {
  userId: number;
  /** The newest line's last change. */
  lastChangeAt: Date;
  lines: { productId: number; variantId: number; quantity: number }[];
}

/** Carts whose last change is at or before `before` (each shopper's lines, in line order). */
export async function idleCarts(db: Db, before: Date): Promise<IdleCart[]> {
  const idle = await db
    .select({ userId: cartItems.userId, last: max(cartItems.updatedAt) })
    .from(cartItems)
    .groupBy(cartItems.userId)
    .having(lte(max(cartItems.updatedAt), before));
  if (idle.length === 0) return [];
  const rows = await db
    .select()
    .from(cartItems)
    .where(
      inArray(
        cartItems.userId,
        idle.map((r) => r.userId),
      ),
    )
    .orderBy(cartItems.id);
  return idle.map((r) => ({
    userId: r.userId,
    lastChangeAt: r.last ?? before,
    lines: rows
      .filter((l) => l.userId === r.userId)
      .map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity })),
  }));
}

/** Each shopper's newest change to their cart, for `userIds` (absent: the cart is empty). */
export async function cartChanges(db: Db, userIds: readonly number[]): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: cartItems.userId, last: max(cartItems.updatedAt) })
    .from(cartItems)
    .where(inArray(cartItems.userId, [...userIds]))
    .groupBy(cartItems.userId);
  return new Map(rows.flatMap((r) => (r.last ? [[r.userId, r.last] as const] : [])));
}

/**
 * Puts saved lines back in the shopper's cart, merged with what is there now: a line already in
 * the cart keeps the larger of the two quantities, never their sum, so opening a link twice (or
 * after adding the same spice again) never doubles anything.
 */
export async function restoreLines(
  db: Db,
  userId: number,
  lines: readonly { productId: number; variantId: number; quantity: number }[],
  at: Date,
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insert(cartItems)
    .values(lines.map((l) => ({ userId, ...l, createdAt: at, updatedAt: at })))
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.variantId],
      set: { quantity: sql`greatest(${cartItems.quantity}, excluded.quantity)` },
    });
}

/** Demo only (the marketing module's dev clock): the shopper's cart as if last changed `ms` earlier. */
export async function ageCart(db: Db, userId: number, ms: number): Promise<void> {
  await db
    .update(cartItems)
    .set({ updatedAt: sql`${cartItems.updatedAt} - ${Math.round(ms)}::float8 * interval '1 millisecond'` })
    .where(eq(cartItems.userId, userId));
}
