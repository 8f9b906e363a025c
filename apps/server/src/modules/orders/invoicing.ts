// What the invoices module reads and writes of orders (decision 0021): an order's items for its
// GST document, the invoice number stamped on the order in the invoice's own insert, an order by
// its number. The orders tables stay this module's; the caller passes its transaction.
import { asc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from './schema.ts';
import type { OrderItemRow, OrderRow } from './types.ts';

type Executor = Pick<Db, 'select'>;

/** The order's items in the order they were bought. */
export async function orderItemsOf(executor: Executor, orderId: number): Promise<OrderItemRow[]> {
  return executor
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

export async function orderByNumber(executor: Executor, orderNumber: string): Promise<OrderRow | null> {
  const [order] = await executor.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return order ?? null;
}

/**
 * The order's invoice number, written in the statement that inserts the invoice (a CTE of the
 * invoices module's), so the order and its invoice agree.
 */
export const stampInvoiceNumberSql = (orderId: Placeholder, invoiceNumber: Placeholder | SQL) =>
  sql`update ${orders} set invoice_number = ${invoiceNumber} where id = ${orderId}`;

/** The id of the order with this number, as an expression for the caller's one statement. */
export const orderIdByNumber = (orderNumber: string) =>
  sql<number | null>`(select o.id from orders o where o.order_number = ${orderNumber})`;
