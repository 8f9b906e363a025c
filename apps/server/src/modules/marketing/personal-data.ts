// The marketing module's part of a shopper's data export and erasure (decisions 0036, 0041): saved
// carts (and their links), back-in-stock requests, the record of marketing sends and unsubscribe
// links are shown in the export and all go on erasure.
import { toRupees } from '@spice/shared/money';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { abandonedCarts, backInStock, marketingSends, unsubscribeLinks } from './schema.ts';

export async function forgetShopper(tx: Tx, userId: number): Promise<void> {
  await tx.delete(abandonedCarts).where(eq(abandonedCarts.userId, userId));
  await tx.delete(backInStock).where(eq(backInStock.userId, userId));
  await tx.delete(marketingSends).where(eq(marketingSends.userId, userId));
  await tx.delete(unsubscribeLinks).where(eq(unsubscribeLinks.userId, userId));
}

/** What the marketing module holds on a shopper, for the data export (rupees, ISO times). */
export async function marketingDataOf(db: Db, userId: number) {
  const [carts, waiting, sends] = await Promise.all([
    db.select().from(abandonedCarts).where(eq(abandonedCarts.userId, userId)).orderBy(asc(abandonedCarts.id)),
    db.select().from(backInStock).where(eq(backInStock.userId, userId)).orderBy(asc(backInStock.id)),
    db.select().from(marketingSends).where(eq(marketingSends.userId, userId)).orderBy(asc(marketingSends.id)),
  ]);
  return {
    savedCarts: carts.map((c) => ({
      lines: c.lines,
      value: toRupees(c.valuePaise),
      abandonedAt: c.abandonedAt.toISOString(),
      remindersSent: c.messagesSent,
      status: c.status,
    })),
    backInStockRequests: waiting.map((w) => ({
      productId: w.productId,
      variantId: w.variantId,
      askedAt: w.createdAt.toISOString(),
      toldAt: w.notifiedAt?.toISOString() ?? null,
    })),
    marketingMessages: sends.map((m) => ({
      kind: m.kind,
      channels: m.channels,
      sentAt: m.sentAt.toISOString(),
    })),
  };
}
