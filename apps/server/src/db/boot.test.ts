// Several instances starting together: migrations and the demo seed run once, one after another,
// on an empty database and again on a migrated one.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import { migrateAndSeed } from './boot.ts';
import { openDatabase } from './client.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('booting on PostgreSQL', () => {
  it('three instances started at once on an empty database all come up; one seeds', async () => {
    const name = `shop_boot_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase(url.toString())));
    try {
      const first = await Promise.all(instances.map((d) => migrateAndSeed(d, { seed: true })));
      expect(first.filter((r) => r.seeded)).toHaveLength(1);
      // A restart (or a rolling deploy) on the migrated, seeded database: nothing to do, no error.
      const again = await Promise.all(instances.map((d) => migrateAndSeed(d, { seed: true })));
      expect(again.every((r) => !r.seeded)).toBe(true);
      const products = await instances[0]!.db.execute(sql`select count(*)::int as n from products`);
      const [row] = (products as unknown as { rows: { n: number }[] }).rows;
      expect(row!.n).toBeGreaterThan(0);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await adminQuery(`drop database if exists ${name} with (force)`);
    }
  }, 120_000);
});

describe('booting', () => {
  it('migrates and seeds an empty database once, and a second boot leaves it as it is', async () => {
    const database = await createTestDatabase({ migrated: false });
    try {
      expect(await migrateAndSeed(database, { seed: true })).toEqual({
        seeded: true,
        demoAdminRevoked: false,
      });
      expect(await migrateAndSeed(database, { seed: true })).toEqual({
        seeded: false,
        demoAdminRevoked: false,
      });
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('leaving demo mode', () => {
  it('takes the admin role from the demo admin of a database that was once a demo', async () => {
    // Migrated (the run's template): this test starts at the demo seed.
    const database = await createTestDatabase();
    try {
      expect(await migrateAndSeed(database, { seed: true })).toEqual({
        seeded: true,
        demoAdminRevoked: false,
      });
      expect(await migrateAndSeed(database, { seed: false })).toEqual({
        seeded: false,
        demoAdminRevoked: true,
      });
      const rows = await database.db.execute(sql`select role from users where mobile = '9999900001'`);
      expect((rows as unknown as { rows: { role: string }[] }).rows).toEqual([{ role: 'customer' }]);
      // A second real boot has nothing left to revoke.
      expect(await migrateAndSeed(database, { seed: false })).toEqual({
        seeded: false,
        demoAdminRevoked: false,
      });
    } finally {
      await database.close();
    }
  }, 60_000);
});
