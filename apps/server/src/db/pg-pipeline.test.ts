// Statements a transaction issues together: on PostgreSQL they leave in one write (pg-pipeline.ts)
// and still run one after the other, each seeing the one before; a failure among them is the
// one reported, and the transaction rolls back. On PGlite the same code runs them one by one.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import { countSocketWrites } from '../test/socket-writes.ts';
import type { Database } from './client.ts';
import { endsTransaction, sharedConnection } from './pg-pipeline.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The rows of a raw statement's result (both drivers answer `{ rows }`). */
const rows = async <T>(result: Promise<unknown>) => ((await result) as { rows: T[] }).rows;

describe('statements issued together in a transaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table piped (id int primary key, note text not null)`);
  });
  afterAll(() => database.close());

  it('run in the order issued, each seeing the writes before it, and commit together', async () => {
    const seen = await database.db.transaction(async (tx) => {
      // Drizzle's builders start when awaited: Promise.all starts them in this order.
      const [, , read] = await Promise.all([
        tx.execute(sql`insert into piped values (1, 'one')`),
        tx.execute(sql`update piped set note = note || '+' where id = 1`),
        tx.execute(sql`select note from piped where id = 1`),
      ]);
      return (read as unknown as { rows: { note: string }[] }).rows[0]!.note;
    });
    expect(seen).toBe('one+');
    expect(await rows(database.db.execute(sql`select note from piped where id = 1`))).toEqual([
      { note: 'one+' },
    ]);
  });

  it('report the failing statement, not the aborted ones behind it, and leave nothing', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await Promise.all([
        tx.execute(sql`insert into piped values (2, 'two')`),
        tx.execute(sql`insert into piped values (1, 'duplicate')`),
        tx.execute(sql`insert into piped values (3, 'three')`),
      ]);
    });
    const error = (await attempt.catch((e: unknown) => e)) as Error & { cause?: { code?: string } };
    expect(error.message).toContain(`insert into piped values (1, 'duplicate')`);
    expect(error.cause?.code).toBe('23505'); // unique_violation, not 25P02 (transaction aborted)
    const left = await rows<{ id: number }>(database.db.execute(sql`select id from piped order by id`));
    expect(left.map((r) => r.id)).toEqual([1]);
    // The connection goes on working: the next transaction commits.
    await database.db.transaction((tx) => tx.execute(sql`insert into piped values (4, 'four')`));
    expect(await rows(database.db.execute(sql`select id from piped where id = 4`))).toHaveLength(1);
  });

  it('roll back a transaction that fails before its first statement', async () => {
    const attempt = database.db.transaction(async () => {
      throw new Error('changed my mind');
    });
    await expect(attempt).rejects.toThrow('changed my mind');
    await database.db.transaction((tx) => tx.execute(sql`insert into piped values (5, 'five')`));
    expect(await rows(database.db.execute(sql`select id from piped where id = 5`))).toHaveLength(1);
  });

  it('keep a BEGIN with an isolation level as it is', async () => {
    const [level] = await database.db.transaction(
      (tx) => rows<{ l: string }>(tx.execute(sql`select current_setting('transaction_isolation') as l`)),
      { isolationLevel: 'serializable' },
    );
    expect(level?.l).toBe('serializable');
  });
});

describe('a transaction ended with its last statement (endsTransaction)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table ended (id int primary key)`);
  });
  afterAll(() => database.close());
  const ids = async () =>
    (await rows<{ id: number }>(database.db.execute(sql`select id from ended order by id`))).map((r) => r.id);

  it('commits what the transaction wrote with it', async () => {
    const answer = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ended values (1)`);
      return endsTransaction(tx, () =>
        rows<{ id: number }>(tx.execute(sql`insert into ended values (2) returning id`)),
      );
    });
    expect(answer).toEqual([{ id: 2 }]);
    expect(await ids()).toEqual([1, 2]);
  });

  it('rolls everything back when that statement fails, and the connection goes on', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ended values (3)`);
      await endsTransaction(tx, () => tx.execute(sql`insert into ended values (1)`));
    });
    expect(((await attempt.catch((e: unknown) => e)) as { cause?: { code?: string } }).cause?.code).toBe(
      '23505',
    );
    expect(await ids()).toEqual([1, 2]);
    await database.db.transaction((tx) => tx.execute(sql`insert into ended values (4)`));
    expect(await ids()).toEqual([1, 2, 4]);
  });

  it('commits as usual when the statement comes only after an await', async () => {
    await database.db.transaction((tx) =>
      endsTransaction(tx, async () => {
        await Promise.resolve();
        await tx.execute(sql`insert into ended values (5)`);
        await tx.execute(sql`insert into ended values (6)`);
      }),
    );
    expect(await ids()).toEqual([1, 2, 4, 5, 6]);
  });
});

describe.skipIf(!onPostgres)('the PostgreSQL pool in pipeline mode', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** Socket writes made while `run` runs, on the one pooled connection that runs it. */
  async function countWrites(run: () => Promise<unknown>): Promise<number> {
    const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
    const client = await pool.connect();
    const stream = (client as unknown as { connection: { stream: Record<string, unknown> } }).connection
      .stream as { _write: (...a: unknown[]) => unknown; _writev: (...a: unknown[]) => unknown };
    client.release();
    let n = 0;
    const [write, writev] = [stream._write, stream._writev];
    stream._write = (...a) => {
      n++;
      return write.apply(stream, a);
    };
    stream._writev = (...a) => {
      n++;
      return writev.apply(stream, a);
    };
    try {
      await run();
    } finally {
      stream._write = write;
      stream._writev = writev;
    }
    return n;
  }

  it('sends BEGIN with the first statement and statements issued together in one write', async () => {
    // The pool's one idle connection is the spied one the transaction takes.
    const writes = await countWrites(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await Promise.all([tx.execute(sql`select 2`), tx.execute(sql`select 3`)]);
      }),
    );
    // BEGIN + select 1, select 2 + select 3, COMMIT.
    expect(writes).toBe(3);
  });

  it('sends the COMMIT with the statement that ends the transaction, and refuses one after it', async () => {
    const writes = await countWrites(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await endsTransaction(tx, () => tx.execute(sql`select 2`));
      }),
    );
    // BEGIN + select 1, select 2 + COMMIT.
    expect(writes).toBe(2);
    const late = database.db.transaction(async (tx) => {
      await endsTransaction(tx, () => tx.execute(sql`select 1`));
      await tx.execute(sql`select 2`);
    });
    const refused = (await late.catch((e: unknown) => e)) as { cause?: Error };
    expect(refused.cause?.message).toBe('This transaction was committed with its last statement.');
    // The connection is back in the pool as new.
    await database.db.transaction((tx) => tx.execute(sql`select 3`));
  });
});

describe.skipIf(!onPostgres)('the shared connection for short reads', () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('sends what several requests read in one pass of the event loop in one write, in order', async () => {
    const shared = sharedConnection(database.url!);
    await shared.query('select 1');
    const sockets = countSocketWrites();
    try {
      // Three "requests", each in a callback of its own, as sockets' data events are.
      const answers = await new Promise<unknown[]>((resolve, reject) => {
        const all: Promise<pg.QueryResult>[] = [];
        for (const n of [1, 2, 3]) setImmediate(() => all.push(shared.query('select $1::int as n', [n])));
        setImmediate(() => Promise.all(all).then(resolve, reject));
      });
      expect(answers.map((r) => (r as pg.QueryResult).rows[0].n)).toEqual([1, 2, 3]);
    } finally {
      sockets.restore();
    }
    expect(sockets.writes).toBe(1);
    await shared.end();
  });

  it('opens its connection again after losing it', async () => {
    const shared = sharedConnection(database.url!);
    const { pid } = (await shared.query('select pg_backend_pid() as pid')).rows[0] as { pid: number };
    await database.db.execute(sql`select pg_terminate_backend(${pid})`);
    // The statement in flight when it went may fail; the next one is answered on a new connection.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await shared.query('select 1').catch(() => {});
    const { other } = (await shared.query('select pg_backend_pid() as other')).rows[0] as { other: number };
    expect(other).not.toBe(pid);
    await shared.end();
  });
});
