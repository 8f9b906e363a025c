// The batch stock's SQL in one place (decision 0044), apart from the business steps in batches.ts.
// A variant's `stock` is its free sellable units: the sellable batches' units on hand less the
// units reserved by checkouts and unpacked orders. Every change to batches locks the variant rows
// first (variant id order, as checkouts do), then moves `stock` by the change in free sellable
// units, capped by what the batches hold beyond the reservations, never below 0. A variant with no
// batch at all (test fixtures that insert variants directly) keeps `stock` as a plain counter.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { intArray } from '../../db/prepared.ts';
import { stockStamp } from './levels.ts';
import { productVariants, stockBatches, stockSettings } from './schema.ts';

/** Units on the shelf of a batch row. */
export const onHandSql = sql<number>`(${stockBatches.received} + ${stockBatches.returned} + ${stockBatches.adjusted} - ${stockBatches.sold})`;

/**
 * The sellable batches' units on hand of the variant row being updated; NULL when it has no
 * batch at all, which `least` then ignores (the plain counter).
 */
export const sellableOnHandSql = sql`(select case when count(*) = 0 then null else coalesce(sum(b.received + b.returned + b.adjusted - b.sold) filter (where b.sellable), 0) end from stock_batches b where b.variant_id = "product_variants"."id")`;

/**
 * Units on hand of a variant (by the caller's alias): every batch's, sellable or not; without
 * batches, its free and reserved units.
 */
export const onHandOfVariantSql = (variant: string) =>
  sql<number>`coalesce((select sum(b.received + b.returned + b.adjusted - b.sold) from stock_batches b where b.variant_id = ${sql.raw(variant)}.id), ${sql.raw(variant)}.stock + ${sql.raw(variant)}.reserved)::int`;

/** Locks the variants' rows in id order (the order checkouts take them in). */
export async function lockVariants(tx: Tx, variantIds: readonly number[]) {
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.execute(
    sql`select id from product_variants where id = any(${intArray(ids)}::int[]) order by id for update`,
  );
}

/**
 * Moves a variant's free stock by `delta` sellable units and its reservations by `reserved`,
 * capped by its batches; answers the level left (for catalog.stockChanged after the commit).
 */
export async function moveStock(tx: Tx, variantId: number, delta: number, reserved = 0) {
  const reservedAfter = sql`greatest(0, ${productVariants.reserved} + ${reserved})`;
  const [row] = await tx
    .update(productVariants)
    .set({
      stock: sql`greatest(0, least(${productVariants.stock} + ${delta}, ${sellableOnHandSql} - ${reservedAfter}))`,
      reserved: reservedAfter,
    })
    .where(eq(productVariants.id, variantId))
    .returning({ stock: productVariants.stock, stamp: stockStamp });
  return row ? { variantId, stock: row.stock, stamp: row.stamp } : null;
}

export interface BatchRow {
  id: number;
  variantId: number;
  batchNumber: string;
  manufacturedOn: string;
  bestBefore: string;
  received: number;
  sold: number;
  returned: number;
  adjusted: number;
  onHand: number;
  sellable: boolean;
  recallNumber: string | null;
  createdAt: Date;
}

const batchColumns = {
  id: stockBatches.id,
  variantId: stockBatches.variantId,
  batchNumber: stockBatches.batchNumber,
  manufacturedOn: stockBatches.manufacturedOn,
  bestBefore: stockBatches.bestBefore,
  received: stockBatches.received,
  sold: stockBatches.sold,
  returned: stockBatches.returned,
  adjusted: stockBatches.adjusted,
  onHand: onHandSql.mapWith(Number),
  sellable: stockBatches.sellable,
  recallNumber: stockBatches.recallNumber,
  createdAt: stockBatches.createdAt,
};

/** A variant's batches, nearest best-before first. */
export function batchesOf(executor: Db | Tx, variantIds: readonly number[]): Promise<BatchRow[]> {
  return executor
    .select(batchColumns)
    .from(stockBatches)
    .where(sql`${stockBatches.variantId} = any(${intArray([...variantIds])}::int[])`)
    .orderBy(asc(stockBatches.bestBefore), asc(stockBatches.batchNumber));
}

export async function batchByNumber(executor: Db | Tx, variantId: number, batchNumber: string) {
  const [row] = await executor
    .select(batchColumns)
    .from(stockBatches)
    .where(and(eq(stockBatches.variantId, variantId), eq(stockBatches.batchNumber, batchNumber)));
  return row ?? null;
}

export interface StockSettingsRow {
  minShelfLifeDays: number;
  expiryAlertDays: number;
  showBestBefore: boolean;
}

export async function readStockSettings(executor: Db | Tx): Promise<StockSettingsRow> {
  const [row] = await executor
    .select({
      minShelfLifeDays: stockSettings.minShelfLifeDays,
      expiryAlertDays: stockSettings.expiryAlertDays,
      showBestBefore: stockSettings.showBestBefore,
    })
    .from(stockSettings)
    .where(eq(stockSettings.id, 1));
  return row ?? { minShelfLifeDays: 30, expiryAlertDays: 60, showBestBefore: false };
}
