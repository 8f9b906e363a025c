// The job queue on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): transactional
// enqueue, back-off and dead-letter, lease takeover, schedules once per period, graceful stop.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/app.ts';
import { retryDelayMs } from './backoff.ts';
import { createJobQueue } from './queue.ts';
import { jobs } from './schema.ts';
import { createJobWorker, type JobHandler } from './worker.ts';

const silent = { warn() {}, error() {} };

describe('the job queue', () => {
  let database: Database;
  let clock: Date;
  /** Statements run while `counting` (BEGIN and COMMIT, logged on PostgreSQL only, left out). */
  let statements: string[] = [];
  let counting = false;
  const queue = () => createJobQueue(database.db, { now: () => clock, retryBaseMs: 1000 });
  const worker = (
    handlers: Record<string, JobHandler>,
    schedules: { name: string; everyMs: number }[] = [],
  ) => createJobWorker(queue(), { handlers, schedules, pollMs: 50, leaseMs: 30_000, log: silent });
  const rows = () => database.db.select().from(jobs).orderBy(jobs.id);

  beforeAll(async () => {
    database = await createTestDatabase({
      onQuery: (sql) => {
        if (counting && !/^(begin|commit)$/i.test(sql)) statements.push(sql);
      },
    });
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    clock = new Date('2026-11-23T10:00:00Z');
    await database.db.delete(jobs);
  });

  it('never runs a job enqueued in a transaction that rolled back, and runs a committed one once', async () => {
    const ran: unknown[] = [];
    const w = worker({ note: async (p) => void ran.push(p.n) });
    await expect(
      database.db.transaction(async (tx) => {
        await queue().enqueue(tx, { name: 'note', payload: { n: 'rolled back' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await database.db.transaction(async (tx) => {
      await queue().enqueue(tx, { name: 'note', payload: { n: 'committed' } });
    });
    expect(await w.runDue()).toBe(1);
    expect(await w.runDue()).toBe(0);
    expect(ran).toEqual(['committed']);
    expect((await rows()).map((r) => r.status)).toEqual(['done']);
  });

  it('enqueues a keyed job once', async () => {
    for (let i = 0; i < 3; i++)
      await queue().enqueue(database.db, { name: 'note', payload: {}, key: 'order:1:placed' });
    expect(await rows()).toHaveLength(1);
  });

  it('retries with exponential back-off, then leaves the job dead with its last error until retried', async () => {
    let calls = 0;
    const w = worker({
      flaky: async () => {
        calls++;
        throw new Error(`provider down (${calls})`);
      },
    });
    await queue().enqueue(database.db, { name: 'flaky', payload: {}, maxAttempts: 3 });
    expect(await w.runDue()).toBe(1);
    let [job] = await rows();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'provider down (1)' });
    expect(job!.runAt.getTime() - clock.getTime()).toBe(retryDelayMs(1, 1000));
    expect(await w.runDue()).toBe(0); // not due yet

    clock = new Date(clock.getTime() + 1000);
    expect(await w.runDue()).toBe(1);
    [job] = await rows();
    expect(job!.runAt.getTime() - clock.getTime()).toBe(2000); // doubled
    clock = new Date(clock.getTime() + 2000);
    expect(await w.runDue()).toBe(1);
    [job] = await rows();
    expect(job).toMatchObject({ status: 'dead', attempts: 3, lastError: 'provider down (3)' });
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await w.runDue()).toBe(0);

    expect(await queue().retry(job!.id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await queue().retry(job!.id)).toBeNull(); // only a dead job
    await w.runDue();
    expect(calls).toBe(4);
  });

  it('gives a job whose worker died to another worker once its lease lapsed, and runs it once', async () => {
    const ran: string[] = [];
    await queue().enqueue(database.db, { name: 'send', payload: {} });
    // Worker A claims the job and is killed before finishing (it never reports back).
    const claimed = await queue().claim('worker-a', ['send'], 30_000);
    expect(claimed).toMatchObject({ status: 'running', attempts: 1, lockedBy: 'worker-a' });
    const b = worker({ send: async () => void ran.push('b') });
    expect(await b.runDue()).toBe(0); // the lease still holds
    clock = new Date(clock.getTime() + 30_001);
    expect(await b.runDue()).toBe(1);
    expect(ran).toEqual(['b']);
    // A's late report changes nothing: the job is B's and done.
    await queue().fail(claimed!, 'late');
    expect((await rows())[0]).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('works through a backlog with one statement between jobs: each completion claims the next', async () => {
    const ran: unknown[] = [];
    const w = worker({ note: async (p) => void ran.push(p.n) });
    for (const n of [1, 2, 3]) await queue().enqueue(database.db, { name: 'note', payload: { n } });
    statements = [];
    counting = true;
    try {
      expect(await w.runDue()).toBe(3);
    } finally {
      counting = false;
    }
    expect(ran).toEqual([1, 2, 3]);
    // The first claim, then each job's completion with the next claim (the last finds none).
    expect(statements).toHaveLength(4);
    expect((await rows()).map((r) => [r.status, r.attempts, r.lockedUntil])).toEqual([
      ['done', 1, null],
      ['done', 1, null],
      ['done', 1, null],
    ]);
  });

  it('does not claim again a job whose lease lapsed while it ran, in the statement completing it', async () => {
    const ran: unknown[] = [];
    const w = worker({
      note: async (p) => {
        ran.push(p.n);
        if (p.n === 1) clock = new Date(clock.getTime() + 30_001); // outlasts its 30 s lease
      },
    });
    await queue().enqueue(database.db, { name: 'note', payload: { n: 1 } });
    await queue().enqueue(database.db, { name: 'note', payload: { n: 2 } });
    expect(await w.runDue()).toBe(2);
    expect(ran).toEqual([1, 2]);
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
  });

  it('runs each job of a backlog once with two workers side by side', async () => {
    const ran: number[] = [];
    const a = worker({ note: async (p) => void ran.push(p.n as number) });
    const b = worker({ note: async (p) => void ran.push(p.n as number) });
    for (let n = 0; n < 12; n++) await queue().enqueue(database.db, { name: 'note', payload: { n } });
    const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(byA + byB).toBe(12);
    expect(ran.sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    expect((await rows()).every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it('on stop gives back at once a job its last completion claimed, and claims none after', async () => {
    const q = queue();
    let stopped: Promise<void> | undefined;
    // stop() comes while the completion that claims the next job is on its way.
    const w = createJobWorker(
      {
        ...q,
        completeAndClaim: (...args) => {
          const next = q.completeAndClaim(...args);
          stopped = w.stop(5_000);
          return next;
        },
      },
      { handlers: { note: async () => {} }, schedules: [], pollMs: 50, leaseMs: 30_000, log: silent },
    );
    for (const n of [1, 2, 3]) await q.enqueue(database.db, { name: 'note', payload: { n } });
    const ran = w.runDue();
    while (!stopped) await new Promise((r) => setTimeout(r, 5));
    await stopped;
    expect((await rows()).map((r) => [r.status, r.attempts, r.lockedBy])).toEqual([
      ['done', 1, expect.any(String)],
      ['queued', 0, null],
      ['queued', 0, null],
    ]);
    expect(await ran).toBe(1);

    // Stopped while a job runs: it completes without claiming another.
    let release!: () => void;
    const blocked = new Promise<void>((r) => {
      release = r;
    });
    const w2 = worker({ note: () => blocked });
    const running = w2.runDue();
    while ((await rows())[1]!.status !== 'running') await new Promise((r) => setTimeout(r, 5));
    const stopping = w2.stop(5_000);
    statements = [];
    counting = true;
    try {
      release();
      await stopping;
      expect(await running).toBe(1);
    } finally {
      counting = false;
    }
    expect(statements).toHaveLength(1); // its completion, which claims nothing
    expect((await rows()).map((r) => r.status)).toEqual(['done', 'done', 'queued']);
  });

  it('runs a schedule once per period however many workers tick', async () => {
    const ran: string[] = [];
    const a = worker({ sweep: async () => void ran.push('a') }, [{ name: 'sweep', everyMs: 60_000 }]);
    const b = worker({ sweep: async () => void ran.push('b') }, [{ name: 'sweep', everyMs: 60_000 }]);
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(ran).toHaveLength(1);
    clock = new Date(clock.getTime() + 30_000); // same period
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ran).toHaveLength(1);
    clock = new Date(clock.getTime() + 30_000); // next period
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ran).toHaveLength(2);
    expect(new Set((await rows()).map((r) => r.key)).size).toBe(2);
  });

  it('on stop lets a running job finish, or gives it back to the queue when it outlasts the grace time', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((r) => {
      release = r;
    });
    const w = worker({ slow: () => blocked, quick: async () => {} });
    await queue().enqueue(database.db, { name: 'slow', payload: {} });
    const running = w.runDue();
    while ((await rows())[0]!.status !== 'running') await new Promise((r) => setTimeout(r, 5));
    await w.stop(50);
    expect((await rows())[0]).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    release();
    await running;
    expect((await rows())[0]!.status).toBe('queued'); // its late finish does not count

    const w2 = worker({ quick: async () => {} });
    await queue().enqueue(database.db, { name: 'quick', payload: {} });
    await w2.runDue();
    await w2.stop(50);
    const [, quick] = await rows();
    expect(quick!.status).toBe('done');
    await database.db.delete(jobs).where(eq(jobs.name, 'slow'));
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(40, 1000, 3_600_000)).toBe(3_600_000);
  });
});
