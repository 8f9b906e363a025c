// Test helpers: a fresh database per test file (in-memory PGlite, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL) and the real app built around it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Database, type OpenOptions, openDatabase } from '../db/client.ts';
import { offers } from '../modules/offers/schema.ts';
import { loadConfig } from '../plugins/config.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import { recordServerError } from './server-errors.ts';
import { adminQuery, databaseUrl, runTemplates, templateOptions, templateTar } from './templates.ts';

/**
 * A test database: a copy of the run's migrated template (with the demo seed when `seeded`), or,
 * without the global setup's templates, one migrated here. `migrated: false` gives one as initdb
 * leaves it, for the tests of migrating. `url` names it when it lives on the PostgreSQL server
 * (for other processes).
 */
export async function createTestDatabase(
  options: OpenOptions & { seeded?: boolean; migrated?: boolean } = {},
): Promise<Database & { url?: string }> {
  const { seeded = false, migrated = true, ...open } = options;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const templates = runTemplates('pglite');
    const template =
      templates && (migrated ? (seeded ? templates.seeded : templates.plain) : templates.empty);
    // A worker thread cannot share this thread's file system: it loads the template's tar instead.
    if (template && open.worker)
      return openDatabase('memory://', { ...open, loadDataDir: await templateTar(template) });
    if (template) return openDatabase('memory://', { ...open, pglite: await templateOptions(template) });
    const database = await openDatabase('memory://', open);
    if (migrated) await database.migrate();
    if (migrated && seeded) await seedDemoData(database.db);
    return database;
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const templates = runTemplates('postgres');
  const template = migrated && templates && (seeded ? templates.seeded : templates.plain);
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase(url, open);
  if (migrated && !template) {
    await database.migrate();
    if (seeded) await seedDemoData(database.db);
  }
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database & { url?: string };
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    onQuery?: (sql: string) => void;
    /** PGlite on a worker thread, as the server runs it (decision 0025); tests default to in-thread. */
    pgliteWorker?: boolean;
    /**
     * Keep the demo's automatic offers (issue 36). Off by default: the suites written before offers
     * price their carts without them; an offers test keeps them or creates its own.
     */
    demoOffers?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({
    seeded: options.seed !== false,
    ...(options.onQuery ? { onQuery: options.onQuery } : {}),
    ...(options.pgliteWorker ? { worker: true } : {}),
  });
  if (options.seed !== false && !options.demoOffers) await database.db.delete(offers);
  const config = loadConfig({ NODE_ENV: 'test', CATALOG_CACHE_SECONDS: '30', ...options.env });
  const app = await buildApp({
    config,
    database,
    onResponse: async (request, reply) => {
      if (reply.statusCode >= 500)
        recordServerError(`${request.method} ${request.url} answered ${reply.statusCode}`);
    },
  });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
