// GET /metrics in Prometheus's text format (prom-client), only when METRICS_TOKEN is set and only
// for `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Unset, nothing here runs: no route,
// no hook, no timer. Set, each request costs one histogram observe in the existing response hook:
// a Map lookup and a few array increments (RequestLatency, ~50 ns; prom-client's own labelled
// observe hashes its labels on every call, ~1 µs). Everything else is read when Prometheus
// scrapes: the shop's figures from the database (modules/metrics/shop-figures.ts), the pool, the
// event loop (prom-client's default metrics).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Messenger } from '../modules/messaging/service.ts';
import { readShopFigures } from '../modules/metrics/shop-figures.ts';

export type ObserveResponse = (request: FastifyRequest, reply: FastifyReply) => void;
/** The same observation for an answer sent without the framework (lib/front-cache.ts). */
export type ObserveAnswer = (method: string, route: string, status: number, seconds: number) => void;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m !== null && timingSafeEqual(digest(m[1]!), digest(token));
}

/**
 * Sets up the registry and the /metrics route; returns what the response hook calls per request.
 * The messenger's sends are counted by channel and outcome by wrapping its `send`.
 */
export function registerMetrics(
  app: FastifyInstance,
  token: string,
): { observe: ObserveResponse; observeAnswer: ObserveAnswer } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const http = new RequestLatency();
  const observe: ObserveResponse = (request, reply) => {
    http.observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  };
  const observeAnswer: ObserveAnswer = (method, route, status, seconds) =>
    http.observe(method, route, status, seconds);

  const messages = new Counter({
    name: 'shop_messages_total',
    help: 'Messages handed to a provider (or the dev outbox) by channel, and whether it took them',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  countMessages(app.services.messenger, messages);

  const { database } = app;
  let figures: Awaited<ReturnType<typeof readShopFigures>> | null = null;
  // Read once per scrape, before the registry is (its gauges' collect() run side by side).
  const readFigures = async () => {
    try {
      figures = await readShopFigures(database.db);
    } catch (error) {
      figures = null;
      app.log.warn({ err: error }, 'metrics: could not read the shop figures');
    }
  };
  new Gauge({
    name: 'shop_metrics_database_read_ok',
    help: '1 when this scrape could read the shop figures from the database, else 0',
    registers: [registry],
    collect() {
      this.set(figures ? 1 : 0);
    },
  });
  const fill = (
    gauge: Gauge<string>,
    label: string,
    values: Record<string, number> | undefined,
    known: readonly string[],
  ) => {
    gauge.reset();
    for (const key of new Set([...known, ...Object.keys(values ?? {})]))
      gauge.set({ [label]: key }, values?.[key] ?? 0);
  };
  new Gauge({
    name: 'shop_orders_placed',
    help: 'Orders placed so far, by payment mode (from the database: the same on every instance)',
    labelNames: ['payment_mode'] as const,
    registers: [registry],
    collect() {
      fill(this, 'payment_mode', figures?.ordersByPaymentMode, ['RAZORPAY', 'COD']);
    },
  });
  new Gauge({
    name: 'shop_payments',
    help: 'Payments in the ledger by fate: placed, refund_pending, refunded, failed',
    labelNames: ['fate'] as const,
    registers: [registry],
    collect() {
      fill(this, 'fate', figures?.paymentsByFate, ['placed', 'refund_pending', 'refunded', 'failed']);
    },
  });
  new Gauge({
    name: 'shop_jobs',
    help: 'Background jobs by state: queued, running, done (kept a week), dead (need the back office)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      fill(this, 'state', figures?.jobsByState, ['queued', 'running', 'done', 'dead']);
    },
  });
  new Gauge({
    name: 'shop_jobs_oldest_age_seconds',
    help: 'Age of the oldest job due and still queued, and of the longest-running job',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.set({ state: 'queued' }, figures?.oldestJobSeconds.queued ?? 0);
      this.set({ state: 'running' }, figures?.oldestJobSeconds.running ?? 0);
    },
  });
  new Gauge({
    name: 'shop_db_pool_connections',
    help: 'Database connections of this instance: in use, idle, max, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = database.poolStats?.() ?? { total: 0, idle: 0, waiting: 0, max: 0 };
      this.set({ state: 'in_use' }, s.total - s.idle);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
      this.set({ state: 'max' }, s.max);
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'Metrics need the METRICS_TOKEN as a bearer token.' });
    }
    await readFigures();
    const body = (await registry.metrics()) + http.exposition();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
  return { observe, observeAnswer };
}

function countMessages(messenger: Messenger, counter: Counter<'channel' | 'outcome'>) {
  const send = messenger.send.bind(messenger);
  messenger.send = async (message, executor) => {
    try {
      await send(message, executor);
    } catch (error) {
      counter.inc({ channel: message.channel, outcome: 'failed' });
      throw error;
    }
    counter.inc({ channel: message.channel, outcome: 'sent' });
  };
}

/** Upper bounds (seconds) of the request latency histogram's buckets. */
export const LATENCY_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

interface Series {
  labels: string;
  /** Per bucket (the last one +Inf), not cumulative: summed when written out. */
  counts: Float64Array;
  sum: number;
}

/**
 * HTTP requests by method, route pattern and status with their latency, as one Prometheus
 * histogram (`http_request_duration_seconds`). Kept here rather than in prom-client's Histogram
 * so that the per-request work is a Map lookup and two increments; written out at scrape time.
 */
export class RequestLatency {
  readonly #series = new Map<string, Series>();

  observe(method: string, route: string | undefined, status: number, seconds: number) {
    const key = `${method} ${status} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: `method="${escapeLabel(method)}",route="${escapeLabel(route ?? 'unmatched')}",status="${status}"`,
        counts: new Float64Array(LATENCY_BUCKETS.length + 1),
        sum: 0,
      };
      this.#series.set(key, series);
    }
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
    series.counts[i]!++;
    series.sum += seconds;
  }

  exposition(): string {
    const name = 'http_request_duration_seconds';
    const lines = [
      `# HELP ${name} HTTP requests by method, route (the route pattern, never the raw URL) and status, with their latency`,
      `# TYPE ${name} histogram`,
    ];
    for (const { labels, counts, sum } of this.#series.values()) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, i) => {
        cumulative += counts[i]!;
        lines.push(`${name}_bucket{le="${le}",${labels}} ${cumulative}`);
      });
      cumulative += counts[LATENCY_BUCKETS.length]!;
      lines.push(`${name}_bucket{le="+Inf",${labels}} ${cumulative}`);
      lines.push(`${name}_sum{${labels}} ${sum}`);
      lines.push(`${name}_count{${labels}} ${cumulative}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
