// Shoppers (and admins) and their delivery addresses. The mobile identifies the shopper.
import { USER_ROLES } from '@spice/shared/staff';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** 10 digits, without +91. */
    mobile: text('mobile').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    /** Stored lowercased so uniqueness ignores case. */
    email: text('email').notNull(),
    /** 'customer', or a staff role (packages/shared/src/staff.ts); 'admin' became 'OWNER' (issue 41). */
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the shopper erased the account (privacy module, decision 0036): the row stays only so
     * kept orders still point somewhere; its mobile and e-mail are 'erased-<id>', freeing the real ones.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_mobile_key').on(t.mobile),
    uniqueIndex('users_email_key').on(t.email),
    check('users_mobile_format', sql`${t.mobile} ~ '^[6-9][0-9]{9}$' or ${t.erasedAt} is not null`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    pincode: text('pincode').notNull(),
    locality: text('locality').notNull(),
    addressLine: text('address_line').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    landmark: text('landmark'),
    alternatePhone: text('alternate_phone'),
    addressType: text('address_type', { enum: ['Home', 'Work'] })
      .notNull()
      .default('Home'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // Exactly one default per shopper is kept by the service; the index makes two impossible.
    uniqueIndex('addresses_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/**
 * How the shopper wants order messages (issue 16). No row means the defaults: e-mail on,
 * WhatsApp off. WhatsApp requires a recorded opt-in, so its times are kept (and the opt-out's).
 * Transactional SMS needs no opt-in and has no switch.
 */
export const messagePreferences = pgTable('message_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  whatsapp: boolean('whatsapp').notNull().default(false),
  whatsappOptedInAt: timestamp('whatsapp_opted_in_at', { withTimezone: true }),
  whatsappOptedOutAt: timestamp('whatsapp_opted_out_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The store team's settings, one row (id 1): the most a SUPPORT member may refund at once, set by
 * an owner (issue 41). No row: 0, support refunds nothing alone.
 */
export const staffSettings = pgTable('staff_settings', {
  id: integer('id').primaryKey().default(1),
  supportRefundLimitPaise: integer('support_refund_limit_paise').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
