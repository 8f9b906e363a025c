// The dev outbox (messages kept in the database when no real provider is configured) and the
// record of order messages sent, one row per (order, event, refund, channel), so a repeat of an
// order message sends only what did not go out.
import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['sms', 'email', 'whatsapp'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    /** An e-mail's HTML part, shown sandboxed on /dev/outbox. */
    html: text('html'),
    code: text('code'),
    /** An e-mail's extra headers (List-Unsubscribe…), kept so the demo shows what would be sent. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_to_idx').on(t.to, t.createdAt)],
);

export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    event: text('event', {
      enum: [
        'placed',
        'shipped',
        'out_for_delivery',
        'delivery_failed',
        'delivered',
        'cancelled',
        'returned',
        'refunded',
        // The COD confirmation's request, reminder and 'not confirmed in time' (issue 34).
        'cod_confirm',
        'cod_reminder',
        'cod_expired',
      ],
    }).notNull(),
    /** '' for events that are not about one refund, so the unique key treats them as equal. */
    refundId: text('refund_id').notNull().default(''),
    channel: text('channel', { enum: ['sms', 'email', 'whatsapp'] }).notNull(),
    to: text('to').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_deliveries_once').on(t.orderNumber, t.event, t.refundId, t.channel)],
);
