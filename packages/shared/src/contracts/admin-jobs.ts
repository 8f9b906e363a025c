// The back office's view of the background job queue (/admin/jobs): queued, running and dead jobs
// with their last error, and Retry for a dead one.
import * as z from './zod.ts';

export const JOB_STATUSES = ['queued', 'running', 'done', 'dead'] as const;

export const AdminJobsQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(JOB_STATUSES).optional(),
  /**
   * Routine runs (a schedule's job, such as the once-a-minute sweep, done at its first attempt)
   * are hidden unless 'show': failures, retries and everything about an order stay in view.
   */
  routine: z.enum(['hide', 'show']).default('hide'),
});
export type AdminJobsQueryInput = z.infer<typeof AdminJobsQuery>;

export const AdminJob = z
  .object({
    id: z.number().int(),
    name: z.string(),
    payload: z.record(z.string(), z.unknown()),
    status: z.enum(JOB_STATUSES),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    runAt: z.string(),
    lastError: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminJob' });

export const AdminJobPage = z.object({
  content: z.array(AdminJob),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  /** Jobs per status overall, whatever the filter (for the tabs). */
  counts: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    done: z.number().int(),
    dead: z.number().int(),
    /** Routine successful runs (counted in `done`), hidden by default. */
    routine: z.number().int(),
  }),
});
export type AdminJobPageDto = z.infer<typeof AdminJobPage>;

export const JobIdParam = z.object({
  id: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
});

export const JOB_NOT_DEAD = 'Only a failed job can be retried.';
