// Stock as batches (issue 39, decision 0044), inside the catalogue's stock: receiving a batch,
// corrections to one, the back office's unnamed stock change, FEFO allocation when an order is
// packed, units coming back (cancelled after packing, RTO) to the batches they left, the daily
// expiry sweep, the settings, and the alerts (batches near expiry, variants below their reorder
// level). Every change runs in one transaction with its audit entry, locks the variant rows first
// and answers the stock levels it left for catalog.stockChanged() after the commit.
import {
  allocateFefo,
  type BatchUnits,
  bestBeforeFrom,
  datedBatchNumber,
  daysToBestBefore,
  isSellable,
  istDay,
  nearExpiry,
} from '@spice/shared/batches';
import { COMBO_STOCK_DERIVED } from '@spice/shared/combos';
import type { UserDto } from '@spice/shared/contracts/accounts';
import { STOCK_TOO_LOW, type StockAdjustmentInput } from '@spice/shared/contracts/admin';
import {
  BATCH_TEXTS,
  type BatchAdjustmentInput,
  type BatchDto,
  type BatchReceiveInput,
  type LineAllocationDto,
  type StockAlertsDto,
  type StockSettingsDto,
} from '@spice/shared/contracts/batches';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { intArray } from '../../db/prepared.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import {
  type BatchRow,
  batchByNumber,
  batchesOf,
  lockVariants,
  moveStock,
  readStockSettings,
} from './batch-statements.ts';
import type { StockLevel } from './levels.ts';
import { batchAllocations, products, productVariants, stockBatches, stockSettings } from './schema.ts';
import { componentsOf, returnStock } from './stock.ts';

export type BatchService = ReturnType<typeof createBatchService>;

/** An order line as packing sees it. */
export interface PackLine {
  orderItemId: number;
  variantId: number | null;
  quantity: number;
  productName: string;
}

const unitsOf = (r: BatchRow): BatchUnits => ({
  batchNumber: r.batchNumber,
  bestBefore: r.bestBefore,
  onHand: r.onHand,
  // Not sellable by the sweep's flag (recalled, or expired when it last ran) counts as recalled here.
  recalled: !r.sellable,
});

/** Variants below their reorder level: callable by any module (owner alerts, bulk actions). */
export async function variantsBelowReorderLevel(executor: Db | Tx) {
  return executor
    .select({
      variantId: productVariants.id,
      productName: products.name,
      weight: productVariants.weight,
      sku: productVariants.sku,
      stock: productVariants.stock,
      reorderLevel: productVariants.reorderLevel,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        sql`${productVariants.stock} < ${productVariants.reorderLevel}`,
        eq(products.active, true),
        sql`not exists (select 1 from combo_components cc where cc.combo_variant_id = ${productVariants.id})`,
      ),
    )
    .orderBy(asc(productVariants.stock), asc(products.position), asc(productVariants.position));
}

/** Orders' allocations by order id, each line's batches in allocation order (packing slip, order page). */
export async function orderAllocations(executor: Db | Tx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, LineAllocationDto[]>();
  const rows = await executor
    .select({
      orderId: batchAllocations.orderId,
      orderItemId: batchAllocations.orderItemId,
      variantId: batchAllocations.variantId,
      batchNumber: stockBatches.batchNumber,
      bestBefore: stockBatches.bestBefore,
      quantity: batchAllocations.quantity,
      returned: batchAllocations.returned,
    })
    .from(batchAllocations)
    .innerJoin(stockBatches, eq(stockBatches.id, batchAllocations.batchId))
    .where(sql`${batchAllocations.orderId} = any(${intArray([...orderIds])}::int[])`)
    .orderBy(asc(batchAllocations.id));
  const byOrder = new Map<number, LineAllocationDto[]>();
  for (const { orderId, ...a } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), a]);
  return byOrder;
}

export function createBatchService(
  db: Db,
  deps: {
    audit: AuditService;
    /** After the commit: the levels a change left. */
    stockChanged: (levels: readonly StockLevel[]) => void;
    /** Stock went from none to some, in the change's transaction (back-in-stock alerts). */
    restocked?: (variantId: number, tx: Tx) => Promise<void>;
    /** The clock (tests move it to make batches expire). */
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());
  const today = () => istDay(now());

  async function plainVariant(tx: Tx, variantId: number) {
    const [variant] = await tx
      .select({
        id: productVariants.id,
        stock: productVariants.stock,
        reserved: productVariants.reserved,
        declarations: products.declarations,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.id, variantId));
    if (!variant) throw new AppError('notFound', BATCH_TEXTS.variantNotFound);
    if ((await componentsOf(tx, [variantId])).length > 0)
      throw new AppError('invalid', COMBO_STOCK_DERIVED, { change: COMBO_STOCK_DERIVED });
    return variant;
  }

  /** Runs a change in a transaction and tells the catalogue the levels it left once committed. */
  async function changing<T>(work: (tx: Tx, levels: StockLevel[]) => Promise<T>): Promise<T> {
    const levels: StockLevel[] = [];
    const result = await db.transaction((tx) => work(tx, levels));
    if (levels.length > 0) deps.stockChanged(levels);
    return result;
  }

  async function noteLevel(
    tx: Tx,
    levels: StockLevel[],
    variantId: number,
    before: number,
    level: StockLevel | null,
  ) {
    if (!level) return;
    levels.push(level);
    if (before < 1 && level.stock > 0) await deps.restocked?.(variantId, tx);
  }

  /** Inserts a batch (or, for a dated batch received again the same day, adds to it). */
  async function receiveInto(
    tx: Tx,
    variantId: number,
    input: BatchReceiveInput,
    addToExisting: boolean,
  ): Promise<{ delta: number }> {
    const settings = await readStockSettings(tx);
    const sellable = isSellable(
      { bestBefore: input.bestBefore, recalled: false },
      today(),
      settings.minShelfLifeDays,
    );
    const existing = await batchByNumber(tx, variantId, input.batchNumber);
    if (existing) {
      if (!addToExisting) {
        throw new AppError('conflict', BATCH_TEXTS.duplicate, { batchNumber: BATCH_TEXTS.duplicate });
      }
      await tx
        .update(stockBatches)
        .set({ received: sql`${stockBatches.received} + ${input.quantity}` })
        .where(eq(stockBatches.id, existing.id));
      return { delta: existing.sellable ? input.quantity : 0 };
    }
    await tx.insert(stockBatches).values({
      variantId,
      batchNumber: input.batchNumber,
      manufacturedOn: input.manufacturedOn,
      bestBefore: input.bestBefore,
      received: input.quantity,
      sellable,
    });
    return { delta: sellable ? input.quantity : 0 };
  }

  async function dtos(executor: Db | Tx, variantId: number): Promise<BatchDto[]> {
    const [rows, settings, [variant]] = await Promise.all([
      batchesOf(executor, [variantId]),
      readStockSettings(executor),
      executor
        .select({ reserved: productVariants.reserved })
        .from(productVariants)
        .where(eq(productVariants.id, variantId)),
    ]);
    if (!variant) throw new AppError('notFound', BATCH_TEXTS.variantNotFound);
    const day = today();
    const units = rows.map(unitsOf);
    // Where the reservations would be packed from now (FEFO over what the sellable batches hold).
    const sellableTotal = units.reduce(
      (s, u) => s + (isSellable(u, day, settings.minShelfLifeDays) ? u.onHand : 0),
      0,
    );
    const projected = allocateFefo(
      units,
      Math.min(variant.reserved, sellableTotal),
      day,
      settings.minShelfLifeDays,
    );
    const reservedOf = new Map((projected ?? []).map((a) => [a.batchNumber, a.quantity]));
    return rows.map((r) => ({
      variantId: r.variantId,
      batchNumber: r.batchNumber,
      manufacturedOn: r.manufacturedOn,
      bestBefore: r.bestBefore,
      received: r.received,
      reserved: reservedOf.get(r.batchNumber) ?? 0,
      sold: r.sold,
      returned: r.returned,
      adjusted: r.adjusted,
      onHand: r.onHand,
      daysToBestBefore: daysToBestBefore(r.bestBefore, day),
      sellable: r.sellable && isSellable(unitsOf(r), day, settings.minShelfLifeDays),
      recalled: r.recallNumber !== null,
      recallNumber: r.recallNumber,
    }));
  }

  return {
    today,

    /** GET /api/admin/variants/{id}/batches: nearest best-before first. */
    list: (variantId: number) => dtos(db, variantId),

    /** 'Receive stock': a new batch, audited. */
    async receive(admin: UserDto, variantId: number, input: BatchReceiveInput): Promise<BatchDto> {
      await changing(async (tx, levels) => {
        const variant = await plainVariant(tx, variantId);
        await lockVariants(tx, [variantId]);
        const { delta } = await receiveInto(tx, variantId, input, false);
        const level = await moveStock(tx, variantId, delta);
        await noteLevel(tx, levels, variantId, variant.stock, level);
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'stock.batch.receive',
            entity: 'variant',
            entityId: variantId,
            before: { stock: variant.stock },
            after: { ...input, stock: level?.stock },
          },
          tx,
        );
      });
      const batch = (await dtos(db, variantId)).find((b) => b.batchNumber === input.batchNumber);
      return batch!;
    },

    /** A correction to one batch (damage, a count), with a reason, audited. */
    async adjustBatch(admin: UserDto, variantId: number, batchNumber: string, input: BatchAdjustmentInput) {
      await changing(async (tx, levels) => {
        const variant = await plainVariant(tx, variantId);
        await lockVariants(tx, [variantId]);
        const batch = await batchByNumber(tx, variantId, batchNumber);
        if (!batch) throw new AppError('notFound', BATCH_TEXTS.notFound);
        if (batch.onHand + input.change < 0)
          throw new AppError('conflict', BATCH_TEXTS.tooLow, { change: BATCH_TEXTS.tooLow });
        await tx
          .update(stockBatches)
          .set({ adjusted: sql`${stockBatches.adjusted} + ${input.change}` })
          .where(eq(stockBatches.id, batch.id));
        const level = await moveStock(tx, variantId, batch.sellable ? input.change : 0);
        await noteLevel(tx, levels, variantId, variant.stock, level);
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'stock.batch.adjust',
            entity: 'variant',
            entityId: variantId,
            before: { batchNumber, onHand: batch.onHand, stock: variant.stock },
            after: { batchNumber, onHand: batch.onHand + input.change, ...input, stock: level?.stock },
          },
          tx,
        );
      });
      return (await dtos(db, variantId)).find((b) => b.batchNumber === batchNumber)!;
    },

    /**
     * POST /api/admin/variants/{id}/stock { change, reason }, as before batches: a positive change
     * is a batch named by the day with the product's shelf life; a negative one takes from the
     * sellable batches nearest their best-before first (a variant without batches: its counter).
     */
    async adjustUnnamed(admin: UserDto, variantId: number, input: StockAdjustmentInput) {
      const { change, reason } = input;
      return changing(async (tx, levels) => {
        const variant = await plainVariant(tx, variantId);
        await lockVariants(tx, [variantId]);
        const [fresh] = await tx
          .select({ stock: productVariants.stock })
          .from(productVariants)
          .where(eq(productVariants.id, variantId));
        const before = fresh!.stock;
        if (before + change < 0) throw new AppError('conflict', STOCK_TOO_LOW, { change: STOCK_TOO_LOW });
        const taken: { batchNumber: string; quantity: number }[] = [];
        let delta = change;
        if (change > 0) {
          const day = today();
          const shelfLife = (variant.declarations as { shelfLifeMonths?: number | null }).shelfLifeMonths;
          const batchNumber = datedBatchNumber(day);
          const received = await receiveInto(
            tx,
            variantId,
            {
              batchNumber,
              manufacturedOn: day,
              bestBefore: bestBeforeFrom(day, shelfLife),
              quantity: change,
            },
            true,
          );
          delta = received.delta;
          taken.push({ batchNumber, quantity: change });
        } else {
          const rows = await batchesOf(tx, [variantId]);
          if (rows.length > 0) {
            const settings = await readStockSettings(tx);
            const plan = allocateFefo(rows.map(unitsOf), -change, today(), settings.minShelfLifeDays);
            if (!plan) throw new AppError('conflict', STOCK_TOO_LOW, { change: STOCK_TOO_LOW });
            for (const a of plan) {
              await tx
                .update(stockBatches)
                .set({ adjusted: sql`${stockBatches.adjusted} - ${a.quantity}` })
                .where(
                  and(eq(stockBatches.variantId, variantId), eq(stockBatches.batchNumber, a.batchNumber)),
                );
              taken.push({ batchNumber: a.batchNumber, quantity: -a.quantity });
            }
          }
        }
        const level = await moveStock(tx, variantId, delta);
        await noteLevel(tx, levels, variantId, before, level);
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'stock.adjust',
            entity: 'variant',
            entityId: variantId,
            before: { stock: before },
            after: { stock: level?.stock, change, reason, batches: taken },
          },
          tx,
        );
        return { variantId, stock: level?.stock ?? before };
      });
    },

    /**
     * Packing (decision 0044): each line's units first-expiry-first-out from the sellable batches
     * (a combo's from its parts'), stored per line; the reservation becomes sold units. In the
     * status change's transaction; an order already allocated is left as it is. Throws a 409 when
     * the sellable batches hold too few (a batch expired or was recalled since the order).
     */
    async allocateOrder(tx: Tx, orderId: number, lines: readonly PackLine[]): Promise<StockLevel[]> {
      const [done] = await tx
        .select({ id: batchAllocations.id })
        .from(batchAllocations)
        .where(eq(batchAllocations.orderId, orderId))
        .limit(1);
      if (done) return [];
      const plain = lines.filter((l): l is PackLine & { variantId: number } => l.variantId !== null);
      const parts = await componentsOf(
        tx,
        plain.map((l) => l.variantId),
      );
      const units = plain.flatMap((line) => {
        const own = parts.filter((p) => p.comboVariantId === line.variantId);
        return own.length === 0
          ? [{ line, variantId: line.variantId, quantity: line.quantity }]
          : own.map((p) => ({ line, variantId: p.partVariantId, quantity: line.quantity * p.quantity }));
      });
      const variantIds = [...new Set(units.map((u) => u.variantId))].sort((a, b) => a - b);
      await lockVariants(tx, variantIds);
      const settings = await readStockSettings(tx);
      const rows = await batchesOf(tx, variantIds);
      const day = today();
      const shelf = new Map<number, BatchRow[]>();
      for (const r of rows) shelf.set(r.variantId, [...(shelf.get(r.variantId) ?? []), r]);
      const levels: StockLevel[] = [];
      const released = new Map<number, number>();
      for (const u of units) {
        released.set(u.variantId, (released.get(u.variantId) ?? 0) + u.quantity);
        const batches = shelf.get(u.variantId);
        if (!batches) continue; // no batches at all: the plain counter
        const plan = allocateFefo(batches.map(unitsOf), u.quantity, day, settings.minShelfLifeDays);
        if (!plan) throw new AppError('conflict', BATCH_TEXTS.shortToPack(u.line.productName));
        for (const a of plan) {
          const batch = batches.find((b) => b.batchNumber === a.batchNumber)!;
          batch.onHand -= a.quantity;
          batch.sold += a.quantity;
          await tx
            .update(stockBatches)
            .set({ sold: sql`${stockBatches.sold} + ${a.quantity}` })
            .where(eq(stockBatches.id, batch.id));
          await tx.insert(batchAllocations).values({
            batchId: batch.id,
            variantId: u.variantId,
            orderId,
            orderItemId: u.line.orderItemId,
            quantity: a.quantity,
          });
        }
      }
      for (const [variantId, quantity] of [...released].sort((a, b) => a[0] - b[0])) {
        const level = await moveStock(tx, variantId, 0, -quantity);
        if (level) levels.push(level);
      }
      return levels;
    },

    /**
     * An order's units come back (cancelled, RTO): to the batches they were packed from, or, not
     * packed yet, its reservation is released. Answers the levels left.
     */
    async returnOrder(
      tx: Tx,
      orderId: number,
      lines: readonly { variantId: number; quantity: number }[],
    ): Promise<StockLevel[]> {
      const allocations = await tx
        .select({
          id: batchAllocations.id,
          batchId: batchAllocations.batchId,
          variantId: batchAllocations.variantId,
          open: sql<number>`${batchAllocations.quantity} - ${batchAllocations.returned}`.mapWith(Number),
          sellable: stockBatches.sellable,
        })
        .from(batchAllocations)
        .innerJoin(stockBatches, eq(stockBatches.id, batchAllocations.batchId))
        .where(eq(batchAllocations.orderId, orderId))
        .orderBy(asc(batchAllocations.id));
      if (allocations.length === 0) return returnStock(tx, lines);
      await lockVariants(
        tx,
        allocations.map((a) => a.variantId),
      );
      const delta = new Map<number, number>();
      for (const a of allocations) {
        if (a.open <= 0) continue;
        await tx
          .update(stockBatches)
          .set({ returned: sql`${stockBatches.returned} + ${a.open}` })
          .where(eq(stockBatches.id, a.batchId));
        await tx
          .update(batchAllocations)
          .set({ returned: batchAllocations.quantity })
          .where(eq(batchAllocations.id, a.id));
        delta.set(a.variantId, (delta.get(a.variantId) ?? 0) + (a.sellable ? a.open : 0));
      }
      const levels: StockLevel[] = [];
      for (const [variantId, d] of [...delta].sort((a, b) => a[0] - b[0])) {
        const level = await moveStock(tx, variantId, d);
        if (level) levels.push(level);
      }
      return levels;
    },

    /** An order's allocations by line (the packing slip, the back-office order). */
    allocationsOf: orderAllocations,

    /**
     * The expiry sweep (daily job; also after a settings change): a batch stops being sellable once
     * its best-before is within the minimum shelf life, and the variants' stock follows.
     */
    async sweep(): Promise<number> {
      return changing(async (tx, levels) => {
        const settings = await readStockSettings(tx);
        const day = today();
        const rows = await tx
          .select({ id: stockBatches.id, variantId: stockBatches.variantId })
          .from(stockBatches)
          .where(
            sql`${stockBatches.sellable} <> (${stockBatches.recallNumber} is null and ${stockBatches.bestBefore} > ${day}::date + ${settings.minShelfLifeDays}::int)`,
          );
        if (rows.length === 0) return 0;
        const variantIds = [...new Set(rows.map((r) => r.variantId))].sort((a, b) => a - b);
        await lockVariants(tx, variantIds);
        const changed = await tx
          .update(stockBatches)
          .set({ sellable: sql`not ${stockBatches.sellable}` })
          .where(
            and(
              sql`${stockBatches.id} = any(${intArray(rows.map((r) => r.id))}::int[])`,
              sql`${stockBatches.sellable} <> (${stockBatches.recallNumber} is null and ${stockBatches.bestBefore} > ${day}::date + ${settings.minShelfLifeDays}::int)`,
            ),
          )
          .returning({
            variantId: stockBatches.variantId,
            sellable: stockBatches.sellable,
            onHand:
              sql<number>`${stockBatches.received} + ${stockBatches.returned} + ${stockBatches.adjusted} - ${stockBatches.sold}`.mapWith(
                Number,
              ),
          });
        const delta = new Map<number, number>();
        for (const c of changed)
          delta.set(c.variantId, (delta.get(c.variantId) ?? 0) + (c.sellable ? c.onHand : -c.onHand));
        for (const [variantId, d] of [...delta].sort((a, b) => a[0] - b[0])) {
          const level = await moveStock(tx, variantId, d);
          if (level) levels.push(level);
        }
        return changed.length;
      });
    },

    settings: (): Promise<StockSettingsDto> => readStockSettings(db),

    async updateSettings(admin: UserDto, input: StockSettingsDto): Promise<StockSettingsDto> {
      await db.transaction(async (tx) => {
        const before = await readStockSettings(tx);
        await tx
          .insert(stockSettings)
          .values({ id: 1, ...input })
          .onConflictDoUpdate({ target: stockSettings.id, set: { ...input, updatedAt: new Date() } });
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'stock.settings',
            entity: 'stock_settings',
            entityId: 1,
            before,
            after: input,
          },
          tx,
        );
      });
      await this.sweep();
      return readStockSettings(db);
    },

    async setReorderLevel(admin: UserDto, variantId: number, reorderLevel: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(productVariants)
          .set({ reorderLevel })
          .where(eq(productVariants.id, variantId))
          .returning({ variantId: productVariants.id, reorderLevel: productVariants.reorderLevel });
        if (!row) throw new AppError('notFound', BATCH_TEXTS.variantNotFound);
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'stock.reorder_level',
            entity: 'variant',
            entityId: variantId,
            before: null,
            after: row,
          },
          tx,
        );
        return row;
      });
    },

    belowReorderLevel: () => variantsBelowReorderLevel(db),

    /** The dashboard's and the owner's daily alerts. */
    async alerts(): Promise<StockAlertsDto> {
      const settings = await readStockSettings(db);
      const day = today();
      const rows = await db
        .select({
          variantId: stockBatches.variantId,
          productName: products.name,
          weight: productVariants.weight,
          batchNumber: stockBatches.batchNumber,
          bestBefore: stockBatches.bestBefore,
          onHand:
            sql<number>`${stockBatches.received} + ${stockBatches.returned} + ${stockBatches.adjusted} - ${stockBatches.sold}`.mapWith(
              Number,
            ),
          recallNumber: stockBatches.recallNumber,
        })
        .from(stockBatches)
        .innerJoin(productVariants, eq(productVariants.id, stockBatches.variantId))
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(
          sql`${stockBatches.bestBefore} <= ${day}::date + ${settings.minShelfLifeDays + settings.expiryAlertDays}::int`,
        )
        .orderBy(asc(stockBatches.bestBefore));
      return {
        nearExpiry: rows
          .filter((r) =>
            nearExpiry(
              { bestBefore: r.bestBefore, recalled: r.recallNumber !== null, onHand: r.onHand },
              day,
              settings.minShelfLifeDays,
              settings.expiryAlertDays,
            ),
          )
          .map(({ recallNumber: _, ...r }) => ({
            ...r,
            daysToBestBefore: daysToBestBefore(r.bestBefore, day),
          })),
        belowReorderLevel: await variantsBelowReorderLevel(db),
      };
    },

    /**
     * The best-before of the batch the next order of each variant would be packed from (FEFO past
     * the reservations), for 'Best before: {month year} or later'; none when the setting is off.
     */
    async nextBestBefore(variantIds: readonly number[]): Promise<Map<number, string>> {
      const settings = await readStockSettings(db);
      const out = new Map<number, string>();
      if (!settings.showBestBefore || variantIds.length === 0) return out;
      const [rows, reserved] = await Promise.all([
        batchesOf(db, variantIds),
        db
          .select({ id: productVariants.id, reserved: productVariants.reserved })
          .from(productVariants)
          .where(sql`${productVariants.id} = any(${intArray([...variantIds])}::int[])`),
      ]);
      const day = today();
      for (const { id, reserved: held } of reserved) {
        const units = rows.filter((r) => r.variantId === id).map(unitsOf);
        const plan = allocateFefo(units, held + 1, day, settings.minShelfLifeDays);
        const last = plan?.at(-1);
        const batch = last && units.find((u) => u.batchNumber === last.batchNumber);
        if (batch) out.set(id, batch.bestBefore);
      }
      return out;
    },
  };
}

/**
 * After the product editor wrote variants' `stock` as a figure (a new variant, or the form's
 * difference): the batches follow it, so the figure stays the sellable units less reservations. More
 * than the batches give is received as a batch named by the day with the product's shelf life;
 * fewer takes from the sellable batches nearest their best-before first.
 */
export async function batchesFollowStock(tx: Tx, variantIds: readonly number[], now: Date = new Date()) {
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const combos = new Set((await componentsOf(tx, ids)).map((c) => c.comboVariantId));
  const plain = ids.filter((id) => !combos.has(id));
  if (plain.length === 0) return;
  await lockVariants(tx, plain);
  const [variants, rows, settings] = await Promise.all([
    tx
      .select({
        id: productVariants.id,
        stock: productVariants.stock,
        reserved: productVariants.reserved,
        declarations: products.declarations,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(sql`${productVariants.id} = any(${intArray(plain)}::int[])`),
    batchesOf(tx, plain),
    readStockSettings(tx),
  ]);
  const day = istDay(now);
  for (const v of variants) {
    const own = rows.filter((r) => r.variantId === v.id);
    const sellable = own.reduce((s, r) => s + (r.sellable ? r.onHand : 0), 0);
    const current = Math.max(0, sellable - v.reserved);
    if (v.stock > current) {
      const more = v.stock - current + Math.max(0, v.reserved - sellable);
      const batchNumber = datedBatchNumber(day);
      const shelfLife = (v.declarations as { shelfLifeMonths?: number | null }).shelfLifeMonths;
      const bestBefore = bestBeforeFrom(day, shelfLife);
      const existing = own.find((r) => r.batchNumber === batchNumber);
      if (existing) {
        await tx
          .update(stockBatches)
          .set({ received: sql`${stockBatches.received} + ${more}` })
          .where(eq(stockBatches.id, existing.id));
      } else {
        await tx.insert(stockBatches).values({
          variantId: v.id,
          batchNumber,
          manufacturedOn: day,
          bestBefore,
          received: more,
          sellable: isSellable({ bestBefore, recalled: false }, day, settings.minShelfLifeDays),
        });
      }
    } else if (v.stock < current) {
      const plan = allocateFefo(own.map(unitsOf), current - v.stock, day, settings.minShelfLifeDays) ?? [];
      for (const a of plan) {
        await tx
          .update(stockBatches)
          .set({ adjusted: sql`${stockBatches.adjusted} - ${a.quantity}` })
          .where(and(eq(stockBatches.variantId, v.id), eq(stockBatches.batchNumber, a.batchNumber)));
      }
    }
  }
}

export const STOCK_ALERTS_JOB = 'stock-alerts-daily';

/** The owner's daily message of the alerts (plain text e-mail); null when there is nothing to say. */
export function stockAlertsMessage(alerts: StockAlertsDto): { subject: string; text: string } | null {
  if (alerts.nearExpiry.length === 0 && alerts.belowReorderLevel.length === 0) return null;
  const lines = [
    `Batches near expiry (${alerts.nearExpiry.length}):`,
    ...alerts.nearExpiry.map(
      (b) =>
        `- ${b.productName} ${b.weight}, batch ${b.batchNumber}: ${b.onHand} on hand, best before ${b.bestBefore} (${b.daysToBestBefore} days)`,
    ),
    '',
    `Below reorder level (${alerts.belowReorderLevel.length}):`,
    ...alerts.belowReorderLevel.map(
      (v) => `- ${v.productName} ${v.weight} (${v.sku}): ${v.stock} sellable, reorder at ${v.reorderLevel}`,
    ),
  ];
  return {
    subject: `Stock alerts: ${alerts.nearExpiry.length} near expiry, ${alerts.belowReorderLevel.length} to reorder`,
    text: lines.join('\n'),
  };
}
