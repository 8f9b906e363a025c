// Refunds made through the payment gateway: a cancelled paid order's (full), some of its lines
// (partial), or a captured payment that could not become an order (the payments ledger's
// refund_pending). The row's id is the refund's idempotency key at the gateway (its `receipt`).
import { REFUND_STATUSES } from '@spice/shared/refunds';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/schema.ts';

export interface RefundLine {
  /** The order_items row. */
  itemId: number;
  quantity: number;
  /** Its value at the price paid (price × quantity), in paise. */
  valuePaise: number;
}

export const refunds = pgTable(
  'refunds',
  {
    /** `rf_…`: also the gateway refund's receipt, so a retried job finds the refund it already made. */
    id: text('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    orderNumber: text('order_number'),
    /** The gateway's payment id refunded. */
    paymentId: text('payment_id').notNull(),
    /** Why it was asked for once: 'order:<number>:cancel', 'order:<number>:v<version>', 'payment:<id>'. */
    requestKey: text('request_key').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    lines: jsonb('lines').$type<RefundLine[]>().notNull().default([]),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_request_key').on(t.requestKey),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_provider_idx').on(t.providerRefundId),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;
