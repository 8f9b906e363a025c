// Bringing shoppers back (issue 37, decision 0041). The marketing module owns: its settings (one
// versioned row), the abandoned carts it found and the links it sent for them (only hashes), each
// marketing message sent (the 24-hour cap reads them), the unsubscribe links (hashes) and the
// back-in-stock subscriptions. Consents stay with the privacy module: one record for every purpose.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { products, productVariants } from '../catalog/schema.ts';

export const marketingSettings = pgTable(
  'marketing_settings',
  {
    id: integer('id').primaryKey().default(1),
    abandonedEnabled: boolean('abandoned_enabled').notNull(),
    idleMinutes: integer('idle_minutes').notNull(),
    delaysMinutes: jsonb('delays_minutes').$type<number[]>().notNull(),
    couponCode: text('coupon_code'),
    /** 'HH:MM' IST; both null: no quiet hours. */
    quietFrom: text('quiet_from'),
    quietTo: text('quiet_to'),
    maxPerShopperPerDay: integer('max_per_shopper_per_day').notNull(),
    backInStockBatchFactor: integer('back_in_stock_batch_factor').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('marketing_settings_one_row', sql`${t.id} = 1`)],
);

/** A cart line as it was when the cart was found abandoned (prices are read again, today's). */
export interface SavedLine {
  productId: number;
  variantId: number;
  quantity: number;
}

export const abandonedCarts = pgTable(
  'abandoned_carts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<SavedLine[]>().notNull(),
    valuePaise: integer('value_paise').notNull(),
    /** The cart's last change (or checkout started) before it went idle. */
    lastChangeAt: timestamp('last_change_at', { withTimezone: true }).notNull(),
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }).notNull(),
    /** The shopper's language then (the cart page's last request): the messages follow it. */
    language: text('language', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    messagesSent: integer('messages_sent').notNull().default(0),
    firstMessageAt: timestamp('first_message_at', { withTimezone: true }),
    status: text('status', { enum: ['OPEN', 'RECOVERED', 'EXPIRED'] })
      .notNull()
      .default('OPEN'),
    /** Why an EXPIRED cart stopped: 'ordered', 'emptied', 'opted-out', 'disabled', 'timed-out'. */
    stopReason: text('stop_reason'),
    recoveredOrderNumber: text('recovered_order_number'),
    recoveredPaise: integer('recovered_paise').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('abandoned_carts_user_idx').on(t.userId, t.abandonedAt),
    index('abandoned_carts_status_idx').on(t.status, t.abandonedAt),
  ],
);

/** One row per recovery message's link: the token's hash, valid 7 days. */
export const recoveryLinks = pgTable('recovery_links', {
  tokenHash: text('token_hash').primaryKey(),
  cartId: integer('cart_id')
    .notNull()
    .references(() => abandonedCarts.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  openedAt: timestamp('opened_at', { withTimezone: true }),
});

/** Every marketing message sent (one row per message, whatever its channels): the daily cap. */
export const marketingSends = pgTable(
  'marketing_sends',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['abandoned-cart'] }).notNull(),
    channels: text('channels').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('marketing_sends_user_idx').on(t.userId, t.sentAt)],
);

/** An unsubscribe link's hash: whose, and which channel it turns off. */
export const unsubscribeLinks = pgTable('unsubscribe_links', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  channel: text('channel', { enum: ['whatsapp', 'sms', 'email'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** 'Notify me when it's back': one row per shopper and variant; told once (notified_at). */
export const backInStock = pgTable(
  'back_in_stock',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('back_in_stock_user_variant_key').on(t.userId, t.variantId),
    index('back_in_stock_waiting_idx').on(t.variantId, t.createdAt).where(sql`${t.notifiedAt} is null`),
  ],
);
