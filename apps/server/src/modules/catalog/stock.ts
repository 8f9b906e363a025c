// Stock held and given back by other modules' transactions (decision 0021): a checkout takes its
// lines' units, a released hold or a cancelled order returns them. The variants table stays the
// catalogue's; the caller passes its transaction, so the stock moves with its own rows or not at
// all. Both answer the levels they left, stamped with the row locked (levels.ts), which the caller
// hands to catalog.stockChanged() after its commit (the pages show them without reloading every
// variant, in commit order whatever order they are heard in). Rows are
// locked in variant order, whatever the cart's order: two carts holding the same variants in
// opposite orders would otherwise deadlock on PostgreSQL. A combo has no units of its own
// (decision 0040): its line takes and gives back its parts' units, added to the same variants'
// other lines, read from the database in the caller's transaction and locked in the same order.
import { type ComboComponent, comboStock, partsTaken } from '@spice/shared/combos';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { endsTransaction } from '../../db/pg-pipeline.ts';
import { intArray, preparedStatement } from '../../db/prepared.ts';
import { AppError } from '../../plugins/errors.ts';
import { lockVariants, sellableOnHandSql } from './batch-statements.ts';
import { type StockLevel, stockStamp } from './levels.ts';
import { comboComponents, productVariants } from './schema.ts';

/** What a line of a checkout names: the variant, how many, and its name for the refusal. */
export interface StockLine {
  variantId: number;
  quantity: number;
  productName: string;
  weight: string;
}

/**
 * A line's units taken if there are enough of them: one relative conditional UPDATE. They stay
 * reserved (not yet in any batch) until the order is packed (decision 0044).
 */
const takeUnits = (db: Db | Tx) =>
  db
    .update(productVariants)
    .set({
      stock: sql`${productVariants.stock} - ${sql.placeholder('quantity')}`,
      reserved: sql`${productVariants.reserved} + ${sql.placeholder('quantity')}`,
    })
    .where(
      and(
        eq(productVariants.id, sql.placeholder('variantId')),
        sql`${productVariants.stock} >= ${sql.placeholder('quantity')}`,
      ),
    );

const take = preparedStatement('stock_take', (db) =>
  takeUnits(db).returning({ stock: productVariants.stock, stamp: stockStamp }),
);

/**
 * A reservation released: the units are free again, but never more than the sellable batches
 * hold beyond the other reservations (a batch may have expired or been recalled meanwhile).
 */
const giveBack = preparedStatement('stock_give_back', (db) => {
  const q = sql.placeholder('quantity');
  const reservedAfter = sql`greatest(0, ${productVariants.reserved} - ${q})`;
  return db
    .update(productVariants)
    .set({
      stock: sql`greatest(0, least(${productVariants.stock} + ${q}, ${sellableOnHandSql} - ${reservedAfter}))`,
      reserved: reservedAfter,
    })
    .where(eq(productVariants.id, sql.placeholder('variantId')))
    .returning({ stock: productVariants.stock, stamp: stockStamp });
});

/**
 * Takes stock for every line, or throws a 409 naming the short line (and the caller's transaction
 * rolls back). One relative conditional UPDATE per line, so two checkouts never take the same unit.
 */
export async function reserveStock(tx: Tx, lines: readonly StockLine[]): Promise<StockLevel[]> {
  const ordered = await unitsTaken(tx, lines);
  // Issued together: one round trip, run in lock order (decision 0027).
  const taken = await Promise.all(
    ordered.map((line) => take(tx).execute({ variantId: line.variantId, quantity: line.quantity })),
  );
  const short = ordered.findIndex((_, i) => taken[i]!.length === 0);
  if (short >= 0) {
    throw await shortLineError(tx, ordered[short]!.line);
  }
  return ordered.map((line, i) => ({ variantId: line.variantId, ...taken[i]![0]! }));
}

/**
 * A line's stock taken in a statement that fails when it cannot be (too few units, or the variant
 * gone): no row taken divides by zero. So a COMMIT sent with it rolls back (reserveStockLast).
 */
const takeOrFail = preparedStatement('stock_take_or_fail', (db) => {
  const taken = db.$with('taken').as(
    takeUnits(db).returning({
      stock: productVariants.stock,
      stamp: sql<string>`${stockStamp}`.as('stamp'),
    }),
  );
  return db
    .with(taken)
    .select({
      stock: sql<number>`coalesce((select stock from taken), 1 / (select count(*)::int from taken))`,
      stamp: sql<string>`(select stamp from taken)`,
    })
    .from(sql`(select 1) as one`);
});

/** A line reserveStockLast could not take; the caller answers `shortLineError` once rolled back. */
export class ShortLine extends Error {
  readonly line: StockLine;
  constructor(line: StockLine) {
    super(`Not enough stock of variant ${line.variantId}.`);
    this.line = line;
  }
}

/**
 * Takes stock for every line as the last statements of the caller's transaction, the COMMIT
 * sent with the last of them (decision 0027): the variant rows every shopper of a popular item
 * waits for are released on PostgreSQL's commit, not after this process reads the answers. A line
 * that cannot be taken fails its statement, the transaction rolls back, and this throws ShortLine.
 */
export async function reserveStockLast(tx: Tx, lines: readonly StockLine[]): Promise<StockLevel[]> {
  const ordered = await unitsTaken(tx, lines);
  const taken = await Promise.all(
    ordered.map((line, i) => {
      const run = () => takeOrFail(tx).execute({ variantId: line.variantId, quantity: line.quantity });
      const answer = i === ordered.length - 1 ? endsTransaction(tx, run) : run();
      return answer.catch((error: unknown) => {
        throw (error as { cause?: { code?: string } }).cause?.code === DIVISION_BY_ZERO
          ? new ShortLine(line.line)
          : error;
      });
    }),
  );
  return ordered.map((line, i) => ({ variantId: line.variantId, ...taken[i]![0]! }));
}

const DIVISION_BY_ZERO = '22012';

/** The 409 for a line that could not be taken, with the units left now (a combo's: derived). */
export async function shortLineError(executor: Db | Tx, line: StockLine): Promise<AppError> {
  const parts = await componentsOf(executor, [line.variantId]);
  const ids = parts.length > 0 ? parts.map((p) => p.partVariantId) : [line.variantId];
  const rows = await executor
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(sql`${productVariants.id} = any(${intArray(ids)}::int[])`);
  const stock = new Map(rows.map((r) => [r.id, r.stock]));
  const units =
    parts.length > 0
      ? comboStock(
          parts.map((p) => ({ variantId: p.partVariantId, quantity: p.quantity })),
          (id) => stock.get(id),
        )
      : (stock.get(line.variantId) ?? 0);
  return shortOf(line, units);
}

function shortOf(line: StockLine, units: number): AppError {
  return new AppError(
    'conflict',
    units > 0
      ? `Only ${units} left of ${line.productName} ${line.weight}. Please update your cart.`
      : `${line.productName} ${line.weight} is out of stock. Please update your cart.`,
  );
}

/**
 * Puts units back on the shelf: released checkout holds and cancelled orders. One relative
 * UPDATE per variant, so it composes with checkouts holding stock at the same moment.
 */
export async function returnStock(
  tx: Tx,
  lines: readonly { variantId: number; quantity: number }[],
): Promise<StockLevel[]> {
  const ordered = await unitsTaken(tx, lines);
  // Locked first, so the batches read below are those committed before this transaction held the rows.
  await lockVariants(
    tx,
    ordered.map((l) => l.variantId),
  );
  const given = await Promise.all(
    ordered.map((line) => giveBack(tx).execute({ variantId: line.variantId, quantity: line.quantity })),
  );
  return ordered.flatMap((line, i) =>
    given[i]![0] ? [{ variantId: line.variantId, ...given[i]![0]! }] : [],
  );
}

const partsOf = preparedStatement('combo_parts_of', (db) =>
  db
    .select({
      comboVariantId: comboComponents.comboVariantId,
      partVariantId: comboComponents.partVariantId,
      quantity: comboComponents.quantity,
    })
    .from(comboComponents)
    .where(sql`${comboComponents.comboVariantId} = any(${sql.placeholder('ids')}::int[])`),
);

/** The parts of those of `variantIds` that are combos, read by the caller's executor. */
export async function componentsOf(executor: Db | Tx, variantIds: readonly number[]) {
  if (variantIds.length === 0) return [];
  return partsOf(executor).execute({ ids: intArray(variantIds) });
}

/**
 * The units each variant gives or takes for these lines, combos opened into their parts (as the
 * transaction reads them), in lock order: variant id order.
 */
async function unitsTaken<L extends { variantId: number; quantity: number }>(
  tx: Db | Tx,
  lines: readonly L[],
) {
  const rows = await componentsOf(
    tx,
    lines.map((l) => l.variantId),
  );
  const parts = new Map<number, ComboComponent[]>();
  for (const r of rows) {
    const list = parts.get(r.comboVariantId) ?? [];
    list.push({ variantId: r.partVariantId, quantity: r.quantity });
    parts.set(r.comboVariantId, list);
  }
  return partsTaken(lines, (id) => parts.get(id));
}

/**
 * A variant's sellable units as SQL, by the variant row alias the caller's statement names: its
 * own stock, or for a combo the fewest whole combos its parts make (decision 0040).
 */
export const sellableStockSql = (variant: string) =>
  sql<number>`coalesce((select min(part.stock / cc.quantity) from combo_components cc
    join product_variants part on part.id = cc.part_variant_id
    where cc.combo_variant_id = ${sql.raw(variant)}.id), ${sql.raw(variant)}.stock)::int`;

/** Whether a variant (by the caller's alias) is a combo. */
export const isComboSql = (variant: string) =>
  sql<boolean>`exists (select 1 from combo_components cc where cc.combo_variant_id = ${sql.raw(variant)}.id)`;
