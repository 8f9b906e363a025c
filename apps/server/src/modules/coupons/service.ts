// Coupons: the rules in the database and which of them a shopper may use now.
import type { AvailableCouponDto, CouponDto } from '@spice/shared/contracts/content';
import { couponBlock, couponBlockText, couponDiscount, normaliseCouponCode } from '@spice/shared/coupons';
import type { Lang } from '@spice/shared/lang';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedInsert } from '../../db/prepared.ts';
import { AppError } from '../../plugins/errors.ts';
import { amountToGoDto, couponDto } from './dto.ts';
import { couponRedemptions, coupons } from './schema.ts';
import { couponHasUseLeftSql, couponStatus, usableCouponSql } from './validity.ts';

// Prepared: it starts when called, so a placement issues it in order with the order's other
// statements (decision 0027).
const insertRedemption = preparedInsert('insert_coupon_redemption', couponRedemptions, [
  'couponId',
  'userId',
  'orderId',
]);

export const INVALID_COUPON = 'Invalid or expired coupon.';
type Executor = Pick<Db, 'select'>;
export type CouponRow = typeof coupons.$inferSelect;

export type CouponsService = ReturnType<typeof createCouponsService>;

/** Uses of a coupon held by one shopper's checkouts awaiting payment (the orders module's count). */
export type PendingUses = (executor: Executor, couponId: number, userId: number) => Promise<number>;

/** Whether a shopper has an order that was not cancelled (the orders module's read). */
export type HasEarlierOrder = (executor: Executor, userId: number) => Promise<boolean>;

export function createCouponsService(
  db: Db,
  deps: {
    /** Injected by the app (services.ts): the checkouts are the orders module's. */
    pendingUses: PendingUses;
    hasEarlierOrder: HasEarlierOrder;
  },
) {
  async function releaseUse(couponId: number, executor: Pick<Db, 'update'>): Promise<void> {
    await executor
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }

  return {
    /**
     * Whether a coupon applies to a subtotal (paise) for a shopper, and its discount. Refusals
     * are 4xx AppErrors with the reason. Pass a transaction to check inside it.
     */
    async evaluate(
      rawCode: string,
      subtotalPaise: number,
      userId: number | null,
      executor: Executor = db,
      options: { countPending?: boolean; now?: Date } = {},
    ): Promise<{ coupon: CouponRow; discountPaise: number }> {
      const now = options.now ?? new Date();
      const code = normaliseCouponCode(rawCode);
      const [coupon] = await executor.select().from(coupons).where(eq(coupons.code, code)).limit(1);
      const status = coupon ? couponStatus(coupon, now) : 'inactive';
      if (!coupon || (status !== 'active' && status !== 'used-up'))
        throw new AppError('invalid', INVALID_COUPON, { code: INVALID_COUPON });
      if (status === 'used-up') {
        throw new AppError('invalid', 'This coupon has reached its usage limit.', { code: INVALID_COUPON });
      }
      let usesByShopper = 0;
      // In the caller's transaction at placement (with the shopper's row locked), so two tabs
      // cannot both take a first-order coupon.
      const hasEarlierOrder =
        userId !== null && coupon.firstOrderOnly ? await deps.hasEarlierOrder(executor, userId) : false;
      if (userId !== null && coupon.perUserLimit !== null) {
        const [[used], pending] = await Promise.all([
          executor
            .select({ n: count() })
            .from(couponRedemptions)
            .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, userId))),
          // Checkouts awaiting payment hold a use too, when the caller is about to take one.
          options.countPending ? deps.pendingUses(executor, coupon.id, userId) : Promise.resolve(0),
        ]);
        usesByShopper = (used?.n ?? 0) + pending;
      }
      const block = couponBlock(coupon, { usesByShopper, subtotalPaise, hasEarlierOrder });
      if (block) {
        throw new AppError('invalid', couponBlockText(block), {
          code:
            block.reason === 'first-order'
              ? couponBlockText(block)
              : block.reason === 'used'
                ? 'Already used.'
                : 'Cart value too low.',
        });
      }
      const discountPaise = couponDiscount(
        {
          discountType: coupon.discountType,
          discountValue: coupon.discountValue,
          maxDiscountPaise: coupon.maxDiscountPaise,
          minCartValuePaise: coupon.minCartValuePaise,
        },
        subtotalPaise,
      );
      if (discountPaise <= 0) throw new AppError('invalid', INVALID_COUPON, { code: INVALID_COUPON });
      return { coupon, discountPaise };
    },

    /** Takes one use of a coupon if any is left; false when the limit is reached (race-safe). */
    async claimUse(couponId: number, executor: Pick<Db, 'update'>): Promise<boolean> {
      const rows = await executor
        .update(coupons)
        .set({ usedCount: sql`${coupons.usedCount} + 1` })
        .where(and(eq(coupons.id, couponId), couponHasUseLeftSql()))
        .returning({ id: coupons.id });
      return rows.length === 1;
    },

    releaseUse,

    /** Records a placed order's use of a coupon, in the placing transaction. */
    async recordRedemption(
      tx: Tx,
      use: { couponId: number; userId: number; orderId: number },
    ): Promise<void> {
      await insertRedemption(tx).execute(use);
    },

    /**
     * A cancelled or returned order gives its coupon use back, once: its redemption is deleted and
     * the coupon's count goes down. Answers the coupon's id, or null when the order used none.
     */
    async releaseRedemption(tx: Tx, orderId: number): Promise<number | null> {
      const [redemption] = await tx
        .delete(couponRedemptions)
        .where(eq(couponRedemptions.orderId, orderId))
        .returning({ couponId: couponRedemptions.couponId });
      if (!redemption) return null;
      await releaseUse(redemption.couponId, tx);
      return redemption.couponId;
    },

    /** Active coupons inside their validity window with uses left, for 'View Available Coupons'. */
    async listActive(now = new Date(), lang: Lang = 'en'): Promise<CouponDto[]> {
      return (await liveCoupons(now)).map((c) => couponDto(c, lang));
    },

    /**
     * The live coupons as one shopper sees them with their cart's subtotal: the ones they can
     * apply first, then the ones they cannot, each with the reason (the same rule as evaluate).
     */
    async listForShopper(
      userId: number,
      subtotalPaise: number,
      now = new Date(),
      lang: Lang = 'en',
    ): Promise<AvailableCouponDto[]> {
      const live = await liveCoupons(now);
      const hasEarlierOrder = live.some((c) => c.firstOrderOnly) && (await deps.hasEarlierOrder(db, userId));
      const uses = await db
        .select({ couponId: couponRedemptions.couponId, n: count() })
        .from(couponRedemptions)
        .where(eq(couponRedemptions.userId, userId))
        .groupBy(couponRedemptions.couponId);
      const usesByCoupon = new Map(uses.map((u) => [u.couponId, u.n]));
      const listed = live.map((c) => {
        const block = couponBlock(c, {
          usesByShopper: usesByCoupon.get(c.id) ?? 0,
          subtotalPaise,
          hasEarlierOrder,
        });
        return {
          ...couponDto(c, lang),
          usable: block === null,
          reason: block ? couponBlockText(block) : null,
          amountToGo: amountToGoDto(block),
        };
      });
      return [...listed.filter((c) => c.usable), ...listed.filter((c) => !c.usable)];
    },
  };

  function liveCoupons(now: Date) {
    return db.select().from(coupons).where(usableCouponSql(now)).orderBy(asc(coupons.id));
  }
}
