// What an order message needs of an order, read by the orders module for the messaging module.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { OrderForMessage } from '../messaging/order-messages.ts';
import { orderItems, orders } from './schema.ts';

export async function orderForMessage(db: Db, orderNumber: string): Promise<OrderForMessage | null> {
  const [o] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!o) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id));
  return {
    orderNumber: o.orderNumber,
    userName: o.userName,
    userEmail: o.userEmail,
    status: o.status,
    paymentMode: o.paymentMode,
    totalPaise: o.totalPaise,
    trackingId: o.trackingId,
    address: o.address,
    items: items.map((i) => ({
      productName: i.productName,
      variant: i.variant,
      quantity: i.quantity,
      pricePaise: i.pricePaise,
    })),
  };
}
