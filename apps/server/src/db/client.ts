// Opens the database named by DATABASE_URL: embedded PGlite (default, a path, or memory://) or a
// PostgreSQL server (postgres://…). Both speak the same SQL and run the same migrations.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Tracer } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { loadPincodeDirectory } from '../modules/delivery/pincode-data.ts';
import { pipelinePool, sharedConnection } from './pg-pipeline.ts';
import { PGliteOnWorker } from './pglite-worker.ts';

/**
 * Without the schema: the shop uses no relational queries (`db.query.*`), whose builders Drizzle
 * would otherwise make for every table on each transaction and savepoint.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** The handle a `db.transaction` callback receives: pass it on, never use `db` inside. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What it was opened with (the invalidation bus LISTENs on a connection of its own to it). */
  url: string;
  /**
   * PostgreSQL only: a connection of its own for short reads outside any transaction (the session
   * read, a checkout's first look), where those of one pass of the event loop share a write
   * (pg-pipeline.ts `sharedConnection`). Reads by key only: never a statement that may wait.
   */
  shared?: Db;
  /** The SQL migrations, then the data steps that must follow them (the pincode directory). */
  migrate(): Promise<void>;
  /**
   * Runs `task` while no other instance runs one: a PostgreSQL advisory lock held by a session of
   * its own (released by the server if this process dies). PGlite has one process: just runs it.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  /** The connections in use, idle and waited for (PGlite: its one connection, never waited for). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
  /** PGlite only: the data directory as a tar (the test templates are made with it). */
  dumpDataDir?(): Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export const DEFAULT_DATA_DIR = '.data/pglite';

/** The advisory lock key for boot-time work (migrations, demo seed): any fixed 64-bit number. */
const BOOT_LOCK_KEY = 4_815_162_342;

export interface OpenOptions {
  /** With tracing on (lib/tracing.ts): a span per statement. Unset, nothing is wrapped. */
  tracer?: Tracer;
  /** Called with the SQL of every statement sent (tests count round trips per request with it). */
  onQuery?: (sql: string) => void;
  /** PGlite in memory only: start from this data directory (a tar from `dumpDataDir`), for tests. */
  loadDataDir?: Blob;
  /**
   * PGlite only: run it on a worker thread, so the database and this thread's work (HTTP,
   * Drizzle) use separate cores (decision 0025). The server does unless PGLITE_WORKER=false.
   */
  worker?: boolean;
  /**
   * PGlite in memory and in this thread only, for tests: initdb's and the server's arguments, a
   * file system that starts with a data directory and PGlite's file bundle read once (the test
   * templates).
   */
  pglite?: Pick<PGliteOptions, 'initDbStartParams' | 'startParams' | 'fs' | 'fsBundle'>;
}

export async function openDatabase(url: string, options: OpenOptions = {}): Promise<Database> {
  const logger = options.onQuery ? { logQuery: (query: string) => options.onQuery!(query) } : undefined;
  if (/^postgres(ql)?:\/\//.test(url)) {
    // Pipeline mode: what a request has ready leaves in one write (pg-pipeline.ts, decision 0027).
    const pool = new pg.Pool({ connectionString: url, max: 10, pipeline: true });
    pipelinePool(pool);
    const tracing = options.tracer ? await import('./trace-queries.ts') : null;
    // After the pipeline's own listener: the span wraps the pipelined query.
    // pool.query (Drizzle's statements outside transactions) calls its connection's query with a
    // callback, which the wrapper passes through, so no statement is counted twice.
    if (tracing) {
      tracing.tracePgClient(options.tracer!, pool);
      pool.on('connect', (client) => tracing.tracePgClient(options.tracer!, client));
    }
    // An idle connection the server closes (restart, failover) is dropped and replaced on the
    // next query; without a listener the pool's 'error' event would crash the process.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL idle connection closed: ${error.message}`);
    });
    const db = drizzlePg(pool, logger ? { logger } : {}) as unknown as Db;
    const shared = sharedConnection(url);
    if (tracing) tracing.tracePgClient(options.tracer!, shared);
    return {
      db,
      kind: 'postgres',
      url,
      shared: drizzlePg(shared as unknown as pg.Pool, logger ? { logger } : {}) as unknown as Db,
      async migrate() {
        await migratePg(drizzlePg(pool), { migrationsFolder });
        await loadPincodeDirectory(db);
      },
      async exclusive(task) {
        const session = new pg.Client({ connectionString: url });
        await session.connect();
        try {
          await session.query('select pg_advisory_lock($1)', [BOOT_LOCK_KEY]);
          return await task();
        } finally {
          // Ending the session releases the lock, also when the task failed.
          await session.end();
        }
      },
      ping: () => ping(db),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: 10,
      }),
      close: async () => {
        await shared.end();
        await pool.end();
      },
    };
  }
  const dataDir = url === 'memory://' ? undefined : path.resolve(url || DEFAULT_DATA_DIR);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const loadDataDir = dataDir ? undefined : options.loadDataDir;
  // The worker's client offers what Drizzle and the migrator use of PGlite (query, exec, transaction).
  const client = options.worker
    ? (new PGliteOnWorker({
        ...(dataDir ? { dataDir } : {}),
        ...(loadDataDir ? { loadDataDir } : {}),
      }) as unknown as PGlite)
    : dataDir
      ? new PGlite(dataDir)
      : new PGlite({ ...options.pglite, ...(loadDataDir ? { loadDataDir } : {}) });
  try {
    await client.waitReady;
  } catch (error) {
    if (options.worker) await client.close().catch(() => {}); // stops the worker thread
    throw error;
  }
  if (options.tracer) (await import('./trace-queries.ts')).tracePglite(options.tracer, client);
  const db = drizzlePglite(client, logger ? { logger } : {}) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    url,
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await loadPincodeDirectory(db);
    },
    exclusive: (task) => task(),
    ping: () => ping(db),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
