// The owner's side of coupons: every coupon with its usage so far, create, edit, activate and
// deactivate. An edit names the version its form showed (409 when the coupon changed meanwhile)
// and never writes used_count, which checkouts move on their own (claimUse/releaseUse), so an
// edit cannot lose or invent a use. Each change is audited in its own transaction.

import type { UserDto } from '@spice/shared/contracts/accounts';
import { CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import type {
  AdminCouponDto,
  CouponActiveChangeInput,
  CouponCreateInput,
  CouponUpdateInput,
} from '@spice/shared/contracts/admin-coupons';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { updateAtVersion } from '../../lib/versioned.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import { couponDto, couponMoneyColumns } from './dto.ts';
import { couponRedemptions, coupons } from './schema.ts';
import { couponStatus } from './validity.ts';

type CouponRow = typeof coupons.$inferSelect;

export type CouponsAdminService = ReturnType<typeof createCouponsAdminService>;

const codeTaken = (code: string) =>
  new AppError('conflict', `A coupon with the code ${code} already exists.`, {
    code: `A coupon with the code ${code} already exists. Choose another code.`,
  });

/** The rules as the owner reads them: the shopper-facing coupon (percent or rupees, ISO times) and its limits. */
function rules(c: CouponRow) {
  const { id: _id, ...shown } = couponDto(c);
  return {
    ...shown,
    descriptionHi: c.descriptionHi,
    usageLimit: c.usageLimit,
    perUserLimit: c.perUserLimit,
    firstOrderOnly: c.firstOrderOnly,
    active: c.active,
  };
}

function toDto(c: CouponRow, redemptions: number, now: Date): AdminCouponDto {
  return {
    id: c.id,
    ...rules(c),
    usedCount: c.usedCount,
    redemptions,
    status: couponStatus(c, now),
    version: c.version,
    createdAt: c.createdAt.toISOString(),
  };
}

/** The stored form of a coupon's rules: basis points or paise (used_count is never written here). */
function columns(input: CouponCreateInput) {
  return {
    code: input.code,
    description: input.description,
    descriptionHi: input.descriptionHi,
    discountType: input.discountType,
    ...couponMoneyColumns(input),
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validUntil: input.validUntil ? new Date(input.validUntil) : null,
    usageLimit: input.usageLimit,
    perUserLimit: input.perUserLimit,
    firstOrderOnly: input.firstOrderOnly,
    active: input.active,
  };
}

/** A unique-index violation (two admins creating the same code at once), through Drizzle's wrapper. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export function createCouponsAdminService(db: Db, deps: { audit: AuditService }) {
  const { audit } = deps;

  async function redemptionsOf(executor: Pick<Db, 'select'>, id: number): Promise<number> {
    const [row] = await executor
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, id));
    return row?.n ?? 0;
  }

  async function assertCodeFree(tx: Tx, code: string, exceptId?: number) {
    const [other] = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(
        exceptId === undefined
          ? eq(coupons.code, code)
          : and(eq(coupons.code, code), ne(coupons.id, exceptId)),
      );
    if (other) throw codeTaken(code);
  }

  async function guarded<T>(code: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken(code);
      throw error;
    }
  }

  return {
    /** Every coupon, newest first, with its uses (held and paid) and paid orders so far. */
    async list(now = new Date()): Promise<AdminCouponDto[]> {
      const used = db
        .select({ couponId: couponRedemptions.couponId, n: sql<number>`count(*)::int`.as('n') })
        .from(couponRedemptions)
        .groupBy(couponRedemptions.couponId)
        .as('used');
      const rows = await db
        .select({ coupon: coupons, redemptions: used.n })
        .from(coupons)
        .leftJoin(used, eq(used.couponId, coupons.id))
        .orderBy(desc(coupons.createdAt), desc(coupons.id));
      return rows.map((r) => toDto(r.coupon, r.redemptions ?? 0, now));
    },

    async get(id: number): Promise<AdminCouponDto> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
      if (!row) throw new AppError('notFound', 'Coupon not found.');
      return toDto(row, await redemptionsOf(db, id), new Date());
    },

    async create(admin: UserDto, input: CouponCreateInput): Promise<AdminCouponDto> {
      return guarded(input.code, () =>
        db.transaction(async (tx) => {
          await assertCodeFree(tx, input.code);
          const [row] = await tx.insert(coupons).values(columns(input)).returning();
          await audit.audit(
            {
              actorUserId: admin.id,
              action: 'coupon.create',
              entity: 'coupon',
              entityId: row!.id,
              before: null,
              after: rules(row!),
            },
            tx,
          );
          return toDto(row!, 0, new Date());
        }),
      );
    },

    async update(admin: UserDto, id: number, input: CouponUpdateInput): Promise<AdminCouponDto> {
      return guarded(input.code, () =>
        db.transaction(async (tx) => {
          // The lock also waits for a checkout taking a use right now, so the limit check sees it.
          const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
          if (!before)
            throw new AppError('notFound', 'Coupon not found. It may have been deleted meanwhile.');
          if (before.version !== input.version) throw new AppError('conflict', CHANGED_MEANWHILE);
          if (input.code !== before.code) await assertCodeFree(tx, input.code, id);
          if (input.usageLimit !== null && input.usageLimit < before.usedCount) {
            const message = `This coupon has been used ${before.usedCount} times already; the total limit cannot be lower.`;
            throw new AppError('invalid', message, { usageLimit: message });
          }
          const row = await updateAtVersion(tx, coupons, eq(coupons.id, id), input.version, columns(input));
          await audit.audit(
            {
              actorUserId: admin.id,
              action: 'coupon.update',
              entity: 'coupon',
              entityId: id,
              before: rules(before),
              after: rules(row),
            },
            tx,
          );
          return toDto(row, await redemptionsOf(tx, id), new Date());
        }),
      );
    },

    async setActive(admin: UserDto, id: number, input: CouponActiveChangeInput): Promise<AdminCouponDto> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
        if (!before) throw new AppError('notFound', 'Coupon not found. It may have been deleted meanwhile.');
        const row = await updateAtVersion(tx, coupons, eq(coupons.id, id), input.version, {
          active: input.active,
        });
        await audit.audit(
          {
            actorUserId: admin.id,
            action: input.active ? 'coupon.activate' : 'coupon.deactivate',
            entity: 'coupon',
            entityId: id,
            before: { active: before.active },
            after: { active: row.active },
          },
          tx,
        );
        return toDto(row, await redemptionsOf(tx, id), new Date());
      });
    },
  };
}
