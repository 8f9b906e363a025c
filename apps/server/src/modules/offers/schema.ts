// Automatic offers (issue 36, decision 0039): spend thresholds, buy-x-get-y and free gifts. The
// rules of each type are stored as the pricing reads them (paise), in one JSON column beside the
// fields every offer has; the shared rules (packages/shared/src/offers.ts) apply them.
import type { SpendTier } from '@spice/shared/offers';
import { OFFER_TYPES } from '@spice/shared/offers';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The rules of an offer by type, in paise. */
export type StoredOfferRules =
  | { tiers: SpendTier[] }
  | { buy: { productIds: number[]; quantity: number }; get: { quantity: number; percentOff: number } }
  | { gift: { variantId: number; minCartValuePaise: number } };

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Shown on Hindi pages; '' shows the English name. */
    nameHi: text('name_hi').notNull().default(''),
    type: text('type', { enum: OFFER_TYPES }).notNull(),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    combinesWithCoupons: boolean('combines_with_coupons').notNull().default(false),
    rules: jsonb('rules').$type<StoredOfferRules>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offers_active_idx').on(t.active)],
);
