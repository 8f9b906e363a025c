// Vitest global setup: migrates (and seeds) once per run into two templates, which every test
// file copies instead of building its own database: a PGlite data directory dumped to a tar, or
// a PostgreSQL template database when TEST_DATABASE_URL is set. Starting PGlite empty runs initdb
// (~2 s) and the migrations load 19,000 pincodes; a copy of the template starts in a fraction.
// PGlite also gets a third, empty template (initdb's result) for the tests of migrating itself.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import { adminQuery, databaseUrl, type TestTemplates } from './templates.ts';

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const templates = serverUrl ? await postgresTemplates(serverUrl) : await pgliteTemplates();
  project.provide('testTemplates', templates.names);
  return templates.teardown;
}

async function pgliteTemplates() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-test-templates-'));
  // Every test file loads a copy, so the data directory is kept small and quick to start: WAL
  // segments of 1 MB instead of 16, none kept for reuse after a checkpoint, and a checkpoint
  // before each dump so that a copy starts without replaying the WAL. The copies start with 16 MB
  // of shared buffers (postgresql.auto.conf) instead of 128 MB, which every start clears.
  const database = await openDatabase('memory://', {
    pglite: {
      initDbStartParams: ['--wal-segsize=1'],
      startParams: [...PGlite.defaultStartParams, '-c', 'wal_recycle=off', '-c', 'min_wal_size=2MB'],
    },
  });
  const dump = async (file: string) => {
    await database.db.execute(sql`checkpoint`);
    writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  };
  try {
    await database.db.execute(sql`alter system set shared_buffers = '16MB'`);
    const empty = path.join(dir, 'empty.tar');
    await dump(empty);
    await database.migrate();
    const plain = path.join(dir, 'migrated.tar');
    await dump(plain);
    await seedDemoData(database.db);
    const seeded = path.join(dir, 'seeded.tar');
    await dump(seeded);
    const names: TestTemplates = { kind: 'pglite', empty, plain, seeded };
    return { names, teardown: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

async function postgresTemplates(serverUrl: string) {
  const stem = `shop_template_${randomBytes(4).toString('hex')}`;
  const names: TestTemplates = { kind: 'postgres', plain: `${stem}_migrated`, seeded: `${stem}_seeded` };
  for (const name of [names.plain, names.seeded]) {
    await adminQuery(serverUrl, `create database ${name}`);
    const database = await openDatabase(databaseUrl(serverUrl, name));
    try {
      await database.migrate();
      if (name === names.seeded) await seedDemoData(database.db);
    } finally {
      await database.close();
    }
  }
  return {
    names,
    async teardown() {
      for (const name of [names.plain, names.seeded]) {
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      }
    },
  };
}
