// PGlite on a worker thread (pglite-worker.ts, decision 0025) against PGlite in this thread: the
// same statements must answer the same rows (every type Drizzle and the app read), the same errors
// with the same fields, the same transaction behaviour (statements from outside wait, rollback on
// error, an aborted COMMIT), and the data directory must dump, load and live on disk the same.
// PGlite only: the PostgreSQL pass skips it (it has no PGlite templates, and it tests nothing there).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, protocol, type Results } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTemplates, templateTar } from '../test/templates.ts';
import { PGliteOnWorker } from './pglite-worker.ts';

type Client = PGlite | PGliteOnWorker;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const things = pgTable('things', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  plain: timestamp('plain', { mode: 'string' }),
  data: jsonb('data').$type<unknown>(),
  amount: numeric('amount'),
  count: integer('count'),
});

const CREATE_THINGS = `create table things (
  id serial primary key,
  name text not null constraint things_name_key unique,
  at timestamptz not null,
  plain timestamp,
  data jsonb,
  amount numeric,
  count integer check (count >= 0)
)`;

// Every type the app reads, and the awkward cases of PGlite's parsers: dates and intervals (which
// Drizzle asks for as text), int8 past 2^53, json with a "__proto__" key, bytea, arrays of each,
// NULLs, and two columns of one name (a row object keeps the last).
const TYPES = `select
  '2026-11-27 10:11:12.345+05:30'::timestamptz as tstz,
  '2026-11-27 10:11:12.345'::timestamp as ts,
  'infinity'::timestamptz as forever,
  '2026-11-27'::date as d,
  '1 day 02:03:04'::interval as iv,
  '12345.6789'::numeric as num,
  32767::int2 as i2, 2147483647 as i4, 9007199254740993::int8 as big, 42::int8 as small8,
  1.5::float8 as f8, 0.1::float4 as f4, 7::oid as o,
  true as yes, false as no,
  'text ✓ हिन्दी' as txt, 'abc'::varchar(5) as vc, 'x'::char(3) as ch,
  '{"a":[1,2,{"b":null}],"c":"x"}'::json as js,
  '{"__proto__":{"x":1},"k":1.0}'::jsonb as jb,
  '\\x00ff10'::bytea as raw,
  array[1,2,null]::int[] as ints, array['a','b,c','"q"',null]::text[] as texts,
  array[1.5,2]::numeric[] as nums, array['2026-01-01 00:00:00+00']::timestamptz[] as stamps,
  array['2026-01-02']::date[] as dates, array['{"a":1}']::jsonb[] as docs,
  array['1 hour']::interval[] as ivs, array[9007199254740993]::int8[] as bigs,
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid as id,
  null::int as nothing, null::timestamptz as never,
  1 as dup, 'two' as dup
from generate_series(1, 3)`;

interface OpenOptions {
  dataDir?: string;
  loadDataDir?: Blob;
}

/** Starts from the run's migrated template (an empty PGlite runs initdb, seconds) unless told. */
async function start(options: OpenOptions): Promise<OpenOptions> {
  const template = runTemplates('pglite');
  if (options.dataDir || options.loadDataDir || !template) return options;
  return { loadDataDir: await templateTar(template.plain) };
}

async function openWorker(options: OpenOptions = {}): Promise<PGliteOnWorker> {
  const client = new PGliteOnWorker(await start(options));
  await client.waitReady;
  return client;
}

async function openThread(options: OpenOptions = {}): Promise<PGlite> {
  const { dataDir, loadDataDir } = await start(options);
  const client = dataDir ? new PGlite(dataDir) : new PGlite(loadDataDir ? { loadDataDir } : {});
  await client.waitReady;
  return client;
}

const orm = (client: Client) => drizzle(client as PGlite);

/**
 * An error's own fields (code, detail, constraint, query, params…), the stack left out, and the
 * statement's options by what they hold (Drizzle makes new parser functions for each statement).
 */
function fieldsOf(error: unknown) {
  const e = error as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(e)
      .filter((k) => k !== 'stack')
      .map((k) => {
        const options = e[k] as { parsers?: object } | undefined;
        if (k !== 'queryOptions' || !options?.parsers) return [k, e[k]];
        return [k, { ...options, parsers: Object.keys(options.parsers) }];
      }),
  );
}

async function failure(work: Promise<unknown>): Promise<Error> {
  try {
    await work;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

/** The same thing done to both clients answers the same (deep, with classes and prototypes). */
async function same<T>(a: Client, b: Client, run: (client: Client) => Promise<T>): Promise<T> {
  const inThread = await run(a);
  const onWorker = await run(b);
  expect(onWorker).toStrictEqual(inThread);
  return inThread;
}

describe.skipIf(onPostgres)('PGlite on a worker thread, against PGlite in this thread', () => {
  let thread: PGlite;
  let worker: PGliteOnWorker;
  /** Opened from the dump (in this thread, on a worker), then closed by the close test. */
  let copies: Client[] = [];
  beforeAll(async () => {
    [thread, worker] = await Promise.all([openThread(), openWorker()]);
    for (const client of [thread, worker]) await client.exec(CREATE_THINGS);
  });
  afterAll(async () => {
    await Promise.all([thread, worker, ...copies].map((c) => c && !c.closed && c.close().catch(() => {})));
  });

  it('answers the same rows for every type, in both row modes, with and without parsers of the caller', async () => {
    const drizzleLike = {
      // What Drizzle passes: its own (identity) parsers for dates and intervals and their arrays.
      parsers: Object.fromEntries(
        [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((t) => [t, (v: string) => v]),
      ),
    };
    const tagging = {
      parsers: { 1700: (v: string, type?: number) => `${type}:${v}`, 17: (v: string) => v.length },
    };
    const rows = (await same(thread, worker, (c) => c.query(TYPES))) as Results<Record<string, unknown>>;
    expect(rows.rows).toHaveLength(3);
    expect(rows.rows[0]).toMatchObject({ big: 9007199254740993n, small8: 42, forever: Infinity, dup: 'two' });
    expect(rows.rows[0]!.raw).toBeInstanceOf(Uint8Array);
    expect(rows.rows[0]!.tstz).toBeInstanceOf(Date);
    await same(thread, worker, (c) => c.query(TYPES, [], { rowMode: 'array' }));
    const text = (await same(thread, worker, (c) => c.query(TYPES, [], drizzleLike))) as Results<
      Record<string, unknown>
    >;
    expect(text.rows[0]).toMatchObject({ tstz: '2026-11-27 04:41:12.345+00', iv: '1 day 02:03:04' });
    await same(thread, worker, (c) => c.query(TYPES, [], { ...drizzleLike, rowMode: 'array' }));
    const tagged = (await same(thread, worker, (c) => c.query(TYPES, [], tagging))) as Results<
      Record<string, unknown>
    >;
    expect(tagged.rows[0]).toMatchObject({ num: '1700:12345.6789', raw: '\\x00ff10'.length });
    await same(thread, worker, (c) => c.query(TYPES, [], { ...tagging, rowMode: 'array' }));
    await same(thread, worker, (c) =>
      c.exec(`${TYPES}; select 1 as one; create temp table t1 (x int); drop table t1`),
    );
  });

  it('sends parameters of every kind the same way', async () => {
    const params = [
      new Uint8Array([0, 255, 16]),
      { a: [1, { b: null }], big: 12n },
      new Date('2026-11-27T04:41:12.345Z'),
      9007199254740993n,
      true,
      [1, 2, null],
      'it’s',
      null,
      undefined,
      ['x', 'y'],
      '2026-11-27 10:00:00',
    ];
    await same(thread, worker, (c) =>
      c.query(
        `select $1::bytea as raw, $2::jsonb as doc, $3::timestamptz as at, $4::int8 as big, $5::bool as yes,
           $6::int[] as ints, $7::text as s, $8::int as n, $9::text as u, $10::text[] as texts, $11 as untyped`,
        params,
      ),
    );
    // The pincode loader's shape: one statement, array parameters of 19,000 values.
    const many = Array.from({ length: 19_000 }, (_, i) => String(100000 + i));
    await same(thread, worker, (c) =>
      c.query('select count(*)::int as n, max(x) as top from unnest($1::text[]) x', [many]),
    );
  });

  it('answers the same through Drizzle: typed selects, raw SQL, inserts with returning', async () => {
    const at = new Date('2026-11-27T04:41:12.345Z');
    const inserted = await same(thread, worker, (c) =>
      orm(c)
        .insert(things)
        .values([
          {
            name: 'one',
            at,
            plain: '2026-01-02 03:04:05',
            data: { k: [1, 'two'] },
            amount: '10.50',
            count: 1,
          },
          { name: 'two', at, data: null, amount: null, count: null },
        ])
        .returning(),
    );
    expect(inserted[0]).toMatchObject({ name: 'one', at, data: { k: [1, 'two'] }, amount: '10.50' });
    await same(thread, worker, (c) => orm(c).select().from(things).orderBy(things.id));
    await same(thread, worker, (c) =>
      orm(c)
        .select({
          id: things.id,
          when: sql<string>`${things.at}`,
          n: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(things)
        .orderBy(things.id),
    );
    await same(thread, worker, (c) => orm(c).execute(sql`select * from things order by id`));
    await same(thread, worker, (c) => orm(c).execute(sql.raw(TYPES)));
  });

  it('throws the same database errors, with every field, as PGlite and through Drizzle', async () => {
    const unique = "insert into things (name, at) values ($1, '2026-11-27 10:00+05:30')";
    for (const run of [
      (c: Client) => c.query(unique, ['one']),
      (c: Client) => c.query("insert into things (name, at, count) values ($1, '2026-11-27', -1)", ['neg']),
      (c: Client) => c.query('select * from nowhere where x = $1', [1]),
      (c: Client) => c.query('selec 1', [], { rowMode: 'array' }),
      (c: Client) => c.exec('select 1; select 1/0'),
    ]) {
      const [a, b] = [await failure(run(thread)), await failure(run(worker))];
      expect(b).toBeInstanceOf(protocol.messages.DatabaseError);
      expect(b.constructor).toBe(a.constructor);
      expect(b.message).toBe(a.message);
      expect(fieldsOf(b)).toStrictEqual(fieldsOf(a));
    }
    const dup = await failure(worker.query(unique, ['one']));
    expect(dup).toMatchObject({ code: '23505', constraint: 'things_name_key', table: 'things' });
    expect((dup as unknown as { detail: string }).detail).toBe('Key (name)=(one) already exists.');
    // Drizzle wraps it; the app reads `cause.code` and `cause.constraint`.
    const at = new Date(); // one value for both: its milliseconds are in the message
    const [a, b] = await Promise.all(
      [thread, worker].map((c) => failure(orm(c).insert(things).values({ name: 'one', at }))),
    );
    expect(b!.constructor).toBe(a!.constructor);
    expect(b!.message).toBe(a!.message);
    expect(fieldsOf(b!.cause)).toStrictEqual(fieldsOf(a!.cause));
    expect(b!.cause).toMatchObject({ code: '23505', constraint: 'things_name_key' });
  });

  it('commits, rolls back on error (rethrowing it), and rolls back when asked', async () => {
    for (const client of [thread, worker]) {
      const boom = new Error('boom');
      await expect(
        client.transaction(async (tx) => {
          await tx.query('insert into things (name, at) values ($1, now())', ['rolled back']);
          throw boom;
        }),
      ).rejects.toBe(boom);
      const kept = await client.transaction(async (tx) => {
        await tx.query('insert into things (name, at) values ($1, now())', ['committed']);
        return (await tx.query<{ n: number }>('select count(*)::int as n from things')).rows[0]!.n;
      });
      expect(kept).toBe(3);
      const asked = await client.transaction(async (tx) => {
        await tx.query('insert into things (name, at) values ($1, now())', ['asked']);
        await tx.rollback();
        expect(tx.closed).toBe(true);
        return 'done';
      });
      expect(asked).toBe('done');
      // A statement of a closed transaction is refused.
      let leaked: { query: (sql: string) => Promise<unknown> } | undefined;
      await client.transaction(async (tx) => {
        leaked = tx;
      });
      await expect(leaked!.query('select 1')).rejects.toThrow('Transaction is closed');
    }
    await same(thread, worker, (c) => c.query('select name from things order by id'));
  });

  it('answers an aborted transaction’s COMMIT with TransactionAbortedError, and a failed one inside with its own error', async () => {
    const [a, b] = await Promise.all(
      [thread, worker].map((client) =>
        failure(
          client.transaction(async (tx) => {
            // The failure is swallowed: the transaction is aborted and COMMIT rolls it back.
            await tx.query('insert into things (name, at) values ($1, now())', ['one']).catch(() => {});
          }),
        ),
      ),
    );
    expect(b!.constructor).toBe(a!.constructor);
    expect(b).toMatchObject({ code: '25P02', query: 'COMMIT' });
    expect(fieldsOf(b)).toStrictEqual(fieldsOf(a));
    const [c, d] = await Promise.all(
      [thread, worker].map((client) =>
        failure(
          client.transaction(async (tx) => {
            await tx.query('insert into things (name, at) values ($1, now())', ['inside']);
            await tx.query('insert into things (name, at) values ($1, now())', ['one']);
          }),
        ),
      ),
    );
    expect(fieldsOf(d)).toStrictEqual(fieldsOf(c));
    await same(thread, worker, (client) => client.query("select count(*) from things where name = 'inside'"));
  });

  it('keeps statements from outside waiting while a transaction is open, and runs them after in order', async () => {
    for (const client of [thread, worker]) {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const order: string[] = [];
      const transaction = client.transaction(async (tx) => {
        await tx.query('insert into things (name, at) values ($1, now())', ['first half']);
        await gate;
        await tx.query('insert into things (name, at) values ($1, now())', ['second half']);
        order.push('commit');
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const outside = client
        .query<{ name: string }>("select name from things where name like '% half' order by id")
        .then((r) => {
          order.push('outside');
          return r.rows.map((row) => row.name);
        });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(order).toEqual([]);
      release();
      await transaction;
      expect(await outside).toEqual(['first half', 'second half']);
      expect(order).toEqual(['commit', 'outside']);
      await client.query("delete from things where name like '% half'");
    }
  });

  it('runs Drizzle’s transactions and savepoints the same way', async () => {
    await same(thread, worker, async (c) => {
      const db = orm(c);
      const outcome = await db.transaction(async (tx) => {
        await tx.insert(things).values({ name: 'outer', at: new Date(0) });
        const inner = await tx
          .transaction(async (nested) => {
            await nested.insert(things).values({ name: 'inner', at: new Date(0) });
            throw new Error('inner fails');
          })
          .catch((error: Error) => error.message);
        return inner;
      });
      const names = await db.execute(sql`select name from things where name in ('outer', 'inner')`);
      return { outcome, names: names.rows };
    });
  });

  it('dumps the data directory, which opens on a worker and in this thread alike', async () => {
    const [a, b] = await Promise.all([thread.dumpDataDir('none'), worker.dumpDataDir('none')]);
    expect(b).toBeInstanceOf(File);
    expect([(b as File).name, b.type]).toEqual([(a as File).name, a.type]);
    copies = [await openThread({ loadDataDir: b }), await openWorker({ loadDataDir: b })];
    const rows = await same(copies[0]!, copies[1]!, (c) => c.query('select name from things order by id'));
    expect(rows.rows).toEqual((await worker.query('select name from things order by id')).rows);
  });

  it('closes after what was asked before and an open transaction, and refuses what comes after', async () => {
    // The two copies of the test before, closed here.
    expect(copies).toHaveLength(2);
    const outcomes = await Promise.all(
      copies.map(async (client: Client) => {
        const events: string[] = [];
        let release!: () => void;
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        const before = client.query('select 1 as n').then(() => events.push('before'));
        const transaction = client.transaction(async (tx) => {
          await gate;
          // Still served while close() waits for this transaction.
          const { rows } = await tx.query<{ n: number }>('select 2 as n');
          events.push(`transaction ${rows[0]!.n}`);
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
        const closing = client.close().then(() => events.push('closed'));
        const after = client.query('select 3').then(
          () => events.push('after ran'),
          () => events.push('after refused'),
        );
        release();
        await Promise.all([before, transaction, closing, after]);
        await expect(client.query('select 4')).rejects.toThrow('PGlite is closed');
        return events;
      }),
    );
    // What was asked after close() fails (PGlite's own message for it depends on timing).
    for (const events of outcomes) {
      expect(events.slice(0, 2)).toEqual(['before', 'transaction 2']);
      expect(events.slice(2).sort()).toEqual(['after refused', 'closed']);
    }
  });

  it('keeps a data directory on disk that PGlite in this thread reads, and closes for good', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-worker-'));
    try {
      // The directory starts as a copy of the migrated template (an empty one runs initdb: seconds).
      const template = runTemplates('pglite');
      const seed = new PGlite(dir, template ? { loadDataDir: await templateTar(template.plain) } : {});
      await seed.waitReady;
      await seed.close();
      const first = await openWorker({ dataDir: dir });
      await first.exec('create table notes (body text)');
      await first.query('insert into notes values ($1)', ['kept on disk']);
      await first.close();
      expect(first.closed).toBe(true);
      await expect(first.query('select 1')).rejects.toThrow('PGlite is closed');
      const second = await openThread({ dataDir: dir });
      expect((await second.query('select body from notes')).rows).toEqual([{ body: 'kept on disk' }]);
      await second.query('insert into notes values ($1)', ['and back']);
      await second.close();
      const third = await openWorker({ dataDir: dir });
      expect((await third.query('select body from notes')).rows).toEqual([
        { body: 'kept on disk' },
        { body: 'and back' },
      ]);
      await third.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
