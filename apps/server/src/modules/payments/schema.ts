// The payments ledger: every payment the shop learns of (the browser's verify, a webhook), once per
// gateway payment id, with what became of it. Written in the transaction that decides its fate,
// so no captured payment can exist without an order or a refund to make.
import { PAYMENT_STATUSES } from '@spice/shared/payments';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { checkouts } from '../orders/schema.ts';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** The gateway's payment id (Razorpay `pay_…`, or `pay_sim_…` when simulated). */
    paymentId: text('payment_id').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    checkoutId: integer('checkout_id').references(() => checkouts.id),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    orderNumber: text('order_number'),
    /** A refund reason code (see REFUND_REASONS), or the gateway's text for a failed payment. */
    reason: text('reason'),
    /** How the shop learned of it: the shopper's browser (verify) or the gateway (webhook). */
    source: text('source', { enum: ['verify', 'webhook'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_payment_key').on(t.paymentId),
    index('payments_created_idx').on(t.createdAt),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    check('payments_amount_non_negative', sql`${t.amountPaise} >= 0`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
