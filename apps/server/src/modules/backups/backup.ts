// Backup and restore of the whole shop (issue 41, decision 0048): one gzip'd tar holding a
// manifest, the database and the media on disk.
// - PGlite: the data directory as PGlite dumps it (a consistent copy: one process owns the
//   database, and the backup command refuses while a shop holds it). Restored into a new, empty
//   data directory.
// - PostgreSQL: `pg_dump --format=custom` (one snapshot, consistent while the shop keeps running),
//   restored with `pg_restore` into an empty database.
// - Media: every file under MEDIA_DIR. Media in an S3 bucket stay there (the manifest says so).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { pgDumpProblem } from './rules.ts';
import { extractTar, TarWriter } from './tar.ts';

export const MANIFEST = 'manifest.json';
const PGLITE_ENTRY = 'database/pglite-datadir.tar';
const PG_DUMP_ENTRY = 'database/postgres.dump';

export interface Manifest {
  format: 'kesar-chakki-backup';
  version: 1;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; entry: string; serverVersion: string };
  media: { kind: 'disk' | 's3'; files: number };
}

export interface Tools {
  /** pg_dump and pg_restore (PG_DUMP / PG_RESTORE, else from PATH). */
  pgDump: string;
  pgRestore: string;
}

export const defaultTools = (env: Record<string, string | undefined> = process.env): Tools => ({
  pgDump: env.PG_DUMP || 'pg_dump',
  pgRestore: env.PG_RESTORE || 'pg_restore',
});

export class BackupError extends Error {}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', (e) =>
      reject(new BackupError(`could not run ${command}: ${e.message} (install the PostgreSQL client)`)),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(
            new BackupError(
              `${command} ${args[0] ?? ''} failed (exit ${code}): ${err.trim().slice(0, 2000)}`,
            ),
          ),
    );
  });
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, name)));
    // Half-written uploads (disk-storage.ts writes aside and renames) are not media yet.
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) files.push(name);
  }
  return files;
}

export interface BackupOptions {
  database: Database;
  /** Media on disk (MEDIA_DIR), or null when media live in an S3 bucket. */
  mediaDir: string | null;
  /** The file to write (written aside and renamed, so a backup file is always whole). */
  file: string;
  now?: Date;
  tools?: Tools;
}

export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const { database } = options;
  const tools = options.tools ?? defaultTools();
  const work = await mkdtemp(path.join(tmpdir(), 'shop-backup-'));
  const partial = `${options.file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    let dbFile: string;
    let serverVersion: string;
    if (database.kind === 'postgres') {
      serverVersion = await postgresVersion(database.url);
      const problem = pgDumpProblem(await run(tools.pgDump, ['--version']), serverVersion);
      if (problem) throw new BackupError(problem);
      dbFile = path.join(work, 'postgres.dump');
      // The outer gzip compresses; a snapshot of its own makes the dump consistent.
      await run(
        tools.pgDump,
        [
          '--format=custom',
          '--compress=0',
          '--no-owner',
          '--no-privileges',
          `--file=${dbFile}`,
          ...connectionArgs(database.url).args,
        ],
        connectionArgs(database.url).env,
      );
    } else {
      if (!database.dumpDataDir) throw new BackupError('this PGlite database cannot dump its data directory');
      const result = (await database.db.execute(
        sql`select current_setting('server_version_num') as v`,
      )) as unknown as {
        rows: { v: string }[];
      };
      serverVersion = result.rows[0]?.v ?? '';
      dbFile = path.join(work, 'pglite.tar');
      const blob = await database.dumpDataDir();
      await pipeline(blob.stream() as unknown as NodeJS.ReadableStream, createWriteStream(dbFile));
    }
    const media = options.mediaDir ? await listFiles(options.mediaDir) : [];
    const manifest: Manifest = {
      format: 'kesar-chakki-backup',
      version: 1,
      createdAt: (options.now ?? new Date()).toISOString(),
      database: {
        kind: database.kind,
        entry: database.kind === 'postgres' ? PG_DUMP_ENTRY : PGLITE_ENTRY,
        serverVersion,
      },
      media: { kind: options.mediaDir ? 'disk' : 's3', files: media.length },
    };
    await mkdir(path.dirname(path.resolve(options.file)), { recursive: true });
    const gzip = createGzip({ level: 6 });
    const done = pipeline(gzip, createWriteStream(partial));
    const tar = new TarWriter(gzip);
    await tar.addBuffer(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.addFile(manifest.database.entry, dbFile);
    for (const name of media) await tar.addFile(`media/${name}`, path.join(options.mediaDir!, name));
    await tar.finish();
    gzip.end();
    await done;
    await rename(partial, options.file);
    return manifest;
  } finally {
    await rm(partial, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The tools' connection: the URL without its password, which goes in PGPASSWORD instead, so it
 * never shows in the process list (`ps` shows every user a command's arguments).
 */
export function connectionArgs(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    args: [`--dbname=${parsed.toString()}`],
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ v: string }>('select current_setting($1) as v', ['server_version_num']))
      .rows[0]!.v;
  } finally {
    await client.end();
  }
}

/** Reads a backup file's manifest and extracts it under a new temporary directory. */
export async function openBackup(
  file: string,
): Promise<{ dir: string; manifest: Manifest; names: string[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'shop-restore-'));
  try {
    const names = await extractTar(createReadStream(file).pipe(createGunzip()), dir);
    const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== 'kesar-chakki-backup' || manifest.version !== 1)
      throw new BackupError(`${file} is not a backup of this shop (no manifest of format 1)`);
    if (!names.includes(manifest.database.entry))
      throw new BackupError(`${file} lacks its database (${manifest.database.entry})`);
    return { dir, manifest, names };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a readable backup: ${(error as Error).message}`);
  }
}

export interface RestoreOptions {
  file: string;
  /** The DATABASE_URL to restore into: an empty PostgreSQL database, or a PGlite directory that is empty or absent. */
  databaseUrl: string;
  /** Where media on disk go (MEDIA_DIR). */
  mediaDir: string;
  tools?: Tools;
}

export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const tools = options.tools ?? defaultTools();
  const { dir, manifest, names } = await openBackup(options.file);
  try {
    const source = path.join(dir, manifest.database.entry);
    const target = options.databaseUrl;
    const targetIsPostgres = /^postgres(ql)?:\/\//.test(target);
    if (manifest.database.kind === 'postgres') {
      if (!targetIsPostgres)
        throw new BackupError(
          'this backup is of a PostgreSQL shop: set DATABASE_URL to an empty PostgreSQL database to restore it',
        );
      await assertEmptyPostgres(target);
      await run(
        tools.pgRestore,
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          ...connectionArgs(target).args,
          source,
        ],
        connectionArgs(target).env,
      );
    } else {
      if (targetIsPostgres || target === 'memory://')
        throw new BackupError(
          'this backup is of an embedded (PGlite) shop: set DATABASE_URL to an empty or new directory (or leave it unset for .data/pglite) to restore it',
        );
      const dataDir = path.resolve(target || '.data/pglite');
      const existing = await readdir(dataDir).catch(() => []);
      if (existing.length > 0)
        throw new BackupError(`${dataDir} is not empty: restore into an empty or new directory`);
      await mkdir(dataDir, { recursive: true });
      const client = new PGlite(dataDir, { loadDataDir: new Blob([await readFile(source)]) });
      await client.waitReady;
      await client.close();
    }
    if (manifest.media.kind === 'disk') {
      await mkdir(options.mediaDir, { recursive: true });
      for (const name of names.filter((n) => n.startsWith('media/'))) {
        const to = path.join(options.mediaDir, name.slice('media/'.length));
        await mkdir(path.dirname(to), { recursive: true });
        // Names are content hashes: a file already there is the same file.
        if (!(await stat(to).catch(() => null))) await copyFile(path.join(dir, name), to);
      }
    }
    return manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function assertEmptyPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (rows[0]!.n > 0)
      throw new BackupError(
        `the database at DATABASE_URL already has ${rows[0]!.n} tables: restore into a new, empty database (createdb shop_restored)`,
      );
  } finally {
    await client.end();
  }
}
