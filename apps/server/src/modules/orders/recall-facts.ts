// What a recall needs to know of the orders that got a recalled batch (issue 39), read here so
// the catalogue never reads the orders tables: number, status, shopper, language, payment mode.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { intArray } from '../../db/prepared.ts';
import { orders } from './schema.ts';

export interface RecallOrderFacts {
  id: number;
  orderNumber: string;
  status: (typeof orders.$inferSelect)['status'];
  userId: number;
  userName: string;
  userMobile: string;
  userEmail: string;
  language: 'en' | 'hi';
  paymentMode: 'RAZORPAY' | 'COD';
}

export async function recallOrderFacts(executor: Db | Tx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, RecallOrderFacts>();
  const rows = await executor
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      userId: orders.userId,
      userName: orders.userName,
      userMobile: orders.userMobile,
      userEmail: orders.userEmail,
      language: orders.language,
      paymentMode: orders.paymentMode,
    })
    .from(orders)
    .where(sql`${orders.id} = any(${intArray([...orderIds])}::int[])`);
  return new Map(rows.map((r) => [r.id, r as RecallOrderFacts]));
}
