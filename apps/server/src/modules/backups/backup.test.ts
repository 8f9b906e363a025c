// Backup and restore (issue 41): a shop with orders and media is backed up, restored elsewhere
// (a new PGlite directory, or a new PostgreSQL database with TEST_DATABASE_URL), and every table
// of every schema is compared row by row; the media come back byte for byte.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ProductList } from '@spice/shared/contracts/catalog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp } from '../../test/shoppers.ts';
import { adminQuery, databaseUrl } from '../../test/templates.ts';
import { BackupError, createBackup, openBackup, restoreBackup } from './backup.ts';

let t: TestApp;
let work: string;
const serverUrl = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  work = await mkdtemp(path.join(tmpdir(), 'backup-test-'));
  const products = ProductList.parse((await t.app.inject('/api/products')).json()).filter((p) => p.active);
  for (let i = 0; i < 2; i++) {
    const s = await signUp(t.app, `72${String(10_000_000 + i).slice(-8)}`);
    const addressId = await addAddress(s);
    await addToCart(s, products[i]!.id, products[i]!.variants[0]!.weight, i + 1);
    const created = await createPaymentOrder(s, addressId);
    expect(created.statusCode, created.body).toBe(200);
    const { placed } = await payAndPlace(s, created.json().orderId);
    expect([200, 201], placed.body).toContain(placed.statusCode);
  }
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

/** Every table of every non-system schema: its rows as JSON, sorted. */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const tables = (await database.db.execute(sql`
    select table_schema as s, table_name as n from information_schema.tables
    where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'
    order by 1, 2`)) as unknown as { rows: { s: string; n: string }[] };
  const out: Record<string, string[]> = {};
  for (const { s, n } of tables.rows) {
    const rows = (await database.db.execute(
      sql.raw(`select row_to_json(x)::text as r from "${s}"."${n}" x`),
    )) as unknown as { rows: { r: string }[] };
    out[`${s}.${n}`] = rows.rows.map((r) => r.r).sort();
  }
  return out;
}

it('restores a shop with orders and media into an empty database, every table the same', async () => {
  const media = path.join(work, 'media');
  await mkdir(path.join(media, 'nested'), { recursive: true });
  const image = randomBytes(70_000);
  await writeFile(path.join(media, '0123456789abcdef0123-640.webp'), image);
  await writeFile(path.join(media, 'nested', 'x.webp'), 'x');
  await writeFile(path.join(media, 'half.webp.abc.tmp'), 'half-written');
  const before = await snapshot(t.database);
  expect(before['public.orders']!.length).toBe(2);
  expect(Object.keys(before).length).toBeGreaterThan(20);

  const file = path.join(work, 'shop.tar.gz');
  const manifest = await createBackup({ database: t.database, mediaDir: media, file });
  expect(manifest).toMatchObject({ database: { kind: t.database.kind }, media: { kind: 'disk', files: 2 } });
  // A gzip'd tar any operator can list.
  const listing = execFileSync('tar', ['tzf', file], { encoding: 'utf8' }).trim().split('\n');
  expect(listing).toEqual([
    'manifest.json',
    manifest.database.entry,
    'media/0123456789abcdef0123-640.webp',
    'media/nested/x.webp',
  ]);
  expect((await readdir(work)).filter((f) => f.includes('partial'))).toEqual([]);

  let restoredUrl: string;
  let dropRestored = async () => {};
  if (serverUrl) {
    const name = `shop_restore_${randomBytes(5).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    restoredUrl = databaseUrl(serverUrl, name);
    dropRestored = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  } else {
    restoredUrl = path.join(work, 'restored-pglite');
  }
  const restoredMedia = path.join(work, 'restored-media');
  try {
    await restoreBackup({ file, databaseUrl: restoredUrl, mediaDir: restoredMedia });
    const restored = await openDatabase(restoredUrl);
    try {
      expect(await snapshot(restored)).toEqual(before);
      // The restored shop carries on: its sequences continue past the restored rows.
      const next = (await restored.db.execute(
        sql`select nextval(pg_get_serial_sequence('public.orders', 'id'))::int as id`,
      )) as unknown as { rows: { id: number }[] };
      expect(next.rows[0]!.id).toBeGreaterThan(2);
    } finally {
      await restored.close();
    }
    expect(await readFile(path.join(restoredMedia, '0123456789abcdef0123-640.webp'))).toEqual(image);
    expect(await readFile(path.join(restoredMedia, 'nested', 'x.webp'), 'utf8')).toBe('x');

    // Never over a shop: the same target again is refused, the data left as it was.
    await expect(restoreBackup({ file, databaseUrl: restoredUrl, mediaDir: restoredMedia })).rejects.toThrow(
      BackupError,
    );
  } finally {
    await dropRestored();
  }
}, 180_000);

it('refuses a file that is not a whole backup', async () => {
  const junk = path.join(work, 'junk.tar.gz');
  await writeFile(junk, 'not a backup');
  await expect(openBackup(junk)).rejects.toThrow(/not a readable backup/);
  const file = path.join(work, 'cut.tar.gz');
  await createBackup({ database: t.database, mediaDir: null, file });
  const whole = await readFile(file);
  await writeFile(junk, whole.subarray(0, Math.floor(whole.length / 2)));
  await expect(openBackup(junk)).rejects.toThrow(BackupError);
}, 120_000);

it('refuses to restore a backup into the other kind of database', async () => {
  const file = path.join(work, 'kind.tar.gz');
  await createBackup({ database: t.database, mediaDir: null, file });
  const other = serverUrl ? path.join(work, 'other-pglite') : 'postgres://nobody@127.0.0.1:1/none';
  await expect(restoreBackup({ file, databaseUrl: other, mediaDir: path.join(work, 'm2') })).rejects.toThrow(
    serverUrl ? /PostgreSQL shop/ : /embedded \(PGlite\) shop/,
  );
}, 120_000);
