// Personal data (DPDP Act 2023; decision 0036): every consent given or withdrawn, with the words
// shown, the language, where it was given and when; and a record of each erased account.
import { CONSENT_PURPOSES } from '@spice/shared/contracts/privacy';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';

export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    /**
     * Marketing's channel (issue 37): 'whatsapp', 'sms' or 'email'. None (the first marketing
     * consent, before channels) covers SMS and e-mail, as its words said.
     */
    channel: text('channel', { enum: ['whatsapp', 'sms', 'email'] }),
    given: boolean('given').notNull(),
    /** The exact words the shopper saw next to the choice. */
    textShown: text('text_shown').notNull(),
    language: text('language', { enum: ['en', 'hi'] }).notNull(),
    /** Where it was given: 'profile', 'signup', 'checkout', 'whatsapp-stop' or 'unsubscribe-link'. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.purpose, t.createdAt)],
);

/**
 * That an account was erased and when (no personal data): the shop can show it honoured the request
 * (DPDP s.12) and explain why the account's orders read 'Erased customer'.
 */
export const erasures = pgTable('erasures', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  ordersDetached: integer('orders_detached').notNull(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
});
