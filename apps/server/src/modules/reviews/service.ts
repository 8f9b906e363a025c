// Product reviews and ratings. Owns the reviews table: one review per shopper and product (a second
// one updates the first), admin replies, and hidden (moderated) reviews, which are never shown.
// The storefront's hot paths read from memory: every product's rating counts in one snapshot
// (product cards, the product page's bars) and each product's first page of reviews in its own;
// a local write invalidates both, and the time to live bounds staleness across instances.

import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  ProductRatingDto,
  ProductReviewsDto,
  RatingSummaryDto,
  ReviewDto,
  ReviewPageDto,
  ReviewValues,
} from '@spice/shared/contracts/reviews';
import {
  emptyCounts,
  REVIEW_PAGE_SIZE,
  REVIEW_TEXTS,
  type StarCounts,
  summarizeCounts,
} from '@spice/shared/reviews';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { pageOf, pageRows } from '../../lib/pagination.ts';
import { createSnapshot, type Snapshot } from '../../lib/snapshot.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import { reviews } from './schema.ts';

type ReviewRow = typeof reviews.$inferSelect;

/** Called inside the change's transaction (the back office writes its audit entry there). */
export type ReviewChangeHook = (
  before: ReviewDto & { hidden: boolean },
  after: ReviewDto & { hidden: boolean },
  tx: Tx,
) => Promise<void>;

interface RatingsSnapshot {
  byProduct: Map<number, RatingSummaryDto>;
  list: ProductRatingDto[];
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

const toDto = (r: ReviewRow): ReviewDto => ({
  id: r.id,
  productId: r.productId,
  name: r.name,
  rating: r.rating,
  title: r.title,
  description: r.description,
  adminReply: r.adminReply,
  adminReplyAt: r.adminReplyAt ? r.adminReplyAt.toISOString() : null,
  verifiedBuyer: r.verifiedBuyer,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const visibleFor = (productId: number) => and(eq(reviews.productId, productId), eq(reviews.hidden, false));

function emptySummary(productId: number): RatingSummaryDto {
  return { productId, average: 0, count: 0, counts: emptyCounts() };
}

export function createReviewsService(
  db: Db,
  options: {
    catalog: CatalogService;
    ttlMs: number;
    bus?: InvalidationBus;
    /** Whether the shopper had this product delivered (the orders module's read): 'Verified buyer'. */
    hasBought?: (userId: number, productId: number) => Promise<boolean>;
  },
) {
  const { catalog, ttlMs, bus } = options;
  const ratings = createSnapshot(() => loadRatings(db), ttlMs, {
    shared: bus && { bus, topic: 'reviews:ratings' },
  });
  const firstPages = new Map<number, Snapshot<ReviewPageDto>>();

  async function requireProduct(productId: number, { activeOnly = false } = {}) {
    const product = await catalog.getById(productId);
    if (!product || (activeOnly && !product.active))
      throw new AppError('notFound', REVIEW_TEXTS.productNotFound);
    return product;
  }

  async function summaryOf(productId: number): Promise<RatingSummaryDto> {
    return (await ratings.get()).byProduct.get(productId) ?? emptySummary(productId);
  }

  /** The newest page that every product page shows first, kept in memory per product. */
  function firstPage(productId: number): Promise<ReviewPageDto> {
    let snapshot = firstPages.get(productId);
    if (!snapshot) {
      snapshot = createSnapshot(() => queryPage(db, productId, 0, REVIEW_PAGE_SIZE), ttlMs, {
        shared: bus && { bus, topic: `reviews:first-page:${productId}` },
      });
      firstPages.set(productId, snapshot);
    }
    return snapshot.get();
  }

  function invalidate(productId: number) {
    ratings.invalidate();
    firstPages.get(productId)?.invalidate();
  }

  async function updateOne(
    id: number,
    set: { adminReply?: string | null; adminReplyAt?: SQL | null; hidden?: boolean },
    onChange?: ReviewChangeHook,
  ): Promise<ReviewDto> {
    // The row is locked while it changes so the audit hook sees exactly this change's before and after.
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      if (!before) throw new AppError('notFound', 'Review not found.');
      const [after] = await tx
        .update(reviews)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(reviews.id, id))
        .returning();
      await onChange?.(
        { ...toDto(before), hidden: before.hidden },
        { ...toDto(after!), hidden: after!.hidden },
        tx,
      );
      return after!;
    });
    invalidate(row.productId);
    return toDto(row);
  }

  return {
    /** Drops the cached reviews of these products (their author was erased: privacy module). */
    forgetCached(productIds: readonly number[]) {
      for (const id of productIds) invalidate(id);
    },
    /** Average and count of every product that has visible reviews (product cards, API). */
    async ratings(): Promise<ProductRatingDto[]> {
      return (await ratings.get()).list;
    },
    /** Average and count per product id, for the given products only (loader data stays small). */
    async ratingsFor(
      productIds: readonly number[],
    ): Promise<Record<number, { average: number; count: number }>> {
      const { byProduct } = await ratings.get();
      const out: Record<number, { average: number; count: number }> = {};
      for (const id of productIds) {
        const s = byProduct.get(id);
        if (s) out[id] = { average: s.average, count: s.count };
      }
      return out;
    },
    async summary(productId: number): Promise<RatingSummaryDto> {
      await requireProduct(productId);
      return summaryOf(productId);
    },
    /** Newest first, hidden ones left out. */
    async page(productId: number, page: number, size: number): Promise<ReviewPageDto> {
      await requireProduct(productId);
      if (page === 0 && size === REVIEW_PAGE_SIZE) return firstPage(productId);
      return queryPage(db, productId, page, size);
    },
    async all(productId: number): Promise<ReviewDto[]> {
      await requireProduct(productId);
      const rows = await db
        .select()
        .from(reviews)
        .where(visibleFor(productId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id));
      return rows.map(toDto);
    },
    /** What the product page renders: the summary and the first page, both from memory. */
    async productPage(productId: number): Promise<ProductReviewsDto> {
      const [summary, page] = await Promise.all([summaryOf(productId), firstPage(productId)]);
      return { summary, page };
    },
    /** The shopper's own review of a product (to edit it), hidden or not. */
    async mine(userId: number, productId: number): Promise<ReviewDto | null> {
      const [row] = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
        .limit(1);
      return row ? toDto(row) : null;
    },

    /**
     * Writes the shopper's review of an active product; name and e-mail come from the account.
     * One per shopper and product: a second one replaces the text and rating of the first (its
     * date, any admin reply and its hidden flag stay). Racing first writes end in one row.
     */
    async submit(user: UserDto, input: ReviewValues): Promise<{ review: ReviewDto; created: boolean }> {
      await requireProduct(input.productId, { activeOnly: true });
      const values = {
        name: `${user.firstName} ${user.lastName}`.trim(),
        email: user.email,
        verifiedBuyer: (await options.hasBought?.(user.id, input.productId)) ?? false,
        rating: input.rating,
        title: input.title,
        description: input.description,
      };
      const [row] = await db
        .insert(reviews)
        .values({ ...values, productId: input.productId, userId: user.id })
        .onConflictDoUpdate({
          target: [reviews.productId, reviews.userId],
          set: { ...values, updatedAt: sql`now()` },
        })
        .returning({ ...getTableColumns(reviews), created: sql<boolean>`(xmax = 0)` });
      invalidate(input.productId);
      const { created, ...review } = row!;
      return { review: toDto(review), created: Boolean(created) };
    },

    /** The store team's reply, shown under the review as the 'Team' reply; null removes it. */
    setReply(id: number, reply: string | null, onChange?: ReviewChangeHook): Promise<ReviewDto> {
      return updateOne(id, { adminReply: reply, adminReplyAt: reply ? sql`now()` : null }, onChange);
    },
    setHidden(id: number, hidden: boolean, onChange?: ReviewChangeHook): Promise<ReviewDto> {
      return updateOne(id, { hidden }, onChange);
    },

    /** One shopper's reviews, hidden ones included, newest first (the back office's customer page). */
    async byUser(userId: number) {
      const rows = await db
        .select()
        .from(reviews)
        .where(eq(reviews.userId, userId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id));
      const snap = await catalog.snapshot();
      return rows.map((r) => ({
        id: r.id,
        productId: r.productId,
        productName: snap.byId.get(r.productId)?.name ?? `Product ${r.productId}`,
        productSlug: snap.byId.get(r.productId)?.slug ?? null,
        rating: r.rating,
        title: r.title,
        description: r.description,
        hidden: r.hidden,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    async countsByUser(userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: reviews.userId, n: count() })
        .from(reviews)
        .where(inArray(reviews.userId, userIds))
        .groupBy(reviews.userId);
      return new Map(rows.flatMap((r) => (r.userId === null ? [] : [[r.userId, r.n] as const])));
    },

    /** The back office's list across products, newest first: all, unreplied, replied or hidden. */
    async adminPage(filter: 'all' | 'unreplied' | 'replied' | 'hidden', page: number, size: number) {
      const where =
        filter === 'unreplied'
          ? and(isNull(reviews.adminReply), eq(reviews.hidden, false))
          : filter === 'replied'
            ? isNotNull(reviews.adminReply)
            : filter === 'hidden'
              ? eq(reviews.hidden, true)
              : undefined;
      const [rows, [total]] = await Promise.all([
        pageRows(db.select().from(reviews).where(where).orderBy(desc(reviews.createdAt), desc(reviews.id)), {
          page,
          size,
        }),
        db.select({ n: count() }).from(reviews).where(where),
      ]);
      const snap = await catalog.snapshot();
      const content = rows.map((r) => ({
        ...toDto(r),
        email: r.email,
        hidden: r.hidden,
        productName: snap.byId.get(r.productId)?.name ?? `Product ${r.productId}`,
        productSlug: snap.byId.get(r.productId)?.slug ?? null,
      }));
      return pageOf(content, total?.n ?? 0, { page, size });
    },
  };
}

async function queryPage(db: Db, productId: number, page: number, size: number): Promise<ReviewPageDto> {
  const [rows, [total]] = await Promise.all([
    pageRows(
      db
        .select()
        .from(reviews)
        .where(visibleFor(productId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id)),
      { page, size },
    ),
    db.select({ n: count() }).from(reviews).where(visibleFor(productId)),
  ]);
  return pageOf(rows.map(toDto), total?.n ?? 0, { page, size });
}

async function loadRatings(db: Db): Promise<RatingsSnapshot> {
  const rows = await db
    .select({ productId: reviews.productId, rating: reviews.rating, n: count() })
    .from(reviews)
    .where(eq(reviews.hidden, false))
    .groupBy(reviews.productId, reviews.rating);
  const counts = new Map<number, StarCounts>();
  for (const row of rows) {
    let c = counts.get(row.productId);
    if (!c) {
      c = emptyCounts();
      counts.set(row.productId, c);
    }
    c[String(row.rating) as keyof StarCounts] = row.n;
  }
  const byProduct = new Map<number, RatingSummaryDto>();
  const list: ProductRatingDto[] = [];
  for (const [productId, c] of [...counts].sort(([a], [b]) => a - b)) {
    const { average, count: n } = summarizeCounts(c);
    byProduct.set(productId, { productId, average, count: n, counts: c });
    list.push({ productId, average, count: n });
  }
  return { byProduct, list };
}
