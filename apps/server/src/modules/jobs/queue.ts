// The job queue's service: enqueue inside the caller's transaction (so a rolled-back change never
// leaves a job behind), claim one due job under a lease, and record its outcome. Plain SQL that
// runs the same on PostgreSQL and the embedded PGlite (decision record 0013).
import { and, count, desc, eq, gte, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedInsert, preparedStatement } from '../../db/prepared.ts';
import { pageRows } from '../../lib/pagination.ts';
import { retryDelayMs } from './backoff.ts';
import { type JobRow, type JobStatus, jobs } from './schema.ts';

/** A schedule's job (key 'schedule:…') that succeeded at its first attempt: nothing to look at. */
const ROUTINE_RUN = sql`${jobs.status} = 'done' and ${jobs.attempts} <= 1 and coalesce(${jobs.key}, '') like 'schedule:%'`;

export interface NewJob {
  name: string;
  payload: Record<string, unknown>;
  /** Enqueued once per key: a second enqueue with the same key is ignored. */
  key?: string;
  runAt?: Date;
  maxAttempts?: number;
}

const insertJob = preparedInsert(
  'enqueue_job',
  jobs,
  ['name', 'payload', 'key', 'runAt', 'maxAttempts'],
  (insert) => insert.onConflictDoNothing({ target: jobs.key }),
);

const ph = <T>(name: string) => sql.placeholder(name) as unknown as T;

/** Leases the next due job among `names` (or one whose lease lapsed), but not `except`. */
function claimNext(update: Pick<Db, 'update'>, db: Db | Tx, except?: SQL) {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        sql`${jobs.name} = any(${sql.placeholder('names')}::text[])`,
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.runAt, ph('at'))),
          and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, ph('at'))),
        ),
        except,
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(1)
    .for('update', { skipLocked: true });
  return update
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: ph('lockedUntil'),
      lockedBy: ph('workerId'),
      updatedAt: ph('at'),
    })
    .where(inArray(jobs.id, due))
    .returning();
}

const claimDue = preparedStatement('claim_job', (db) => claimNext(db, db));

const done = (db: Db | Tx) =>
  db
    .update(jobs)
    .set({ status: 'done', lockedUntil: null, lastError: null, updatedAt: ph('at') })
    .where(and(eq(jobs.id, ph('id')), eq(jobs.status, 'running'), eq(jobs.lockedBy, ph('lockedBy'))));

const completeJob = preparedStatement('complete_job', done);

/**
 * One statement: the job done (as completeJob) and the next due one leased. Both parts see the
 * rows as they were before the statement, so the finished job, still 'running' there, is left out
 * of the claim by its id (its lease may have lapsed while it ran).
 */
const completeAndClaimJob = preparedStatement('complete_and_claim_job', (db) =>
  claimNext(db.with(db.$with('done').as(done(db).returning({ id: jobs.id }))), db, ne(jobs.id, ph('id'))),
);

/** A list of names as one PostgreSQL array literal ('{"a","b"}'). */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

export type JobQueue = ReturnType<typeof createJobQueue>;

export function createJobQueue(
  db: Db,
  options: { now?: () => Date; retryBaseMs?: number; maxAttempts?: number } = {},
) {
  const now = options.now ?? (() => new Date());

  return {
    now,
    db,
    /** Adds a job. Pass the open transaction as `executor`: the job commits or rolls back with it. */
    async enqueue(executor: Db | Tx, job: NewJob): Promise<void> {
      await insertJob(executor).execute({
        name: job.name,
        payload: job.payload,
        key: job.key ?? null,
        runAt: job.runAt ?? now(),
        maxAttempts: job.maxAttempts ?? options.maxAttempts ?? 8,
      });
    },

    /**
     * Takes the next due job among `names`, or one whose lease lapsed (its worker died), and
     * leases it to `workerId`. SKIP LOCKED lets several instances claim side by side.
     */
    async claim(workerId: string, names: string[], leaseMs: number): Promise<JobRow | null> {
      if (names.length === 0) return null;
      const at = now();
      const [job] = await claimDue(db).execute({
        names: textArray(names),
        at,
        lockedUntil: new Date(at.getTime() + leaseMs),
        workerId,
      });
      return job ?? null;
    },

    /** Done, if this worker still holds the lease (a lapsed lease means another has the job). */
    async complete(job: JobRow): Promise<void> {
      await completeJob(db).execute({ id: job.id, lockedBy: job.lockedBy!, at: now() });
    },

    /**
     * `complete(job)` and then `claim(...)` in one statement, one round trip: what a worker does
     * between two jobs of a backlog.
     */
    async completeAndClaim(
      job: JobRow,
      workerId: string,
      names: string[],
      leaseMs: number,
    ): Promise<JobRow | null> {
      const at = now();
      const [next] = await completeAndClaimJob(db).execute({
        id: job.id,
        lockedBy: job.lockedBy!,
        names: textArray(names),
        at,
        lockedUntil: new Date(at.getTime() + leaseMs),
        workerId,
      });
      return next ?? null;
    },

    /** Failed: queued again after the back-off, or dead once it has had its attempts. */
    async fail(job: JobRow, error: string): Promise<JobStatus> {
      const status = job.attempts >= job.maxAttempts ? 'dead' : 'queued';
      const at = now();
      await db
        .update(jobs)
        .set({
          status,
          runAt: new Date(at.getTime() + retryDelayMs(job.attempts, options.retryBaseMs)),
          lockedUntil: null,
          lastError: error.slice(0, 2000),
          updatedAt: at,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, job.lockedBy!)));
      return status;
    },

    /** Shutdown before the job finished: it goes back to the queue, this attempt not counted. */
    async giveBack(job: JobRow): Promise<void> {
      await db
        .update(jobs)
        .set({
          status: 'queued',
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          lockedUntil: null,
          lockedBy: null,
          updatedAt: now(),
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, job.lockedBy!)));
    },

    /** The back office's Retry: a dead job gets a fresh set of attempts, now. */
    async retry(id: number, executor: Pick<Db, 'update'> = db): Promise<JobRow | null> {
      const [row] = await executor
        .update(jobs)
        .set({ status: 'queued', attempts: 0, runAt: now(), updatedAt: now() })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
        .returning();
      return row ?? null;
    },

    /** Finished jobs older than `before` are forgotten (a schedule's old period keys with them). */
    async purgeDone(before: Date): Promise<number> {
      const gone = await db
        .delete(jobs)
        .where(and(eq(jobs.status, 'done'), lt(jobs.updatedAt, before)))
        .returning({ id: jobs.id });
      return gone.length;
    },

    async list(query: {
      status?: JobStatus | undefined;
      routine?: 'hide' | 'show';
      page: number;
      size: number;
    }) {
      const where = and(
        query.status ? eq(jobs.status, query.status) : undefined,
        query.routine === 'show' ? undefined : sql`not (${ROUTINE_RUN})`,
      );
      const [rows, [matching], counts, [routine]] = await Promise.all([
        pageRows(db.select().from(jobs).where(where).orderBy(desc(jobs.updatedAt), desc(jobs.id)), query),
        db.select({ n: count() }).from(jobs).where(where),
        db.select({ status: jobs.status, n: count() }).from(jobs).groupBy(jobs.status),
        db.select({ n: count() }).from(jobs).where(ROUTINE_RUN),
      ]);
      const byStatus = Object.fromEntries(counts.map((c) => [c.status, c.n])) as Partial<
        Record<JobStatus, number>
      >;
      return { rows, byStatus, routine: routine?.n ?? 0, total: matching?.n ?? 0 };
    },

    /**
     * Demo only (the marketing module's dev clock): queued jobs of `name` whose key starts with
     * `keyPrefix` come `ms` sooner, as if that much time had passed for them.
     */
    async bringForward(name: string, keyPrefix: string, ms: number): Promise<number> {
      const moved = await db
        .update(jobs)
        .set({ runAt: sql`${jobs.runAt} - ${Math.round(ms)}::float8 * interval '1 millisecond'` })
        .where(and(eq(jobs.name, name), eq(jobs.status, 'queued'), sql`${jobs.key} like ${`${keyPrefix}%`}`))
        .returning({ id: jobs.id });
      return moved.length;
    },

    /**
     * The owner's alerts (issue 41): jobs that went dead (had all their attempts) in [from, to),
     * leaving out `except` (the alerts' own jobs, so a failed alert does not alert).
     */
    async deadBetween(from: Date, to: Date, except: readonly string[] = []): Promise<JobRow[]> {
      return db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.status, 'dead'),
            gte(jobs.updatedAt, from),
            lt(jobs.updatedAt, to),
            except.length > 0 ? sql`not (${jobs.name} = any(${textArray(except)}::text[]))` : undefined,
          ),
        )
        .orderBy(jobs.updatedAt, jobs.id)
        .limit(200);
    },

    async find(id: number): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ?? null;
    },
  };
}
