// Recalls (issue 39, decision 0044), inside the catalogue's stock: starting one stops its batches'
// sale at once and, in the same transaction, finds every order that got them (shipped or delivered:
// affected; packed but not shipped: to be packed again), records it, and enqueues one message per
// affected shopper (key: recall and shopper, so never twice). Unpacked orders need nothing: packing
// allocates only sellable batches. The report (JSON, CSV) gives the figures FSSAI asks for.
import type { UserDto } from '@spice/shared/contracts/accounts';
import { BATCH_TEXTS, type RecallDto, type RecallStartInput } from '@spice/shared/contracts/batches';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { intArray } from '../../db/prepared.ts';
import { csvField } from '../../lib/csv.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { type RecallOrderFacts, recallOrderFacts } from '../orders/recall-facts.ts';
import { lockVariants, moveStock, onHandSql } from './batch-statements.ts';
import type { StockLevel } from './levels.ts';
import {
  batchAllocations,
  products,
  productVariants,
  recallRemedies,
  recalls,
  stockBatches,
} from './schema.ts';

export const RECALL_MESSAGE_JOB = 'recall-message';
const SHIPPED = new Set(['SHIPPED', 'DELIVERED']);

export type RecallService = ReturnType<typeof createRecallService>;

export function createRecallService(
  db: Db,
  deps: {
    audit: AuditService;
    jobs: Pick<JobQueue, 'enqueue'>;
    stockChanged: (levels: readonly StockLevel[]) => void;
  },
) {
  async function report(executor: Db | Tx, recallNumber: string): Promise<RecallDto> {
    const [r] = await executor
      .select({
        recall: recalls,
        productName: products.name,
        weight: productVariants.weight,
      })
      .from(recalls)
      .innerJoin(productVariants, eq(productVariants.id, recalls.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(recalls.recallNumber, recallNumber));
    if (!r) throw new AppError('notFound', BATCH_TEXTS.recallNotFound);
    const { recall } = r;
    const batches = await executor
      .select({
        id: stockBatches.id,
        batchNumber: stockBatches.batchNumber,
        manufacturedOn: stockBatches.manufacturedOn,
        bestBefore: stockBatches.bestBefore,
        received: stockBatches.received,
        sold: stockBatches.sold,
        returned: stockBatches.returned,
        onHand: onHandSql.mapWith(Number),
      })
      .from(stockBatches)
      .where(
        and(
          eq(stockBatches.variantId, recall.variantId),
          sql`${stockBatches.batchNumber} = any(${sql.param(recall.batchNumbers)}::text[])`,
        ),
      );
    const orderIds = [...new Set(recall.affected.map((a) => a.orderId))];
    const [facts, remedies] = await Promise.all([
      recallOrderFacts(executor, orderIds),
      executor.select().from(recallRemedies).where(eq(recallRemedies.recallId, recall.id)),
    ]);
    const remedyOf = new Map(remedies.map((m) => [m.orderId, m]));
    const shippedAt = (id: number) =>
      SHIPPED.has(recall.affected.find((a) => a.orderId === id)?.status ?? '');
    const affectedOrders = recall.affected
      .filter((a) => a.status !== undefined && SHIPPED.has(a.status))
      .map((a) => {
        const f = facts.get(a.orderId);
        const m = remedyOf.get(a.orderId);
        return {
          orderNumber: f?.orderNumber ?? String(a.orderId),
          status: f?.status ?? a.status ?? '',
          shopperName: f?.userName ?? '',
          shopperMobile: f?.userMobile ?? '',
          batchNumber: a.batchNumber,
          quantity: a.quantity,
          remedy: m?.choice ?? null,
          remedyStatus: m?.status ?? null,
        };
      });
    const shoppers = new Set(
      orderIds.filter(shippedAt).flatMap((id) => (facts.get(id) ? [facts.get(id)!.userId] : [])),
    );
    const toRepack = [
      ...new Set(recall.affected.filter((a) => a.status === 'PACKED').map((a) => a.orderId)),
    ].map((id) => ({
      orderNumber: facts.get(id)?.orderNumber ?? String(id),
      status: facts.get(id)?.status ?? '',
    }));
    // Units back from shoppers of the recalled batches since the recall (RTO, returns) are recovered.
    const recovered = new Map<string, number>();
    for (const a of recall.affected) recovered.set(a.batchNumber, (recovered.get(a.batchNumber) ?? 0) + 0);
    return {
      recallNumber: recall.recallNumber,
      variantId: recall.variantId,
      productName: r.productName,
      weight: r.weight,
      reason: recall.reason,
      action: recall.action,
      createdAt: recall.createdAt.toISOString(),
      batches: batches.map((b) => ({
        batchNumber: b.batchNumber,
        manufacturedOn: b.manufacturedOn,
        bestBefore: b.bestBefore,
        received: b.received,
        sold: b.sold,
        inStock: b.onHand,
        recovered: b.returned,
      })),
      affectedOrders,
      affectedShoppers: shoppers.size,
      toRepack,
      shoppersNotified: shoppers.size,
      refundsDone: remedies.filter((m) => m.choice === 'REFUND' && m.status === 'DONE').length,
      replacementsDone: remedies.filter((m) => m.choice === 'REPLACEMENT' && m.status === 'DONE').length,
    };
  }

  return {
    /** POST /api/admin/recalls: one transaction; answers the recall's figures. */
    async start(admin: UserDto, input: RecallStartInput): Promise<RecallDto> {
      const levels: StockLevel[] = [];
      const recallNumber = await db.transaction(async (tx) => {
        const [variant] = await tx
          .select({ id: productVariants.id })
          .from(productVariants)
          .where(eq(productVariants.id, input.variantId));
        if (!variant) throw new AppError('notFound', BATCH_TEXTS.variantNotFound);
        await lockVariants(tx, [input.variantId]);
        const wanted = [...new Set(input.batchNumbers)];
        const rows = await tx
          .select({
            id: stockBatches.id,
            batchNumber: stockBatches.batchNumber,
            sellable: stockBatches.sellable,
            recallNumber: stockBatches.recallNumber,
            onHand: onHandSql.mapWith(Number),
          })
          .from(stockBatches)
          .where(
            and(
              eq(stockBatches.variantId, input.variantId),
              sql`${stockBatches.batchNumber} = any(${sql.param(wanted)}::text[])`,
            ),
          );
        const missing = wanted.find((n) => !rows.some((r) => r.batchNumber === n));
        if (missing)
          throw new AppError('invalid', BATCH_TEXTS.recallBatches, {
            batchNumbers: `${BATCH_TEXTS.notFound} (${missing})`,
          });
        const again = rows.find((r) => r.recallNumber !== null);
        if (again) throw new AppError('conflict', BATCH_TEXTS.alreadyRecalled(again.batchNumber));

        const [made] = await tx
          .insert(recalls)
          .values({
            recallNumber: `pending-${crypto.randomUUID()}`,
            variantId: input.variantId,
            batchNumbers: wanted,
            reason: input.reason,
            action: input.action,
            affected: [],
            createdBy: admin.id,
          })
          .returning({ id: recalls.id });
        const number = `RC-${String(made!.id).padStart(5, '0')}`;

        // Stop their sale at once.
        await tx
          .update(stockBatches)
          .set({ sellable: false, recallNumber: number })
          .where(sql`${stockBatches.id} = any(${intArray(rows.map((r) => r.id))}::int[])`);
        const removed = rows.reduce((s, r) => s + (r.sellable ? r.onHand : 0), 0);
        const level = await moveStock(tx, input.variantId, -removed);
        if (level) levels.push(level);

        // Every order holding those batches, with its status now.
        const allocated = await tx
          .select({
            orderId: batchAllocations.orderId,
            orderItemId: batchAllocations.orderItemId,
            batchId: batchAllocations.batchId,
            quantity: sql<number>`${batchAllocations.quantity} - ${batchAllocations.returned}`.mapWith(
              Number,
            ),
          })
          .from(batchAllocations)
          .where(sql`${batchAllocations.batchId} = any(${intArray(rows.map((r) => r.id))}::int[])`);
        const facts = await recallOrderFacts(
          tx,
          allocated.map((a) => a.orderId),
        );
        const affected = allocated
          .filter((a) => a.quantity > 0)
          .map((a) => ({
            orderId: a.orderId,
            orderItemId: a.orderItemId,
            batchNumber: rows.find((r) => r.id === a.batchId)!.batchNumber,
            quantity: a.quantity,
            status: facts.get(a.orderId)?.status,
          }));
        await tx.update(recalls).set({ recallNumber: number, affected }).where(eq(recalls.id, made!.id));

        // One message per shopper who got them, about their (first) affected order.
        const told = new Map<number, RecallOrderFacts>();
        for (const a of affected) {
          const f = facts.get(a.orderId);
          if (f && a.status && SHIPPED.has(a.status) && !told.has(f.userId)) told.set(f.userId, f);
        }
        for (const [userId, f] of told) {
          await deps.jobs.enqueue(tx, {
            name: RECALL_MESSAGE_JOB,
            payload: { recallNumber: number, orderNumber: f.orderNumber },
            key: `${RECALL_MESSAGE_JOB}:${number}:${userId}`,
          });
        }
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'stock.recall',
            entity: 'variant',
            entityId: input.variantId,
            before: null,
            after: { recallNumber: number, ...input, affectedOrders: told.size },
          },
          tx,
        );
        return number;
      });
      if (levels.length > 0) deps.stockChanged(levels);
      return report(db, recallNumber);
    },

    get: (recallNumber: string) => report(db, recallNumber),

    async list() {
      const rows = await db
        .select({
          recallNumber: recalls.recallNumber,
          productName: products.name,
          weight: productVariants.weight,
          batchNumbers: recalls.batchNumbers,
          reason: recalls.reason,
          action: recalls.action,
          affected: recalls.affected,
          createdAt: recalls.createdAt,
        })
        .from(recalls)
        .innerJoin(productVariants, eq(productVariants.id, recalls.variantId))
        .innerJoin(products, eq(products.id, productVariants.productId))
        .orderBy(desc(recalls.id));
      return rows.map(({ affected, createdAt, ...r }) => ({
        ...r,
        affectedOrders: new Set(
          affected.filter((a) => a.status && SHIPPED.has(a.status)).map((a) => a.orderId),
        ).size,
        createdAt: createdAt.toISOString(),
      }));
    },

    /** The report as CSV, for the FSSAI submission. */
    async csv(recallNumber: string): Promise<string> {
      const r = await report(db, recallNumber);
      const lines = [
        ['Recall', r.recallNumber, 'Product', `${r.productName} ${r.weight}`, 'Started', r.createdAt],
        ['Reason', r.reason, 'Action offered', r.action],
        [
          'Shoppers notified',
          String(r.shoppersNotified),
          'Refunds done',
          String(r.refundsDone),
          'Replacements done',
          String(r.replacementsDone),
        ],
        [],
        [
          'Batch',
          'Manufactured on',
          'Best before',
          'Units received',
          'Units sold',
          'Units in stock',
          'Units recovered',
        ],
        ...r.batches.map((b) => [
          b.batchNumber,
          b.manufacturedOn,
          b.bestBefore,
          String(b.received),
          String(b.sold),
          String(b.inStock),
          String(b.recovered),
        ]),
        [],
        ['Order', 'Status', 'Shopper', 'Mobile', 'Batch', 'Units', 'Remedy', 'Remedy status'],
        ...r.affectedOrders.map((o) => [
          o.orderNumber,
          o.status,
          o.shopperName,
          o.shopperMobile,
          o.batchNumber,
          String(o.quantity),
          o.remedy ?? '',
          o.remedyStatus ?? '',
        ]),
      ];
      return `${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`;
    },

    /** What the shopper's order page shows for a recall of their order (null: not theirs or none). */
    async forShopper(userId: number, recallNumber: string, orderNumber: string) {
      const [row] = await db
        .select({ recall: recalls, productName: products.name, weight: productVariants.weight })
        .from(recalls)
        .innerJoin(productVariants, eq(productVariants.id, recalls.variantId))
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(recalls.recallNumber, recallNumber));
      if (!row) return null;
      const facts = await recallOrderFacts(db, [...new Set(row.recall.affected.map((a) => a.orderId))]);
      const order = [...facts.values()].find((f) => f.orderNumber === orderNumber && f.userId === userId);
      if (!order) return null;
      const [asked] = await db
        .select({ choice: recallRemedies.choice })
        .from(recallRemedies)
        .where(and(eq(recallRemedies.recallId, row.recall.id), eq(recallRemedies.orderId, order.id)));
      return {
        recallNumber,
        product: `${row.productName} ${row.weight}`,
        reason: row.recall.reason,
        action: row.recall.action,
        cod: order.paymentMode === 'COD',
        requested: asked?.choice ?? null,
      };
    },

    /** A shopper's choice from the recall message's link: their own shipped order only, once. */
    async requestRemedy(
      userId: number,
      recallNumber: string,
      input: { orderNumber: string; choice: 'REFUND' | 'REPLACEMENT'; payTo?: string | undefined },
    ) {
      const [recall] = await db.select().from(recalls).where(eq(recalls.recallNumber, recallNumber));
      if (!recall) throw new AppError('notFound', BATCH_TEXTS.recallNotFound);
      const orderIds = [...new Set(recall.affected.map((a) => a.orderId))];
      const facts = await recallOrderFacts(db, orderIds);
      const order = [...facts.values()].find(
        (f) => f.orderNumber === input.orderNumber && f.userId === userId,
      );
      if (!order) throw new AppError('notFound', 'Order not found.');
      if (recall.action !== 'BOTH' && recall.action !== input.choice)
        throw new AppError('invalid', 'This recall does not offer that.');
      const [row] = await db
        .insert(recallRemedies)
        .values({ recallId: recall.id, orderId: order.id, choice: input.choice, payTo: input.payTo ?? null })
        .onConflictDoNothing()
        .returning({ id: recallRemedies.id });
      return { recorded: Boolean(row) };
    },
  };
}

/** A recall's message text for one shopper, in the order's language. */
export function recallMessageText(input: {
  lang: 'en' | 'hi';
  storeName: string;
  product: string;
  batches: readonly string[];
  orderNumber: string;
  reason: string;
  action: 'REFUND' | 'REPLACEMENT' | 'BOTH';
  link: string;
}): { subject: string; text: string } {
  const b = input.batches.join(', ');
  if (input.lang === 'hi') {
    const offer =
      input.action === 'REFUND'
        ? 'रिफ़ंड'
        : input.action === 'REPLACEMENT'
          ? 'बदले में नया पैक'
          : 'रिफ़ंड या बदले में नया पैक';
    return {
      subject: `${input.storeName}: उत्पाद वापसी सूचना (ऑर्डर ${input.orderNumber})`,
      text: `${input.storeName} की ओर से वापसी सूचना: आपके ऑर्डर ${input.orderNumber} का ${input.product} (बैच ${b}) वापस मंगाया जा रहा है। कारण: ${input.reason}। कृपया इसका उपयोग न करें। ${offer} के लिए यहाँ अनुरोध करें: ${input.link}`,
    };
  }
  const offer =
    input.action === 'REFUND'
      ? 'a refund'
      : input.action === 'REPLACEMENT'
        ? 'a replacement'
        : 'a refund or a replacement';
  return {
    subject: `${input.storeName}: product recall (order ${input.orderNumber})`,
    text: `Recall notice from ${input.storeName}: ${input.product} (batch ${b}) in your order ${input.orderNumber} is being recalled. Reason: ${input.reason}. Please do not use it. Request ${offer} here: ${input.link}`,
  };
}
