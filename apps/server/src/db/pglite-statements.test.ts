// The worker's prepared statements (pglite-statements.ts) answer what PGlite's unnamed `query`
// answers: a statement run again after a schema change sees the new columns, a failure inside a
// transaction gives the same errors and the same aborted transaction, and the cache stays bounded.
// PGlite only: the PostgreSQL pass skips it.
import { PGlite, type Results } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTemplates, templateTar } from '../test/templates.ts';
import { PreparedStatements } from './pglite-statements.ts';
import { PGliteOnWorker } from './pglite-worker.ts';

type Client = PGlite | PGliteOnWorker;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** From the run's migrated template when there is one (an empty PGlite runs initdb, seconds). */
async function template(): Promise<{ loadDataDir?: Blob }> {
  const run = runTemplates('pglite');
  return run ? { loadDataDir: await templateTar(run.plain) } : {};
}

async function failure(work: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await work;
  } catch (error) {
    // Its own fields, but the stack and the options (the caller's object).
    const { stack: _stack, queryOptions: _options, ...fields } = error as Record<string, unknown>;
    return { message: (error as Error).message, ...fields };
  }
  throw new Error('expected a failure');
}

/** The same thing done to both clients answers the same. */
async function same<T>(a: Client, b: Client, run: (client: Client) => Promise<T>): Promise<T> {
  const inThread = await run(a);
  expect(await run(b)).toStrictEqual(inThread);
  return inThread;
}

describe.skipIf(onPostgres)('prepared statements on the PGlite worker', () => {
  let thread: PGlite;
  let worker: PGliteOnWorker;
  beforeAll(async () => {
    const options = await template();
    thread = new PGlite(options);
    worker = new PGliteOnWorker(options);
    for (const client of [thread, worker]) {
      await client.waitReady;
      await client.exec(`create table shapes (id int primary key, name text not null);
        insert into shapes values (1, 'one');`);
    }
  });
  afterAll(async () => {
    await Promise.all([thread, worker].map((c) => c && !c.closed && c.close()));
  });

  it('reads the new columns of a table a migration changed, with a statement run before', async () => {
    const read = (c: Client) => c.query('select * from shapes where id = $1', [1]);
    await same(thread, worker, read);
    await same(thread, worker, read);
    await same(thread, worker, (c) => c.query('alter table shapes add column size int default 7'));
    expect((await same(thread, worker, read)).rows).toEqual([{ id: 1, name: 'one', size: 7 }]);
    // Through the simple protocol too (the migrator's statements come either way).
    await same(thread, worker, (c) => c.exec('alter table shapes alter column size type text'));
    expect((await same(thread, worker, read)).rows).toEqual([{ id: 1, name: 'one', size: '7' }]);
  });

  it('fails inside a transaction as PGlite does: the error, the aborted transaction, nothing kept', async () => {
    const insert = 'insert into shapes (id, name) values ($1, $2) returning id';
    const read = 'select name from shapes where id = $1';
    // Both statements prepared on the worker before the transaction.
    await same(thread, worker, (c) => c.query(insert, [2, 'two']));
    await same(thread, worker, (c) => c.query(read, [2]));
    const outcome = await same(thread, worker, async (c) => {
      const seen: unknown[] = [];
      const thrown = await failure(
        c.transaction(async (tx) => {
          await tx.query(insert, [3, 'three']);
          const duplicate = await failure(tx.query(insert, [2, 'again']));
          seen.push(duplicate);
          // PostgreSQL names where it refused it (Parse or Bind, and the message's length with
          // it): the rest is the same.
          const { routine: _r, line: _l, length: _n, ...aborted } = await failure(tx.query(read, [3]));
          seen.push(aborted);
          throw Object.assign(new Error('given up'), { code: duplicate.code });
        }),
      );
      seen.push(thrown, (await c.query('select id from shapes order by id', [], { rowMode: 'array' })).rows);
      seen.push((await c.query(read, [2])).rows);
      return seen;
    });
    expect(outcome[0]).toMatchObject({ code: '23505', constraint: 'shapes_pkey', params: [2, 'again'] });
    expect(outcome[1]).toMatchObject({ code: '25P02', query: read });
    expect(outcome[2]).toMatchObject({ message: 'given up', code: '23505' });
    expect(outcome[3]).toEqual([[1], [2]]);
    expect(outcome[4]).toEqual([{ name: 'two' }]);
  });

  it('refuses a statement given too few values with the message PGlite gives, before and after it ran', async () => {
    const add = (values: number[]) => (c: Client) => c.query('select $1::int + $2::int as n', values);
    const refused = await same(thread, worker, (c) => failure(add([1])(c)));
    expect(refused.message).toBe('bind message supplies 1 parameters, but prepared statement "" requires 2');
    expect((await same(thread, worker, add([1, 2]))).rows).toEqual([{ n: 3 }]);
    await same(thread, worker, (c) => failure(add([1])(c)));
  });
});

describe.skipIf(onPostgres)('the prepared statement cache', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = new PGlite(await template());
    await pg.waitReady;
  });
  afterAll(() => pg?.close());

  it('keeps the statements used last, closing the others, and prepares a dropped one again', async () => {
    const statements = new PreparedStatements(pg, 2);
    const run = (sql: string) =>
      pg._runExclusiveQuery(() => statements.run(sql, [], {}, undefined, false)) as Promise<Results>;
    const open = async () =>
      (
        await pg.query<{ statement: string }>('select statement from pg_prepared_statements order by name')
      ).rows.map((r) => r.statement);
    await run('select 1 as a');
    await run('select 2 as b');
    await run('select 1 as a'); // used last: kept
    await run('select 3 as c');
    expect(await open()).toEqual(['select 1 as a', 'select 3 as c']);
    expect((await run('select 2 as b')).rows).toEqual([{ b: 2 }]);
    expect(await open()).toEqual(['select 3 as c', 'select 2 as b']);
    statements.clear();
    expect((await run('select 3 as c')).rows).toEqual([{ c: 3 }]);
    expect(await open()).toEqual(['select 3 as c']);
  });

  it('keeps a statement prepared inside a transaction that rolled back (prepared statements are not transactional)', async () => {
    const statements = new PreparedStatements(pg);
    const read = 'select count(*)::int as n from pg_class where relname = $1';
    await pg.transaction(async (tx) => {
      await pg._runExclusiveQuery(() => statements.run(read, ['pg_class'], {}, undefined, true));
      await tx.rollback();
    });
    const again = await pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(() => statements.run(read, ['pg_class'], {}, undefined, false)),
    );
    expect(again.rows).toEqual([{ n: 1 }]);
  });
});
