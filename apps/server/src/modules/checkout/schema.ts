// Checkout settings (platform fee, cash on delivery rules, prepaid discount) and shipping
// milestones. Money in integer paise.
import type { PrepaidDiscount } from '@spice/shared/cod';
import type { RtoRiskSettings } from '@spice/shared/rto-risk';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';

export const checkoutSettings = pgTable(
  'checkout_settings',
  {
    id: integer('id').primaryKey().default(1),
    platformFeePaise: integer('platform_fee_paise').notNull().default(0),
    codEnabled: boolean('cod_enabled').notNull().default(false),
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    codMinOrderPaise: integer('cod_min_order_paise').notNull().default(0),
    /** Null: no maximum. */
    codMaxOrderPaise: integer('cod_max_order_paise'),
    /** Pincodes or prefixes where COD is off. */
    codBlockedPincodes: jsonb('cod_blocked_pincodes').$type<string[]>().notNull().default([]),
    codRtoLimit: integer('cod_rto_limit').notNull().default(2),
    /** Null: no prepaid discount. */
    prepaidDiscount: jsonb('prepaid_discount').$type<PrepaidDiscount>(),
    /** The RTO risk rules' settings (shared/rto-risk.ts); null: the defaults (prepaid not required). */
    rtoRisk: jsonb('rto_risk').$type<RtoRiskSettings>(),
    /** COD orders wait for the shopper's confirmation (issue 34) for this many hours (1–72). */
    codConfirmationRequired: boolean('cod_confirmation_required').notNull().default(false),
    codConfirmationHours: integer('cod_confirmation_hours').notNull().default(24),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('checkout_settings_cod_confirmation_hours', sql`${t.codConfirmationHours} between 1 and 72`),
    check('checkout_settings_single_row', sql`${t.id} = 1`),
    check('checkout_settings_fee_non_negative', sql`${t.platformFeePaise} >= 0`),
    check(
      'checkout_settings_cod_non_negative',
      sql`${t.codFeePaise} >= 0 and ${t.codMinOrderPaise} >= 0 and ${t.codRtoLimit} >= 1`,
    ),
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
