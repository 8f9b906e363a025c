// Login state: one-time code challenges, the send log behind the rate caps, and sessions.
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';

/** One open challenge per purpose and target at a time; a resend replaces its code. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: serial('id').primaryKey(),
    /** 'login' (SMS to a mobile) or 'email' (signup e-mail validation). */
    purpose: text('purpose', { enum: ['login', 'email', 'erasure'] }).notNull(),
    target: text('target').notNull(),
    /** For e-mail codes: the session that asked, so only it can use the validation. */
    sessionHash: text('session_hash'),
    /** A known device's own login code (its cookie's hash); null for the number's shared one. */
    deviceHash: text('device_hash'),
    codeHmac: text('code_hmac').notNull(),
    attempts: integer('attempts').notNull().default(0),
    resends: integer('resends').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('otp_challenges_target_idx').on(t.purpose, t.target, t.createdAt)],
);

/** Every code sent and who asked, for the per-client and per-number caps (otp-rules.ts). */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    /** The asking address as limits count it (an IPv6 one by its /64: lib/client-address.ts). */
    ip: text('ip').notNull(),
    /** The asking device cookie's hash, when it sent one. */
    deviceHash: text('device_hash'),
    /** Asked by a device the number had logged in on. */
    knownDevice: boolean('known_device').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('otp_sends_target_idx').on(t.purpose, t.target, t.createdAt),
    index('otp_sends_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Devices a number has logged in on: the SHA-256 of a long-lived device cookie (devices.ts) with
 * the number. Such a device always gets its login code within the resend rules (decision 0028).
 */
export const otpDevices = pgTable(
  'otp_devices',
  {
    deviceHash: text('device_hash').notNull(),
    target: text('target').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceHash, t.target] })],
);

/**
 * A session is known by the SHA-256 of its cookie value. A session with a user is logged in; one
 * with only a verified mobile may complete signup for that number and nothing else.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    verifiedMobile: text('verified_mobile').notNull(),
    /** An e-mail validated by code in this session (signup). */
    validatedEmail: text('validated_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Secrets generated once per installation and shared by every instance (e.g. the OTP HMAC key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
