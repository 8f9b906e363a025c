// Runs jobs: one at a time per instance, polling the queue. Schedules become one job per period,
// keyed by the period's number, so however many instances tick, each period runs once. stop()
// lets the running job finish within the grace time, else gives it back to the queue.
import { randomUUID } from 'node:crypto';
import type { JobQueue } from './queue.ts';
import type { JobRow } from './schema.ts';

export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;

export interface Schedule {
  /** The job's name: a handler of the same name runs it. */
  name: string;
  everyMs: number;
}

export interface WorkerOptions {
  handlers: Record<string, JobHandler>;
  schedules: Schedule[];
  pollMs: number;
  leaseMs: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export type JobWorker = ReturnType<typeof createJobWorker>;

export function createJobWorker(queue: JobQueue, options: WorkerOptions) {
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const names = Object.keys(options.handlers);
  const lastPeriod = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let stopping = false;
  let current: { job: JobRow; done: Promise<void> } | null = null;
  let loop: Promise<void> | null = null;

  /** Enqueues each schedule's job for the current period (once per instance per period; the key does the rest). */
  async function tick() {
    const nowMs = queue.now().getTime();
    for (const s of options.schedules) {
      const period = Math.floor(nowMs / s.everyMs);
      if (lastPeriod.get(s.name) === period) continue;
      await queue.enqueue(queue.db, {
        name: s.name,
        payload: {},
        key: `schedule:${s.name}:${period}`,
        maxAttempts: 1,
      });
      lastPeriod.set(s.name, period);
    }
  }

  async function runOne(): Promise<boolean> {
    const job = await queue.claim(workerId, names, options.leaseMs);
    if (!job) return false;
    const run = async () => {
      if (job.attempts > job.maxAttempts) {
        await queue.fail(job, job.lastError ?? 'The worker running it stopped (lease lapsed).');
        return;
      }
      try {
        await options.handlers[job.name]!(job.payload, job);
        await queue.complete(job);
      } catch (error) {
        const status = await queue.fail(job, (error as Error).message ?? String(error));
        const log = status === 'dead' ? options.log.error : options.log.warn;
        log.call(
          options.log,
          { err: error, job: job.name, id: job.id, attempt: job.attempts, status },
          'job failed',
        );
      }
    };
    current = { job, done: run() };
    await current.done;
    current = null;
    return true;
  }

  /** Schedules, then every due job until none is left; answers how many ran (tests drive this). */
  async function runDue(): Promise<number> {
    await tick();
    let ran = 0;
    while (!stopping && (await runOne())) ran++;
    return ran;
  }

  function schedule() {
    if (stopping) return;
    timer = setTimeout(() => {
      loop = runDue()
        .then(
          () => undefined,
          (error: unknown) => options.log.error({ err: error }, 'job worker poll failed'),
        )
        .finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  return {
    workerId,
    runDue,
    start() {
      stopping = false;
      schedule();
    },
    /** Stops polling; the running job may finish within `graceMs`, else it goes back to the queue. */
    async stop(graceMs: number) {
      stopping = true;
      if (timer) clearTimeout(timer);
      const running = current;
      if (!running) {
        await loop;
        return;
      }
      const finished = await Promise.race([
        running.done.then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), graceMs).unref()),
      ]);
      if (!finished) await queue.giveBack(running.job);
    },
  };
}
