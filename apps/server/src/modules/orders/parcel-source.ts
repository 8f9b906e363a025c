// What shipping needs to know of orders, read here so the shipping module stays out of the order
// tables: an order with its lines and each line's net weight (the variant's grams, null when the
// variant has no weight entered or is gone) and its units refunded (not to be packed), and a
// shipped order's status for courier webhooks.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderAllocations } from '../catalog/batches.ts';
import { variantGramsById, variantSkuById } from '../catalog/line-facts.ts';
import { refundedUnits } from '../refunds/service.ts';
import { orderItems, orders } from './schema.ts';

export async function ordersForShipping(db: Pick<Db, 'select'>, orderNumbers: readonly string[]) {
  if (orderNumbers.length === 0) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.orderNumber, [...orderNumbers]));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productName: orderItems.productName,
      variant: orderItems.variant,
      quantity: orderItems.quantity,
      pricePaise: orderItems.pricePaise,
      // Through the catalogue module, in this one statement. Spelled out: in a one-table select
      // Drizzle leaves ${orderItems.variantId} unqualified.
      sku: variantSkuById(sql`"order_items"."variant_id"`),
      grams: variantGramsById(sql`"order_items"."variant_id"`),
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  // Units in refunds are not packed: each line says what was ordered, refunded and is to ship.
  const [refunded, packedFrom] = await Promise.all([
    refundedUnits(
      db,
      rows.map((r) => r.id),
    ),
    // The batches each line was packed from (issue 39), printed on the packing slip.
    orderAllocations(
      db as Db,
      rows.map((r) => r.id),
    ),
  ]);
  // In the order asked for (a label run prints in the admin's order).
  return orderNumbers.flatMap((n) => {
    const o = rows.find((r) => r.orderNumber === n);
    if (!o) return [];
    const own = lines
      .filter((l) => l.orderId === o.id)
      .map(({ id, ...l }) => {
        const refundedQuantity = Math.min(l.quantity, refunded.get(id) ?? 0);
        const batches = (packedFrom.get(o.id) ?? [])
          .filter((a) => a.orderItemId === id)
          .map((a) => ({ batchNumber: a.batchNumber, bestBefore: a.bestBefore, quantity: a.quantity }));
        return { ...l, refundedQuantity, toShip: l.quantity - refundedQuantity, batches };
      });
    return [{ ...o, lines: own }];
  });
}

export type OrderForShipping = Awaited<ReturnType<typeof ordersForShipping>>[number];

export async function orderStatusById(db: Pick<Db, 'select'>, orderId: number) {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber, status: orders.status, version: orders.version })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** What a failed delivery's page and the NDR queue show of orders, by order id or number. */
export async function ordersForDeliveryIssues(
  db: Pick<Db, 'select'>,
  by: { ids: readonly number[] } | { orderNumber: string },
) {
  if ('ids' in by && by.ids.length === 0) return [];
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentMode: orders.paymentMode,
      paymentStatus: orders.paymentStatus,
      totalPaise: orders.totalPaise,
      address: orders.address,
      userName: orders.userName,
      userMobile: orders.userMobile,
      language: orders.language,
    })
    .from(orders)
    .where('ids' in by ? inArray(orders.id, [...by.ids]) : eq(orders.orderNumber, by.orderNumber));
}
export type OrderForDeliveryIssue = Awaited<ReturnType<typeof ordersForDeliveryIssues>>[number];
