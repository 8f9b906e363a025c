// Runs jobs: one at a time per instance, polling the queue; through a backlog each job's
// completion claims the next in the same statement (one round trip between jobs). Schedules become
// one job per period, keyed by the period's number, so however many instances tick, each period
// runs once. stop() lets the running job finish within the grace time, else gives it back to the
// queue; a job claimed but not started goes back at once.
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
  let current: { job: JobRow; done: Promise<JobRow | null | undefined> } | null = null;
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

  /**
   * Runs a claimed job and records how it went. Answers the next due job when its completion
   * claimed one in the same statement (null: none is due), undefined when it did not ask.
   */
  async function run(job: JobRow): Promise<JobRow | null | undefined> {
    if (job.attempts > job.maxAttempts) {
      await queue.fail(job, job.lastError ?? 'The worker running it stopped (lease lapsed).');
      return undefined;
    }
    try {
      await options.handlers[job.name]!(job.payload, job);
      if (stopping) {
        await queue.complete(job);
        return undefined;
      }
      return await queue.completeAndClaim(job, workerId, names, options.leaseMs);
    } catch (error) {
      const status = await queue.fail(job, (error as Error).message ?? String(error));
      const log = status === 'dead' ? options.log.error : options.log.warn;
      log.call(
        options.log,
        { err: error, job: job.name, id: job.id, attempt: job.attempts, status },
        'job failed',
      );
      return undefined;
    }
  }

  /** A job claimed while stopping is not started: it goes back to the queue at once. */
  async function unlessStopping(job: JobRow | null | undefined) {
    if (!job || !stopping) return job;
    await queue.giveBack(job);
    return null;
  }

  /** Schedules, then every due job until none is left; answers how many ran (tests drive this). */
  async function runDue(): Promise<number> {
    await tick();
    let ran = 0;
    let next: JobRow | null | undefined;
    while (!stopping && next !== null) {
      const job = next ?? (await unlessStopping(await queue.claim(workerId, names, options.leaseMs)));
      if (!job) break;
      ran++;
      // `done` covers the claim that came with the completion, so stop() waits for its give-back.
      current = { job, done: run(job).then(unlessStopping) };
      next = await current.done;
      current = null;
    }
    // Claimed as stop() was returning: not started, so back to the queue.
    if (next) await queue.giveBack(next);
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
