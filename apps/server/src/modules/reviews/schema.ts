// Product reviews: one per shopper and product (a second one updates the first), with an
// optional admin reply shown as the 'Team' reply, and a hidden flag for abusive ones.
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
import { products } from '../catalog/schema.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null for seeded demo reviews that belong to no account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    rating: integer('rating').notNull(),
    title: text('title'),
    description: text('description').notNull(),
    adminReply: text('admin_reply'),
    adminReplyAt: timestamp('admin_reply_at', { withTimezone: true }),
    hidden: boolean('hidden').notNull().default(false),
    /** The author had this product delivered to them when they wrote or last edited it. */
    verifiedBuyer: boolean('verified_buyer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
