// A statement built once runs on the executor it is given: the pool, or a transaction's own
// connection (it sees that transaction's writes and goes with its rollback), and each database
// logs it to its own query logger.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import { preparedInsert, preparedStatement } from './prepared.ts';
import { users } from './schema.ts';

const userByMobile = preparedStatement('test_user_by_mobile', (db) =>
  db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(eq(users.mobile, sql.placeholder('mobile'))),
);

const insertUser = preparedInsert(
  'test_insert_user',
  users,
  ['firstName', 'lastName', 'mobile', 'email'],
  (insert) => insert.onConflictDoNothing().returning({ id: users.id, mobile: users.mobile }),
);

describe('preparedStatement', () => {
  const logs: string[][] = [[], []];
  let databases: Awaited<ReturnType<typeof createTestDatabase>>[] = [];
  beforeAll(async () => {
    databases = await Promise.all(
      logs.map((log) => createTestDatabase({ onQuery: (text) => log.push(text) })),
    );
  });
  afterAll(() => Promise.all(databases.map((d) => d.close())));

  it('runs inside a transaction on its connection: it sees the uncommitted row, which the rollback takes away', async () => {
    const { db } = databases[0]!;
    const seen = await db
      .transaction(async (tx) => {
        await tx.insert(users).values({
          firstName: 'Meera',
          lastName: 'Iyer',
          mobile: '9000000001',
          email: 'meera9000000001@example.in',
        });
        const rows = await userByMobile(tx).execute({ mobile: '9000000001' });
        tx.rollback();
        return rows;
      })
      .catch((error: Error) => error);
    expect(seen).toBeInstanceOf(Error); // the rollback
    expect(await userByMobile(db).execute({ mobile: '9000000001' })).toEqual([]);
    const inside = await db.transaction(async (tx) => {
      await tx.insert(users).values({
        firstName: 'Meera',
        lastName: 'Iyer',
        mobile: '9000000002',
        email: 'meera9000000002@example.in',
      });
      return userByMobile(tx).execute({ mobile: '9000000002' });
    });
    expect(inside).toEqual([{ id: expect.any(Number), firstName: 'Meera' }]);
  });

  it('runs on each database with its own values, logged by that database', async () => {
    const [a, b] = databases as [(typeof databases)[0], (typeof databases)[0]];
    await b.db
      .insert(users)
      .values({ firstName: 'Ravi', lastName: 'Nair', mobile: '9000000003', email: 'ravi@example.in' });
    logs[0]!.length = 0;
    logs[1]!.length = 0;
    expect(await userByMobile(a.db).execute({ mobile: '9000000003' })).toEqual([]);
    expect(await userByMobile(b.db).execute({ mobile: '9000000003' })).toEqual([
      { id: expect.any(Number), firstName: 'Ravi' },
    ]);
    expect(logs.map((l) => l.length)).toEqual([1, 1]);
  });

  it('inserts the named columns from their values, then runs what follows them (a conflict clause, returning)', async () => {
    const { db } = databases[0]!;
    const meera = { firstName: 'Meera', lastName: 'Rao', mobile: '9000000004', email: 'rao@example.in' };
    const [first] = await insertUser(db).execute(meera);
    expect(first).toEqual({ id: expect.any(Number), mobile: '9000000004' });
    // The conflict clause: the same mobile again inserts nothing and returns no row.
    expect(await insertUser(db).execute({ ...meera, email: 'rao2@example.in' })).toEqual([]);
    const [row] = await db.select().from(users).where(eq(users.id, first!.id));
    expect(row).toMatchObject(meera);
  });

  it('refuses a second statement under a name already taken', () => {
    expect(() =>
      preparedStatement('test_user_by_mobile', (db) => db.select().from(users).where(eq(users.id, 1))),
    ).toThrow(/Two prepared statements are named test_user_by_mobile/);
  });
});
