// Messages sent through the contact form, kept for the owner's inbox (read or unread).
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
