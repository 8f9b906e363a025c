// Grievances (Consumer Protection (E-Commerce) Rules 2020 rule 4; decision 0036): the grievance
// officer's published details, the yearly ticket series, each complaint with its deadlines and the
// written replies that reached the shopper.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';

/** The grievance officer the storefront names (one row; the back office edits it). */
export const grievanceSettings = pgTable('grievance_settings', {
  id: integer('id').primaryKey().default(1),
  name: text('name').notNull(),
  designation: text('designation').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  address: text('address').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last ticket number given in each IST year; one upsert hands out the next, race-free. */
export const grievanceSeries = pgTable('grievance_series', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export const grievances = pgTable(
  'grievances',
  {
    id: serial('id').primaryKey(),
    ticketNumber: text('ticket_number').notNull(),
    /** The filer's account; null for a signed-out filer and after the account is erased. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderNumber: text('order_number'),
    category: text('category', { enum: ['DELIVERY', 'PAYMENT', 'QUALITY', 'ACCOUNT', 'OTHER'] }).notNull(),
    description: text('description').notNull(),
    contactName: text('contact_name').notNull(),
    /** 10 digits; '' once the filer's account is erased. */
    contactMobile: text('contact_mobile').notNull(),
    contactEmail: text('contact_email'),
    language: text('language', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    status: text('status', { enum: ['OPEN', 'ACKNOWLEDGED', 'RESOLVED', 'REJECTED'] })
      .notNull()
      .default('OPEN'),
    /** SHA-256 of the status link's token (lib/link-token.ts); the token itself is never stored. */
    tokenHash: text('token_hash'),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true }).notNull(),
    resolveBy: timestamp('resolve_by', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('grievances_ticket_key').on(t.ticketNumber),
    uniqueIndex('grievances_token_key').on(t.tokenHash),
    index('grievances_user_idx').on(t.userId, t.filedAt),
    index('grievances_filed_idx').on(t.filedAt),
  ],
);

/** The back office's written replies, each with the status it moved the ticket to. */
export const grievanceReplies = pgTable(
  'grievance_replies',
  {
    id: serial('id').primaryKey(),
    grievanceId: integer('grievance_id')
      .notNull()
      .references(() => grievances.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['OPEN', 'ACKNOWLEDGED', 'RESOLVED', 'REJECTED'] }).notNull(),
    body: text('body').notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grievance_replies_grievance_idx').on(t.grievanceId, t.createdAt)],
);
