// The owner's alerts (issue 41, decision 0050): each staff member's alert preference (channels,
// language, which alerts, the new-order digest), the variants already told as low on stock (so a
// fall is told once), and the scan's cursor (where the last scan stopped reading).
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { productVariants } from '../catalog/schema.ts';

export const alertPreferences = pgTable('alert_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Some of 'email', 'whatsapp', 'sms'; none: no alerts. */
  channels: text('channels').array().notNull(),
  language: text('language', { enum: ['en', 'hi'] })
    .notNull()
    .default('en'),
  /** Some of ALERT_KINDS (packages/shared/src/owner-alerts.ts). */
  kinds: text('kinds').array().notNull(),
  /** 0: one alert per new order; N: one digest per N-minute window (IST). */
  digestMinutes: integer('digest_minutes').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Variants below their reorder level that were already told; gone once back at or above it. */
export const alertLowStock = pgTable('alert_low_stock', {
  variantId: integer('variant_id')
    .primaryKey()
    .references(() => productVariants.id, { onDelete: 'cascade' }),
  since: timestamp('since', { withTimezone: true }).notNull(),
});

/** One row per scan ('owner-alerts'): the instant its last run read up to. */
export const alertScans = pgTable('alert_scans', {
  name: text('name').primaryKey(),
  scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
});
