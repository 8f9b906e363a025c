// Load generation: autocannon runs (throughput, latency under load), sequential latency at one
// connection, and the shop-vs-bare comparison. Every measurement waits for a quiet machine first
// and is repeated (bounded) when other programs took a noticeable share of the CPU during it.
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { type CpuUse, cpuWindow, describeCpu, postgresPids, waitForQuiet } from './cpu.ts';
import { fetchRaw, fmtInt, median, percentile, type RunningServer, round, withTimeout } from './lib.ts';

export interface LoadSettings {
  connections: number;
  /** Seconds measured per run. */
  duration: number;
  /** Seconds of load before each measured run, discarded. */
  warmup: number;
  /** Shop/bare pairs, alternating which goes first; medians are reported. */
  rounds: number;
  /** Attempts per measurement when other programs disturbed it (1 = never repeat). */
  attempts: number;
  /** Longest wait for a quiet machine before each measurement, seconds. */
  quietWait: number;
}

/** A measurement starts once other work uses less than this (% of one core)… */
export const QUIET_LIMIT = 30;
/** …and is repeated when other programs used more than this during it. */
export const NOISE_LIMIT = 25;

interface Measured {
  cpu: CpuUse;
}

export interface Attempted {
  /** How many times it was measured; the least disturbed attempt is kept. */
  attempts: number;
  /** Other programs still took more than NOISE_LIMIT % of a core in the attempt kept. */
  disturbed: boolean;
}

async function leastDisturbed<T extends Measured>(
  settings: LoadSettings,
  run: () => Promise<T>,
): Promise<T & Attempted> {
  let best: T | undefined;
  let attempts = 0;
  while (attempts < settings.attempts) {
    attempts++;
    const quiet = await waitForQuiet(QUIET_LIMIT, settings.quietWait);
    const result = await run();
    // Started on a busy machine (the wait ran out): count that as disturbance too.
    const startedBusy = quiet.busy !== null && quiet.busy > QUIET_LIMIT;
    if (startedBusy) result.cpu.other = Math.max(result.cpu.other ?? 0, NOISE_LIMIT + 1);
    const other = result.cpu.other ?? 0;
    if (!best || other < (best.cpu.other ?? 0)) best = result;
    if (other <= NOISE_LIMIT) break;
    if (attempts < settings.attempts) {
      console.log(`    other programs used ${other}% of a core during this run; measuring again`);
    }
  }
  const kept = best!;
  return { ...kept, attempts, disturbed: (kept.cpu.other ?? 0) > NOISE_LIMIT };
}

// ---------------------------------------------------------------------------------------------
// autocannon

export interface CannonSummary extends Attempted {
  title: string;
  url: string;
  connections: number;
  durationS: number;
  requests: number;
  /** Mean of autocannon's per-second samples. */
  reqPerSec: number;
  /** autocannon's HDR histogram, 1 ms resolution. */
  latencyMs: { p50: number; p90: number; p99: number; mean: number; max: number };
  bytesPerSec: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  cpu: CpuUse;
}

interface Histogram {
  average: number;
  max: number;
  p50: number;
  p90: number;
  p99: number;
  total: number;
}

interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  throughput: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

function runAutocannon(
  url: string,
  connections: number,
  duration: number,
  title: string,
  headers?: Record<string, string>,
  paths?: readonly string[],
) {
  const instance = autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    title,
    ...(headers ? { headers } : {}),
    // Several paths: each connection sends them in turn (the search bench's queries).
    ...(paths ? { requests: paths.map((p) => ({ method: 'GET', path: p })) } : {}),
  });
  return withTimeout(
    instance as unknown as Promise<AutocannonResult>,
    (duration + 30) * 1000,
    `autocannon ${title}`,
  );
}

/** The server, and the PostgreSQL server's processes when it reads from one (not someone else's work). */
function measuredPids(server: RunningServer): Record<string, number> {
  const pids: Record<string, number> = { server: server.pid };
  if (server.usesPostgres) for (const pid of postgresPids()) pids[`postgres ${pid}`] = pid;
  return pids;
}

/**
 * `settings.warmup` seconds of load (discarded), then `settings.duration` seconds measured, with
 * the CPU use of the server, autocannon and the rest of the machine over the measured part.
 */
export function cannon(
  title: string,
  server: RunningServer,
  path: string,
  settings: LoadSettings,
  headers?: Record<string, string>,
  /** Instead of `path` alone: these paths in turn on each connection. */
  paths?: readonly string[],
): Promise<CannonSummary> {
  const url = `${server.url}${path}`;
  return leastDisturbed(settings, async () => {
    if (settings.warmup > 0)
      await runAutocannon(url, settings.connections, settings.warmup, `${title} warm-up`, headers, paths);
    const stop = cpuWindow(measuredPids(server));
    const result = await runAutocannon(url, settings.connections, settings.duration, title, headers, paths);
    const cpu = stop();
    const summary = {
      title,
      url,
      connections: settings.connections,
      durationS: result.duration,
      requests: result.requests.total,
      reqPerSec: result.requests.average,
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        mean: result.latency.average,
        max: result.latency.max,
      },
      bytesPerSec: result.throughput.average,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      cpu,
    };
    console.log(
      `    ${fmtInt(summary.reqPerSec)} req/s, p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms, ` +
        `${fmtInt(summary.requests)} requests, errors ${summary.errors}, non-2xx ${summary.non2xx}\n` +
        `    ${describeCpu(cpu)}`,
    );
    return summary;
  });
}

// ---------------------------------------------------------------------------------------------
// Sequential latency

export interface LatencySummary extends Attempted {
  url: string;
  requests: number;
  medianMs: number;
  p90Ms: number;
  p99Ms: number;
  meanMs: number;
  minMs: number;
  maxMs: number;
  cpu: CpuUse;
}

/**
 * Sequential GETs on one keep-alive connection (one request in flight at a time), each timed with
 * performance.now() from sending it to the last body byte: `settings.warmup` seconds discarded,
 * then `settings.duration` seconds measured (at most 100,000 requests).
 */
export function sequentialLatency(
  server: RunningServer,
  path: string,
  settings: LoadSettings,
): Promise<LatencySummary> {
  const url = `${server.url}${path}`;
  return leastDisturbed(settings, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const warmupEnd = performance.now() + settings.warmup * 1000;
      while (performance.now() < warmupEnd) {
        const res = await fetchRaw(url, 10_000, agent);
        if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status} during warm-up`);
      }
      const times: number[] = [];
      const stop = cpuWindow(measuredPids(server));
      const end = performance.now() + settings.duration * 1000;
      while (performance.now() < end && times.length < 100_000) {
        const start = performance.now();
        const res = await fetchRaw(url, 10_000, agent);
        times.push(performance.now() - start);
        if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
      }
      const cpu = stop();
      const sorted = times.toSorted((a, b) => a - b);
      const summary = {
        url,
        requests: sorted.length,
        medianMs: round(percentile(sorted, 50), 2),
        p90Ms: round(percentile(sorted, 90), 2),
        p99Ms: round(percentile(sorted, 99), 2),
        meanMs: round(sorted.reduce((a, b) => a + b, 0) / sorted.length, 2),
        minMs: round(sorted[0] ?? 0, 2),
        maxMs: round(sorted.at(-1) ?? 0, 2),
        cpu,
      };
      console.log(
        `    ${fmtInt(summary.requests)} requests, median ${summary.medianMs} ms, p99 ${summary.p99Ms} ms\n` +
          `    ${describeCpu(cpu)}`,
      );
      return summary;
    } finally {
      agent.destroy();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Shop against bare server

export interface Comparison {
  connections: number;
  durationS: number;
  warmupS: number;
  rounds: number;
  shop: CannonSummary[];
  bare: CannonSummary[];
  /** Rounds the summary figures come from: the undisturbed ones, or all if every round was disturbed. */
  roundsUsed: number[];
  /** Medians over the rounds used. */
  shopReqPerSec: number;
  bareReqPerSec: number;
  /** shop / bare of each round (both measured back to back, so drifts in machine speed cancel). */
  roundRatios: number[];
  /** Rounds (1-based) whose shop or bare run other programs still disturbed after every attempt. */
  disturbedRounds: number[];
  /** Median of the ratios of the rounds used. */
  ratio: number;
  /**
   * Informational: the same ratio per CPU-second of the server process (req/s ÷ cores used).
   * autocannon saturates its own core before the bare server does, so this is the fairer
   * comparison of what each server costs per request.
   */
  cpuNormalisedRatio: number | null;
  shopP50Ms: number;
  shopP99Ms: number;
  bareP50Ms: number;
  bareP99Ms: number;
  /** Medians over the rounds used, % of one core during the measured runs. */
  shopServerCpu: number | null;
  bareServerCpu: number | null;
  shopLoadGeneratorCpu: number;
  bareLoadGeneratorCpu: number;
  /** Errors, timeouts or non-2xx answers in a run: the comparison is not valid. */
  problems: string[];
  /** Runs that other programs still disturbed after every attempt. */
  disturbed: string[];
}

const medianOf = (values: (number | null)[]) =>
  values.some((v) => v === null) ? null : median(values as number[]);

/** Shop against bare server, `rounds` pairs alternating which side goes first. */
export async function compareThroughput(
  label: string,
  path: string,
  servers: { shop: RunningServer; bare: RunningServer },
  settings: LoadSettings,
  /** Sent with every request (a session cookie for the signed-in benchmarks). */
  headers?: Record<string, string>,
  /** Instead of `path` alone: these paths in turn on each connection (search's queries). */
  paths?: readonly string[],
): Promise<Comparison> {
  const runs: { shop: CannonSummary[]; bare: CannonSummary[] } = { shop: [], bare: [] };
  for (let round = 1; round <= settings.rounds; round++) {
    const order = round % 2 === 1 ? (['shop', 'bare'] as const) : (['bare', 'shop'] as const);
    for (const side of order) {
      console.log(
        `  [round ${round}/${settings.rounds}] autocannon -c ${settings.connections} -d ${settings.duration} ` +
          `(after ${settings.warmup} s warm-up) ${side} ${path}`,
      );
      runs[side].push(await cannon(`${label} ${side}`, servers[side], path, settings, headers, paths));
    }
  }
  const all = [...runs.shop, ...runs.bare];
  const roundRatios = runs.shop.map((s, i) => round(s.reqPerSec / runs.bare[i]!.reqPerSec, 3));
  const disturbedRounds = runs.shop.flatMap((s, i) =>
    s.disturbed || runs.bare[i]!.disturbed ? [i + 1] : [],
  );
  // Every summary figure comes from the rounds nobody disturbed (all rounds if there are none).
  const kept = runs.shop.map((_, i) => i).filter((i) => !disturbedRounds.includes(i + 1));
  const use = kept.length > 0 ? kept : runs.shop.map((_, i) => i);
  const shop = use.map((i) => runs.shop[i]!);
  const bare = use.map((i) => runs.bare[i]!);
  const perCpu = (s: CannonSummary) => {
    const cpu = s.cpu.processes.server;
    return cpu ? s.reqPerSec / (cpu / 100) : null;
  };
  const cpuRatios = use
    .map((i) => {
      const a = perCpu(runs.shop[i]!);
      const b = perCpu(runs.bare[i]!);
      return a !== null && b !== null ? a / b : null;
    })
    .filter((r): r is number => r !== null);
  return {
    connections: settings.connections,
    durationS: settings.duration,
    warmupS: settings.warmup,
    rounds: settings.rounds,
    shop: runs.shop,
    bare: runs.bare,
    roundsUsed: use.map((i) => i + 1),
    shopReqPerSec: round(median(shop.map((s) => s.reqPerSec)), 0),
    bareReqPerSec: round(median(bare.map((s) => s.reqPerSec)), 0),
    roundRatios,
    disturbedRounds,
    ratio: round(median(use.map((i) => roundRatios[i]!)), 3),
    cpuNormalisedRatio: cpuRatios.length > 0 ? round(median(cpuRatios), 3) : null,
    shopP50Ms: median(shop.map((s) => s.latencyMs.p50)),
    shopP99Ms: median(shop.map((s) => s.latencyMs.p99)),
    bareP50Ms: median(bare.map((s) => s.latencyMs.p50)),
    bareP99Ms: median(bare.map((s) => s.latencyMs.p99)),
    shopServerCpu: medianOf(shop.map((s) => s.cpu.processes.server ?? null)),
    bareServerCpu: medianOf(bare.map((s) => s.cpu.processes.server ?? null)),
    shopLoadGeneratorCpu: median(shop.map((s) => s.cpu.self)),
    bareLoadGeneratorCpu: median(bare.map((s) => s.cpu.self)),
    problems: all
      .filter((s) => s.errors > 0 || s.timeouts > 0 || s.non2xx > 0 || s.requests === 0)
      .map(
        (s) =>
          `${s.title}: ${s.errors} errors, ${s.timeouts} timeouts, ${s.non2xx} non-2xx, ${s.requests} requests`,
      ),
    disturbed: all
      .filter((s) => s.disturbed)
      .map((s) => `${s.title}: other programs used ${s.cpu.other}% of a core`),
  };
}
