// Who an order belongs to and the language it speaks, for modules that tell the shopper about it
// (issue 42: web push). Read from the orders module's own table.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from './schema.ts';

export async function orderOwner(
  db: Db,
  orderNumber: string,
): Promise<{ userId: number; language: 'en' | 'hi' } | null> {
  const [row] = await db
    .select({ userId: orders.userId, language: orders.language })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  return row?.userId ? { userId: row.userId, language: row.language ?? 'en' } : null;
}
