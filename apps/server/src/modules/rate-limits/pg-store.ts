// A store for @fastify/rate-limit on the app's own database, so every instance behind a load
// balancer counts the same hits. One atomic upsert per hit: it increments the key's counter, or
// restarts it at 1 when the window has ended. The database's clock decides, not each instance's.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitHits } from './schema.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Row extends Record<string, unknown> {
  hits: number;
  ttl: number | string;
}

function rowsOf(result: unknown): Row[] {
  // node-postgres answers { rows }, PGlite answers { rows } too; drizzle passes them through.
  return (result as { rows: Row[] }).rows;
}

export interface CounterStore {
  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
  read(key: string): Promise<{ current: number; ttl: number }>;
}

export function createPgCounters(db: Db): CounterStore & { purgeExpired(): Promise<void> } {
  return {
    async hit(key, windowMs) {
      const window = `${Math.max(1, Math.trunc(windowMs))} milliseconds`;
      const result = await db.execute(sql`
        insert into rate_limit_hits (key, hits, reset_at)
        values (${key}, 1, clock_timestamp() + ${window}::interval)
        on conflict (key) do update set
          hits = case when rate_limit_hits.reset_at <= clock_timestamp() then 1 else rate_limit_hits.hits + 1 end,
          reset_at = case when rate_limit_hits.reset_at <= clock_timestamp() then excluded.reset_at
                          else rate_limit_hits.reset_at end
        returning hits, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000) as ttl`);
      const [row] = rowsOf(result);
      return { current: Number(row!.hits), ttl: Math.max(0, Number(row!.ttl)) };
    },
    async read(key) {
      const result = await db.execute(sql`
        select hits, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000) as ttl
        from rate_limit_hits where key = ${key} and reset_at > clock_timestamp()`);
      const [row] = rowsOf(result);
      return row ? { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl)) } : { current: 0, ttl: 0 };
    },
    /** Ended windows are dead rows; the sweeper deletes them. */
    async purgeExpired() {
      await db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`clock_timestamp()`));
    },
  };
}

/** The class @fastify/rate-limit instantiates (`store` option), around the shared counters. */
export function pgStoreClass(counters: CounterStore) {
  return class PgRateLimitStore {
    readonly prefix: string;
    constructor(_params?: unknown, prefix = 'rl:') {
      this.prefix = prefix;
    }
    incr(key: string, callback: Callback, timeWindow: number) {
      counters.hit(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    read(key: string, callback: Callback) {
      counters.read(this.prefix + key).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child(params: object) {
      const info = (params as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      const route = info?.url ? `${info.method}${info.url}:` : '';
      return new PgRateLimitStore(params, this.prefix + route);
    }
  };
}
