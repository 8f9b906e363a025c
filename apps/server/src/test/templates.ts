// The test database templates made once per run by global-setup.ts, and what opening a copy needs.
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';

/** PGlite: paths of the dumped data directories; PostgreSQL: names of the template databases. */
export interface TestTemplates {
  kind: 'pglite' | 'postgres';
  /** PGlite only: as initdb leaves it, not migrated (on PostgreSQL a new database is empty). */
  empty?: string;
  /** Migrated, with the pincode directory, no demo data. */
  plain: string;
  /** The same with the demo seed. */
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates;
  }
}

/** The run's templates, when the global setup made them for this kind of database. */
export function runTemplates(kind: TestTemplates['kind']): TestTemplates | null {
  const templates = inject('testTemplates') as TestTemplates | undefined;
  return templates?.kind === kind ? templates : null;
}

// A test file may open several databases: each tar is read once per process.
const tars = new Map<string, Promise<Blob>>();
export function templateTar(file: string): Promise<Blob> {
  let tar = tars.get(file);
  if (!tar) {
    tar = readFile(file).then((bytes) => new Blob([bytes]));
    tars.set(file, tar);
  }
  return tar;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
