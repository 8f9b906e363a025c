// Coupons: the rules in the database and which of them a shopper may use now.
import type { CouponDto } from '@spice/shared/contracts/content';
import { toRupees } from '@spice/shared/money';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons } from './schema.ts';

export type CouponsService = ReturnType<typeof createCouponsService>;

export function createCouponsService(db: Db) {
  return {
    /** Active coupons inside their validity window with uses left, for 'View Available Coupons'. */
    async listActive(now = new Date()): Promise<CouponDto[]> {
      const rows = await db
        .select()
        .from(coupons)
        .where(
          and(
            eq(coupons.active, true),
            or(isNull(coupons.validFrom), lte(coupons.validFrom, now)),
            or(isNull(coupons.validUntil), gt(coupons.validUntil, now)),
            or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`),
          ),
        )
        .orderBy(asc(coupons.id));
      return rows.map((c) => ({
        id: c.id,
        code: c.code,
        description: c.description,
        discountType: c.discountType,
        discountValue: c.discountType === 'PERCENT' ? c.discountValue / 100 : toRupees(c.discountValue),
        maxDiscount: c.maxDiscountPaise === null ? null : toRupees(c.maxDiscountPaise),
        minCartValue: toRupees(c.minCartValuePaise),
        validFrom: c.validFrom?.toISOString() ?? null,
        validUntil: c.validUntil?.toISOString() ?? null,
      }));
    },
  };
}
