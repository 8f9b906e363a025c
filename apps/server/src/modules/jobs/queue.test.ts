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
  const queue = () => createJobQueue(database.db, { now: () => clock, retryBaseMs: 1000 });
  const worker = (
    handlers: Record<string, JobHandler>,
    schedules: { name: string; everyMs: number }[] = [],
  ) => createJobWorker(queue(), { handlers, schedules, pollMs: 50, leaseMs: 30_000, log: silent });
  const rows = () => database.db.select().from(jobs).orderBy(jobs.id);

  beforeAll(async () => {
    database = await createTestDatabase();
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
