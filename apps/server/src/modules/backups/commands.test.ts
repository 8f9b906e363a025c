// The backup and restore commands end to end: into the default directory with old backups pruned,
// into an S3 bucket (a loopback fake that checks the signature's parts and the body's hash) and
// back from it, the embedded database refused while a shop holds it, and the npm scripts
// themselves.
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { holdDataDir } from '../../db/holder.ts';
import { createTestDatabase } from '../../test/app.ts';
import { freePort, stopShop } from '../../test/shop-process.ts';
import { adminQuery, databaseUrl } from '../../test/templates.ts';
import { BackupError, createBackup } from './backup.ts';
import { runBackup, runRestore } from './commands.ts';
import { backupName } from './rules.ts';
import { type BackupSettings, loadBackupSettings } from './settings.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const serverUrl = process.env.TEST_DATABASE_URL;
let work: string;
let sourceUrl: string;
const cleanups: (() => Promise<unknown>)[] = [];
const objects = new Map<string, Buffer>();
const seen: { method: string; url: string; authorization: string; hashOk: boolean }[] = [];
let s3: Server;
let endpoint: string;

/** A new empty target: a PGlite directory, or a new database on the PostgreSQL server. */
async function emptyTarget(label: string): Promise<string> {
  if (!serverUrl) return path.join(work, label);
  const name = `shop_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  cleanups.push(() => adminQuery(serverUrl, `drop database if exists ${name} with (force)`));
  return databaseUrl(serverUrl, name);
}

const settings = (over: Partial<BackupSettings>): BackupSettings => ({
  databaseUrl: sourceUrl,
  mediaDir: path.join(work, 'media'),
  restoreMediaDir: path.join(work, 'media-restored'),
  dir: path.join(work, 'backups'),
  retention: { keepDays: 30, keepAtLeast: 2 },
  s3: null,
  ...over,
});

async function orderCount(url: string) {
  const database = await openDatabase(url);
  try {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from public.products`,
    )) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]!.n;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'backup-commands-'));
  // The source shop: a seeded database, on disk for PGlite (as a shop keeps it), on the server otherwise.
  const seeded = await createTestDatabase({ seeded: true });
  if (serverUrl) {
    sourceUrl = seeded.url!;
    cleanups.push(() => seeded.close());
  } else {
    const file = path.join(work, 'seed.tar.gz');
    await createBackup({ database: seeded, mediaDir: null, file });
    await seeded.close();
    sourceUrl = path.join(work, 'source-pglite');
    await runRestore(settings({ databaseUrl: sourceUrl }), file);
  }
  s3 = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const hash = req.headers['x-amz-content-sha256'];
      seen.push({
        method: req.method!,
        url: req.url!,
        authorization: String(req.headers.authorization ?? ''),
        hashOk: req.method !== 'PUT' || hash === createHash('sha256').update(body).digest('hex'),
      });
      if (req.method === 'PUT') {
        objects.set(req.url!, body);
        res.writeHead(200).end();
      } else if (req.method === 'GET' && objects.has(req.url!)) {
        res.writeHead(200, { 'content-type': 'application/gzip' }).end(objects.get(req.url!));
      } else res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
    });
  });
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(s3.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  s3?.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rm(work, { recursive: true, force: true });
});

it('writes dated backups into BACKUP_DIR and deletes those past the retention', async () => {
  const dir = path.join(work, 'backups');
  const now = new Date('2026-11-29T22:00:00Z');
  const old = [40, 35, 31].map((d) => backupName(new Date(now.getTime() - d * 86_400_000)));
  await runBackup(settings({}), { now: new Date(now.getTime() - 86_400_000) });
  await runBackup(settings({}), { now: new Date(now.getTime() - 2 * 86_400_000) });
  for (const name of old) await writeFile(path.join(dir, name), 'old');
  await writeFile(path.join(dir, 'notes.txt'), 'mine');
  const run = await runBackup(settings({}), { now });
  expect(run.location).toBe(path.join(dir, backupName(now)));
  expect(run.deleted.sort()).toEqual([...old].sort());
  expect(run.summary).toMatch(/^Backup written to .* MB: (pglite|postgres) database, 0 media files\)/);
  expect((await readdir(dir)).sort()).toEqual(
    [
      backupName(now),
      backupName(new Date(now.getTime() - 86_400_000)),
      backupName(new Date(now.getTime() - 2 * 86_400_000)),
      'notes.txt',
    ].sort(),
  );
}, 180_000);

it('sends the backup to an S3 bucket, signed, and restores it from there', async () => {
  const bucket = {
    bucket: 'shop-backups',
    prefix: 'nightly/',
    endpoint,
    region: 'ap-south-1',
    accessKeyId: 'AKIATEST',
    secretAccessKey: 'secret-key',
  };
  const now = new Date('2026-11-29T22:00:00Z');
  const run = await runBackup(settings({ s3: bucket }), { now });
  expect(run.location).toBe(`s3://shop-backups/nightly/${backupName(now)}`);
  expect(seen.at(-1)).toMatchObject({
    method: 'PUT',
    url: `/shop-backups/nightly/${backupName(now)}`,
    hashOk: true,
  });
  expect(seen.at(-1)!.authorization).toMatch(
    /^AWS4-HMAC-SHA256 Credential=AKIATEST\/\d{8}\/ap-south-1\/s3\/aws4_request, SignedHeaders=.*x-amz-content-sha256/,
  );

  const target = await emptyTarget('from-s3');
  const line = await runRestore(settings({ s3: bucket, databaseUrl: target }), run.location);
  expect(line).toMatch(/^Restored the backup of 2026-11-29T22:00:00.000Z into/);
  expect(await orderCount(target)).toBe(await orderCount(sourceUrl));
  await expect(
    runRestore(settings({ s3: bucket, databaseUrl: await emptyTarget('missing') }), 's3://shop-backups/nope'),
  ).rejects.toThrow(/404/);
}, 180_000);

it.skipIf(serverUrl)(
  'refuses the embedded database while a shop holds it',
  async () => {
    // The parent process (vitest's) stands in for a running shop: alive and not this process.
    const release = holdDataDir(sourceUrl, process.ppid);
    try {
      await expect(runBackup(settings({}))).rejects.toThrow(
        /A shop \(pid \d+\) is running on the embedded database/,
      );
      await expect(runRestore(settings({}), path.join(work, 'any.tar.gz'))).rejects.toThrow(BackupError);
    } finally {
      release();
    }
    // A stale mark of a process long gone does not stop a backup.
    holdDataDir(sourceUrl, 2 ** 22 + 12345);
    await expect(
      runBackup(settings({}), { file: path.join(work, 'after-stale.tar.gz') }),
    ).resolves.toBeTruthy();
  },
  120_000,
);

it('runs as npm run backup and npm run restore', async () => {
  const run = promisify(execFile);
  const file = path.join(work, 'cli.tar.gz');
  const env = { ...process.env, DATABASE_URL: sourceUrl, MEDIA_DIR: path.join(work, 'cli-media') };
  const backup = await run(process.execPath, ['scripts/backup.ts', file], { cwd: ROOT, env });
  expect(backup.stdout).toMatch(/^Backup written to /);
  const target = await emptyTarget('cli-target');
  const restored = await run(process.execPath, ['scripts/restore.ts', file], {
    cwd: ROOT,
    env: { ...env, DATABASE_URL: target },
  });
  expect(restored.stdout).toMatch(/Start the shop \(npm start\)/);
  expect(await orderCount(target)).toBe(await orderCount(sourceUrl));
  // Without a file: the one line of usage, exit 2.
  await expect(run(process.execPath, ['scripts/restore.ts'], { cwd: ROOT, env })).rejects.toMatchObject({
    code: 2,
  });
}, 180_000);

it('names what is missing when BACKUP_S3_BUCKET has no endpoint or keys', () => {
  expect(() => loadBackupSettings({ BACKUP_S3_BUCKET: 'shop-backups' })).toThrow(
    /BACKUP_S3_ENDPOINT \(or S3_ENDPOINT\), BACKUP_S3_ACCESS_KEY_ID/,
  );
  const s = loadBackupSettings({
    BACKUP_S3_BUCKET: 'shop-backups',
    S3_BUCKET: 'shop-media',
    S3_ENDPOINT: 'https://s3.example.com/',
    S3_ACCESS_KEY_ID: 'a',
    S3_SECRET_ACCESS_KEY: 'b',
  });
  expect(s.s3).toMatchObject({ endpoint: 'https://s3.example.com', prefix: 'backups/', region: 'auto' });
  expect(s.mediaDir).toBeNull();
});

it.skipIf(serverUrl)(
  'refuses while the real shop runs on the embedded database, and backs up once it stopped',
  async () => {
    const port = await freePort();
    const { TEST_DATABASE_URL: _pg, ...env } = process.env;
    const child = spawn(process.execPath, [new URL('../../test/boot-shop.ts', import.meta.url).pathname], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, DATABASE_URL: sourceUrl, PORT: String(port), LOG_LEVEL: 'silent', DEMO_MODE: 'true' },
    });
    try {
      let up = false;
      for (let i = 0; i < 600 && !up; i++) {
        if (child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode}`);
        up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await new Promise((r) => setTimeout(r, 100));
      }
      expect(up).toBe(true);
      await expect(runBackup(settings({}), { file: path.join(work, 'live.tar.gz') })).rejects.toThrow(
        new RegExp(`A shop \\(pid ${child.pid}\\) is running`),
      );
    } finally {
      await stopShop(child);
    }
    expect(existsSync(path.join(sourceUrl, 'shop.pid'))).toBe(false);
    await expect(runBackup(settings({}), { file: path.join(work, 'stopped.tar.gz') })).resolves.toBeTruthy();
  },
  180_000,
);
