// Checkout settings (platform fee) and shipping milestones. Money in integer paise.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';

export const checkoutSettings = pgTable(
  'checkout_settings',
  {
    id: integer('id').primaryKey().default(1),
    platformFeePaise: integer('platform_fee_paise').notNull().default(0),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('checkout_settings_single_row', sql`${t.id} = 1`),
    check('checkout_settings_fee_non_negative', sql`${t.platformFeePaise} >= 0`),
  ],
);

export const shippingMilestones = pgTable(
  'shipping_milestones',
  {
    id: serial('id').primaryKey(),
    minCartValuePaise: integer('min_cart_value_paise').notNull(),
    shippingChargePaise: integer('shipping_charge_paise').notNull(),
  },
  (t) => [
    uniqueIndex('shipping_milestones_min_key').on(t.minCartValuePaise),
    check(
      'shipping_milestones_non_negative',
      sql`${t.minCartValuePaise} >= 0 and ${t.shippingChargePaise} >= 0`,
    ),
  ],
);
