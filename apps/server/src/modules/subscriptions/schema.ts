// Subscribe and save (issue 43): the plans a product's variants may be subscribed on (one per
// frequency), the shoppers' subscriptions, each cycle (a charge date and what became of it) and
// the gateway's subscription.* webhook events already applied. Money is integer paise.
import { CYCLE_STATUSES, SUBSCRIPTION_STATUSES } from '@spice/shared/subscriptions';
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
import { addresses, users } from '../accounts/schema.ts';
import { productVariants } from '../catalog/schema.ts';

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    /** Months between deliveries: 1, 2 or 3. */
    frequency: integer('frequency').notNull(),
    /** Whole percent off the variant's price for every delivery. */
    discountPercent: integer('discount_percent').notNull(),
    active: boolean('active').notNull().default(true),
    /** The gateway's plan (Razorpay `plan_…`) for the unit price it was made at; made on first use. */
    gatewayPlanId: text('gateway_plan_id'),
    gatewayPlanPaise: integer('gateway_plan_paise'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_plans_variant_frequency_key').on(t.variantId, t.frequency),
    check('subscription_plans_frequency', sql`${t.frequency} between 1 and 3`),
    check('subscription_plans_discount', sql`${t.discountPercent} between 0 and 90`),
  ],
);

/** The delivery address as the subscription keeps it (the orders take it over). */
export interface SubscriptionAddress {
  name: string;
  phone: string;
  type: 'Home' | 'Work';
  fullAddress: string;
  pincode: string;
  state?: string;
}

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    frequency: integer('frequency').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    /** The unit price in force (the discounted price when subscribed, or a rise announced in time). */
    unitPaise: integer('unit_paise').notNull(),
    /** A rise announced to the shopper, applying from PRICE_RISE_NOTICE_DAYS after `priceNoticeAt`. */
    pendingUnitPaise: integer('pending_unit_paise'),
    priceNoticeAt: timestamp('price_notice_at', { withTimezone: true }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    address: jsonb('address').$type<SubscriptionAddress>().notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('CREATED'),
    provider: text('provider', { enum: ['razorpay', 'simulated'] }).notNull(),
    gatewaySubscriptionId: text('gateway_subscription_id').notNull(),
    /** What Razorpay Checkout opens to authorise the mandate (its hosted page), when it gave one. */
    shortUrl: text('short_url'),
    /** The day of the month (IST) of every charge: the first charge's. */
    chargeDay: integer('charge_day').notNull(),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    /** Cycles charged so far. */
    paidCount: integer('paid_count').notNull().default(0),
    skipNext: boolean('skip_next').notNull().default(false),
    /** Cycles still to pass paused. */
    pausedCycles: integer('paused_cycles').notNull().default(0),
    /** The last charge failed and the gateway is retrying (subscription.pending). */
    paymentFailed: boolean('payment_failed').notNull().default(false),
    language: text('language', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by', { enum: ['shopper', 'admin', 'gateway'] }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_gateway_key').on(t.gatewaySubscriptionId),
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_status_idx').on(t.status),
    check('subscriptions_quantity', sql`${t.quantity} between 1 and 10`),
    check('subscriptions_frequency', sql`${t.frequency} between 1 and 3`),
    check('subscriptions_paused_cycles', sql`${t.pausedCycles} between 0 and 3`),
  ],
);

export const subscriptionCycles = pgTable(
  'subscription_cycles',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** 1 for the first charge date, then one more per charge date passed (charged or not). */
    number: integer('number').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: CYCLE_STATUSES }).notNull(),
    /** The gateway's payment for this cycle: at most one order per payment. */
    paymentId: text('payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    orderNumber: text('order_number'),
    /** Why it was skipped, failed or refunded (the shopper's skip, a pause, out of stock, the bank's text). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_cycles_number_key').on(t.subscriptionId, t.number),
    uniqueIndex('subscription_cycles_payment_key').on(t.paymentId),
  ],
);

/** subscription.* webhook events already applied, so a repeated delivery does nothing. */
export const subscriptionEvents = pgTable('subscription_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
