// The test database templates made once per run by global-setup.ts, and what opening a copy needs.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { MemoryFS, type PGliteOptions } from '@electric-sql/pglite';
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

/**
 * A PGlite file system that starts with a template's data directory, so PGlite neither runs
 * initdb nor unpacks a tar (`loadDataDir` copies and parses the whole tar for every database).
 * The template's files are read once per process and copied into each database's memory.
 */
class TemplateFS extends MemoryFS {
  readonly template: DataDir;

  constructor(template: DataDir) {
    super();
    this.template = template;
  }

  override async initialSyncFs(): Promise<void> {
    await super.initialSyncFs();
    const { FS, ENV } = (this.pg as unknown as { Module: EmscriptenModule }).Module;
    for (const dir of this.template.dirs) FS.mkdirTree(`${ENV.PGDATA}/${dir}`);
    for (const [file, bytes] of this.template.files) FS.writeFile(`${ENV.PGDATA}/${file}`, bytes);
  }
}

interface EmscriptenModule {
  FS: { mkdirTree(path: string): void; writeFile(path: string, data: Uint8Array): void };
  ENV: { PGDATA: string };
}

/** A data directory: its directories (parents first) and its files with their contents. */
interface DataDir {
  dirs: string[];
  files: [string, Uint8Array][];
}

/** Reads a tar as PGlite's `dumpDataDir('none')` writes it: directories and regular files. */
function readTar(tar: Uint8Array): DataDir {
  const decoder = new TextDecoder();
  const text = (from: number, length: number) => {
    const field = tar.subarray(from, from + length);
    const end = field.indexOf(0);
    return decoder.decode(end < 0 ? field : field.subarray(0, end));
  };
  const dirs: string[] = [];
  const files: [string, Uint8Array][] = [];
  let at = 0;
  // Two zero blocks end the archive.
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const prefix = text(at + 345, 131);
    const name = (prefix ? `${prefix}/${text(at, 100)}` : text(at, 100)).replace(/^\/+|\/+$/g, '');
    const size = Number.parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(tar[at + 156]!);
    at += 512;
    if (type === '5') dirs.push(name);
    else if (type === '0' || type === '\0') files.push([name, tar.subarray(at, at + size)]);
    else throw new Error(`Unexpected entry type '${type}' for ${name} in a template tar`);
    at += Math.ceil(size / 512) * 512;
  }
  return { dirs: dirs.sort(), files };
}

// A test file may open several databases: each template is read once per process, and so is
// PGlite's own file bundle (share/, timezones), which PGlite would otherwise read from disk each time.
const dataDirs = new Map<string, Promise<DataDir>>();
let fsBundle: Promise<Blob> | null = null;

/** PGlite's options for a new database holding a copy of the template dumped to `file`. */
export async function templateOptions(file: string): Promise<Pick<PGliteOptions, 'fs' | 'fsBundle'>> {
  let dataDir = dataDirs.get(file);
  if (!dataDir) {
    // A plain Uint8Array: MEMFS copies a file with `slice`, which on a Buffer would share memory
    // with the template (and every database opened from it).
    dataDir = readFile(file).then((bytes) =>
      readTar(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)),
    );
    dataDirs.set(file, dataDir);
  }
  fsBundle ??= readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.data')).then(
    (bytes) => new Blob([bytes]),
  );
  return { fs: new TemplateFS(await dataDir), fsBundle: await fsBundle };
}

// A worker thread's PGlite loads a template as the tar it was dumped to (read once per process).
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
