// Test helpers: a fresh database per test file (in-memory PGlite, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL) and the real app built around it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Database, type OpenOptions, openDatabase } from '../db/client.ts';
import { loadConfig } from '../plugins/config.ts';
import { seedDemoData } from '../seed/demo-seed.ts';

/** A test database; `url` names it when it lives on the PostgreSQL server (for other processes). */
export async function createTestDatabase(options: OpenOptions = {}): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase('memory://', options);
    await database.migrate();
    return database;
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString(), options);
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database & { url?: string };
  close(): Promise<void>;
}

export async function createTestApp(
  options: { seed?: boolean; env?: Record<string, string>; onQuery?: (sql: string) => void } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.onQuery ? { onQuery: options.onQuery } : {});
  if (options.seed !== false) await seedDemoData(database.db);
  const config = loadConfig({ NODE_ENV: 'test', CATALOG_CACHE_SECONDS: '30', ...options.env });
  const app = await buildApp({ config, database });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
