// Coupon rules and each order's use of one. Percent coupons store basis points (1000 = 10%); flat
// ones store paise.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { orders } from '../orders/schema.ts';

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    /** Shown on Hindi pages; '' shows the English description. */
    descriptionHi: text('description_hi').notNull().default(''),
    discountType: text('discount_type', { enum: ['PERCENT', 'FLAT'] }).notNull(),
    /** Basis points for PERCENT, paise for FLAT. */
    discountValue: integer('discount_value').notNull(),
    maxDiscountPaise: integer('max_discount_paise'),
    minCartValuePaise: integer('min_cart_value_paise').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perUserLimit: integer('per_user_limit'),
    /** Only for a shopper with no earlier order that was not cancelled (decision 0032). */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check('coupons_code_upper', sql`${t.code} = upper(${t.code})`),
    check('coupons_value_positive', sql`${t.discountValue} > 0`),
    check('coupons_percent_range', sql`${t.discountType} <> 'PERCENT' or ${t.discountValue} <= 10000`),
  ],
);

/** One use of a coupon by a placed order; deleted when the order is cancelled (the use comes back). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
    uniqueIndex('coupon_redemptions_order_key').on(t.orderId),
  ],
);
