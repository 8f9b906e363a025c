// What shipping needs to know of orders, read here so the shipping module stays out of the order
// tables: an order with its lines and each line's net weight (the variant's grams, null when the
// variant has no weight entered or is gone), and a shipped order's status for courier webhooks.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { variantGramsById, variantSkuById } from '../catalog/line-facts.ts';
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
  // In the order asked for (a label run prints in the admin's order).
  return orderNumbers.flatMap((n) => {
    const o = rows.find((r) => r.orderNumber === n);
    return o ? [{ ...o, lines: lines.filter((l) => l.orderId === o.id) }] : [];
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
