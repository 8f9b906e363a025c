// Stock held and given back by other modules' transactions (decision 0021): a checkout takes its
// lines' units, a released hold or a cancelled order returns them. The variants table stays the
// catalogue's; the caller passes its transaction, so the stock moves with its own rows or not at
// all. Both answer the levels they left, stamped with the row locked (levels.ts), which the caller
// hands to catalog.stockChanged() after its commit (the pages show them without reloading every
// variant, in commit order whatever order they are heard in). Rows are
// locked in variant order, whatever the cart's order: two carts holding the same variants in
// opposite orders would otherwise deadlock on PostgreSQL.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { AppError } from '../../plugins/errors.ts';
import { type StockLevel, stockStamp } from './levels.ts';
import { productVariants } from './schema.ts';

/** What a line of a checkout names: the variant, how many, and its name for the refusal. */
export interface StockLine {
  variantId: number;
  quantity: number;
  productName: string;
  weight: string;
}

const take = preparedStatement('stock_take', (db) =>
  db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${sql.placeholder('quantity')}` })
    .where(
      and(
        eq(productVariants.id, sql.placeholder('variantId')),
        sql`${productVariants.stock} >= ${sql.placeholder('quantity')}`,
      ),
    )
    .returning({ stock: productVariants.stock, stamp: stockStamp }),
);

const giveBack = preparedStatement('stock_give_back', (db) =>
  db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${sql.placeholder('quantity')}` })
    .where(eq(productVariants.id, sql.placeholder('variantId')))
    .returning({ stock: productVariants.stock, stamp: stockStamp }),
);

/**
 * Takes stock for every line, or throws a 409 naming the short line (and the caller's transaction
 * rolls back). One relative conditional UPDATE per line, so two checkouts never take the same unit.
 */
export async function reserveStock(tx: Tx, lines: readonly StockLine[]): Promise<StockLevel[]> {
  const ordered = inLockOrder(lines);
  // Issued together: one round trip, run in lock order (decision 0027).
  const taken = await Promise.all(
    ordered.map((line) => take(tx).execute({ variantId: line.variantId, quantity: line.quantity })),
  );
  const short = ordered.findIndex((_, i) => taken[i]!.length === 0);
  if (short >= 0) {
    const line = ordered[short]!;
    const [current] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, line.variantId));
    const units = current?.stock ?? 0;
    throw new AppError(
      'conflict',
      units > 0
        ? `Only ${units} left of ${line.productName} ${line.weight}. Please update your cart.`
        : `${line.productName} ${line.weight} is out of stock. Please update your cart.`,
    );
  }
  return ordered.map((line, i) => ({ variantId: line.variantId, ...taken[i]![0]! }));
}

/**
 * Puts units back on the shelf: released checkout holds and cancelled orders. One relative
 * UPDATE per variant, so it composes with checkouts holding stock at the same moment.
 */
export async function returnStock(
  tx: Tx,
  lines: readonly { variantId: number; quantity: number }[],
): Promise<StockLevel[]> {
  const ordered = inLockOrder(lines);
  const given = await Promise.all(
    ordered.map((line) => giveBack(tx).execute({ variantId: line.variantId, quantity: line.quantity })),
  );
  return ordered.flatMap((line, i) =>
    given[i]![0] ? [{ variantId: line.variantId, ...given[i]![0]! }] : [],
  );
}

function inLockOrder<T extends { variantId: number }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => a.variantId - b.variantId);
}
