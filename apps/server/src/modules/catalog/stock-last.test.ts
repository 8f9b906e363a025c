// A checkout's stock taken as the last statements of its transaction, the COMMIT sent with them
// (reserveStockLast, decision 0027): a line that cannot be taken fails its own statement, so the
// whole transaction rolls back, the lines taken before it included.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/app.ts';
import { productVariants } from './schema.ts';
import { reserveStockLast, ShortLine } from './stock.ts';

let database: Database;
let first: { id: number; stock: number };
let second: { id: number; stock: number };
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const rows = await database.db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .orderBy(asc(productVariants.id))
    .limit(2);
  [first, second] = [rows[0]!, rows[1]!];
  await database.db.execute(sql`create table marks (id int primary key)`);
});
afterAll(() => database.close());

const line = (variantId: number, quantity: number) => ({
  variantId,
  quantity,
  productName: 'Test',
  weight: '100g',
});
const stockOf = async (id: number) =>
  (
    await database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, id))
  )[0]?.stock;

it('takes every line and answers the levels left, committed with the transaction', async () => {
  const levels = await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into marks values (1)`);
    return reserveStockLast(tx, [line(second.id, 2), line(first.id, 1)]);
  });
  expect(levels).toEqual([
    { variantId: first.id, stock: first.stock - 1, stamp: expect.stringMatching(/^\d{20}$/) },
    { variantId: second.id, stock: second.stock - 2, stamp: expect.stringMatching(/^\d{20}$/) },
  ]);
  expect(await stockOf(first.id)).toBe(first.stock - 1);
  expect(
    (await database.db.execute(sql`select id from marks`)) as unknown as { rows: unknown[] },
  ).toMatchObject({
    rows: [{ id: 1 }],
  });
});

it('rolls everything back on a short line, naming it', async () => {
  const attempt = database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into marks values (2)`);
    return reserveStockLast(tx, [line(first.id, 1), line(second.id, 1_000_000)]);
  });
  const error = await attempt.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ShortLine);
  expect((error as ShortLine).line.variantId).toBe(second.id);
  expect(await stockOf(first.id)).toBe(first.stock - 1);
  const marks = (await database.db.execute(sql`select id from marks order by id`)) as unknown as {
    rows: unknown[];
  };
  expect(marks.rows).toEqual([{ id: 1 }]);
});

it('treats a variant gone since the cart was read as short', async () => {
  const attempt = database.db.transaction((tx) =>
    reserveStockLast(tx, [line(first.id, 1), line(999_999, 1)]),
  );
  const error = await attempt.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ShortLine);
  expect((error as ShortLine).line.variantId).toBe(999_999);
  expect(await stockOf(first.id)).toBe(first.stock - 1);
});
