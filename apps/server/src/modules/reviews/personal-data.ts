// The reviews' part of a shopper's data rights (decision 0036): their reviews for the export; on
// erasure the reviews stay (other shoppers rely on them) but their author becomes 'A customer'.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { reviews } from './schema.ts';

export const ERASED_AUTHOR = 'A customer';

export async function reviewsOf(db: Db, userId: number) {
  const rows = await db.select().from(reviews).where(eq(reviews.userId, userId));
  return rows.map((r) => ({
    productId: r.productId,
    name: r.name,
    rating: r.rating,
    title: r.title,
    description: r.description,
    hidden: r.hidden,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Blanks the author of the shopper's reviews; the products whose review caches must drop. */
export async function anonymiseReviews(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .update(reviews)
    .set({ name: ERASED_AUTHOR, email: '', userId: null })
    .where(eq(reviews.userId, userId))
    .returning({ productId: reviews.productId });
  return rows.map((r) => r.productId);
}
