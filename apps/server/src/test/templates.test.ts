// Every database opened from the run's templates is a copy of its own: what one test file writes
// never shows in another's database, opened before or after (the files share one process).
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from './app.ts';

const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});

async function open(options: { seeded?: boolean; migrated?: boolean } = {}) {
  const database = await createTestDatabase(options);
  opened.push(database);
  return database;
}

async function count(database: Database, text: string): Promise<number> {
  const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${text}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

it('gives each database its own copy of the template', async () => {
  const first = await open({ seeded: true });
  const second = await open({ seeded: true });
  const products = await count(first, 'products');
  expect(products).toBeGreaterThan(0);

  await first.db.execute(sql`delete from reviews`);
  await first.db.execute(sql`update product_variants set stock = 0`);
  await first.db.execute(
    sql`insert into users (mobile, first_name, email) values ('9800000001', 'Asha', 'asha@example.in')`,
  );

  const third = await open({ seeded: true });
  for (const other of [second, third]) {
    expect(await count(other, 'reviews')).toBeGreaterThan(0);
    expect(await count(other, 'product_variants where stock = 0')).toBeLessThan(
      await count(other, 'product_variants'),
    );
    expect(await count(other, "users where mobile = '9800000001'")).toBe(0);
  }
  expect(await count(first, "users where mobile = '9800000001'")).toBe(1);
});

it('opens the three templates as they were made: empty, migrated, seeded', async () => {
  const tables = `information_schema.tables where table_schema = 'public'`;
  expect(await count(await open({ migrated: false }), tables)).toBe(0);
  const migrated = await open();
  expect(await count(migrated, tables)).toBeGreaterThan(30);
  expect(await count(migrated, 'pincodes')).toBeGreaterThan(19_000);
  expect(await count(migrated, 'products')).toBe(0);
  expect(await count(await open({ seeded: true }), 'products')).toBeGreaterThan(0);
});
