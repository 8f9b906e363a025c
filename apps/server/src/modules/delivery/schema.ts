// Delivery: the India Post pincode directory (loaded at migration time, see pincode-data.ts) and
// the owner's serviceability settings (warehouse, cut-off, holidays, zones, blocked pincodes).
import type { ZoneKey, ZoneRule } from '@spice/shared/delivery';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const pincodes = pgTable('pincodes', {
  pincode: text('pincode').primaryKey(),
  city: text('city').notNull(),
  district: text('district').notNull(),
  state: text('state').notNull(),
  /** Its post offices' localities (India Post's office names without 'S.O' and the like), sorted. */
  localities: text('localities').array().notNull().default(sql`'{}'::text[]`),
});

/** Which build of the vendored directory file this database holds (its SHA-256). */
export const pincodeDirectoryLoads = pgTable('pincode_directory_loads', {
  checksum: text('checksum').primaryKey(),
  rows: integer('rows').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer('id').primaryKey().default(1),
    warehousePincode: text('warehouse_pincode').notNull(),
    /** Minutes after midnight IST. */
    cutoffMinutes: integer('cutoff_minutes').notNull(),
    holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
    zones: jsonb('zones').$type<Record<ZoneKey, ZoneRule>>().notNull(),
    metroPrefixes: jsonb('metro_prefixes').$type<string[]>().notNull().default([]),
    specialStates: jsonb('special_states').$type<string[]>().notNull().default([]),
    specialPrefixes: jsonb('special_prefixes').$type<string[]>().notNull().default([]),
    blocked: jsonb('blocked').$type<string[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('delivery_settings_single_row', sql`${t.id} = 1`),
    check('delivery_settings_cutoff', sql`${t.cutoffMinutes} between 0 and 1439`),
  ],
);
