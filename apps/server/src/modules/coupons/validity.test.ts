// The coupon rule in code (couponStatus) and as SQL (usableCouponSql) agree on every kind of coupon.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/app.ts';
import { coupons } from './schema.ts';
import { couponStatus, usableCouponSql } from './validity.ts';

const now = new Date('2026-11-26T10:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('coupon status', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  const base = { active: true, validFrom: null, validUntil: null, usageLimit: null, usedCount: 0 };
  it('says whether shoppers can use a coupon now and why not', () => {
    expect(couponStatus(base, now)).toBe('active');
    expect(couponStatus({ ...base, active: false }, now)).toBe('inactive');
    expect(couponStatus({ ...base, validFrom: new Date('2026-11-22T00:00:00Z') }, now)).toBe('scheduled');
    expect(couponStatus({ ...base, validUntil: now }, now)).toBe('expired');
    expect(couponStatus({ ...base, usageLimit: 5, usedCount: 5 }, now)).toBe('used-up');
    expect(couponStatus({ ...base, usageLimit: 5, usedCount: 4 }, now)).toBe('active');
  });
});

describe('which coupons can be used now', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('is the same list in code and in SQL', async () => {
    const cases = [
      { active: true, validFrom: null, validUntil: null, usageLimit: null, usedCount: 0 },
      { active: false, validFrom: null, validUntil: null, usageLimit: null, usedCount: 0 },
      { active: true, validFrom: at(1), validUntil: null, usageLimit: null, usedCount: 0 },
      { active: true, validFrom: now, validUntil: null, usageLimit: null, usedCount: 0 },
      { active: true, validFrom: at(-60), validUntil: now, usageLimit: null, usedCount: 0 },
      { active: true, validFrom: at(-60), validUntil: at(1), usageLimit: null, usedCount: 0 },
      { active: true, validFrom: null, validUntil: null, usageLimit: 5, usedCount: 5 },
      { active: true, validFrom: null, validUntil: null, usageLimit: 5, usedCount: 4 },
      { active: false, validFrom: at(1), validUntil: at(-1), usageLimit: 1, usedCount: 1 },
    ];
    const rows = await database.db
      .insert(coupons)
      .values(
        cases.map((c, i) => ({
          ...c,
          code: `RULE${i}`,
          description: `Case ${i}`,
          discountType: 'FLAT' as const,
          discountValue: 5000,
        })),
      )
      .returning();
    const byCode = rows.filter((r) => couponStatus(r, now) === 'active').map((r) => r.code);
    const bySql = (await database.db.select().from(coupons).where(usableCouponSql(now))).map((r) => r.code);
    expect(bySql.sort()).toEqual(byCode.sort());
    expect(byCode.sort()).toEqual(['RULE0', 'RULE3', 'RULE5', 'RULE7']);
  });
});
