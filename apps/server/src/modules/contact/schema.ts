// Messages sent through the contact form, kept for the owner's inbox (read or unread), and the
// owner's replies to them, each e-mailed to the shopper and kept with the message.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Stored with the +91 prefix. */
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    ip: text('ip').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const contactReplies = pgTable(
  'contact_replies',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** The e-mail's own words (greeting, subject) are in this language; the body is as typed. */
    language: text('language', { enum: ['en', 'hi'] }).notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the e-mail went out; null when sending failed (the reply is kept all the same). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
);
