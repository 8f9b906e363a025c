// The dev outbox: messages kept in the database when no real provider is configured.
import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    code: text('code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_to_idx').on(t.to, t.createdAt)],
);

/**
 * One row per order message handed to a channel: a job delivering (order, event, refund) again
 * after a crash or a retry finds it here and sends nothing twice. `refund_id` is '' when none.
 */
export const orderMessageDeliveries = pgTable(
  'order_message_deliveries',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    event: text('event').notNull(),
    refundId: text('refund_id').notNull().default(''),
    channel: text('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_message_deliveries_key').on(t.orderNumber, t.event, t.refundId, t.channel)],
);
