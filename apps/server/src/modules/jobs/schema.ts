// The durable job queue's one table (decision record 0013): jobs enqueued in the transaction of the
// change that causes them, claimed with FOR UPDATE SKIP LOCKED under a lease, retried with
// exponential back-off and left 'dead' after max_attempts for the back office to retry.

import { JOB_STATUSES } from '@spice/shared/contracts/admin-jobs';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export { JOB_STATUSES };
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** A job with a key is enqueued once (an order's event, a schedule's period): repeats are ignored. */
    key: text('key'),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** While running: the lease. A worker killed mid-job lets it lapse and another takes the job. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_key').on(t.key),
    index('jobs_due_idx').on(t.status, t.runAt),
    check('jobs_attempts_non_negative', sql`${t.attempts} >= 0`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
