// Statements built once. Drizzle builds a statement's SQL text on every call, which costs about
// three times what running it costs (bench/README.md "Checkout throughput"); a statement declared
// here is built the first time, then run with new values on whichever executor it is given: the
// pool, or the connection of an open transaction. On PostgreSQL it is also a named prepared
// statement (parsed and planned once per connection); PGlite runs the same text each time.
//
// Only statements of a fixed shape belong here: values go in `sql.placeholder('name')`, never in
// the built text (a list whose length varies, an `inArray`, a multi-row insert cannot).
import { type SQL, sql } from 'drizzle-orm';
import {
  PgDialect,
  type PgInsertBase,
  type PgInsertValue,
  type PgQueryResultHKT,
  type PgTable,
} from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

type Executor = Db | Tx;

interface DriverSession {
  client: unknown;
  logger: unknown;
}

const names = new Set<string>();

/**
 * Declares a statement (`build` makes the query and is called once per driver); answers a
 * function giving the statement bound to an executor: `lockUser(tx).execute({ userId })`.
 */
export function preparedStatement<Q extends object>(
  name: string,
  build: (executor: Executor) => { prepare(name: string): Q },
): (executor: Executor) => Q {
  // One name, one text, on every connection (PostgreSQL refuses a second text under a name).
  if (names.has(name)) throw new Error(`Two prepared statements are named ${name}.`);
  names.add(name);
  // Keyed by the driver's session class: PostgreSQL and PGlite prepare different objects.
  const built = new Map<unknown, Q>();
  return (executor) => {
    const session = executor._.session as unknown as DriverSession;
    let template = built.get(session.constructor);
    if (!template) {
      template = build(executor).prepare(name);
      built.set(session.constructor, template);
    }
    // The built statement with this executor's connection and query logger in place of the first one's.
    return Object.assign(Object.create(template) as Q, { client: session.client, logger: session.logger });
  };
}

/** Integers as a PostgreSQL array literal ('{1,2}'): the value of a prepared `$n::int[]`. */
export const intArray = (values: readonly number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/**
 * An insert's values as placeholders named after their columns, for a prepared insert:
 * `.values(placeholdersFor<NewRow>()(['orderId', 'status']))`, executed with `{ orderId, status }`.
 */
export function placeholdersFor<Row>() {
  return <K extends keyof Row & string>(columns: readonly K[]) =>
    Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])) as unknown as Row;
}

/** The values a prepared insert of these columns takes: each named, none left to its default. */
export type InsertValues<T extends PgTable, K extends keyof T['$inferInsert']> = Required<
  Pick<T['$inferInsert'], K>
>;

type Finish<T extends PgTable, R> = (
  insert: PgInsertBase<T, PgQueryResultHKT>,
  executor: Executor,
) => {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
};

/**
 * A prepared insert of one row: each of `columns` a placeholder named after it, `finish` adding
 * what follows the values (`.returning()`, an `onConflict…`, or a statement with it as a CTE). Its
 * `execute` takes exactly those columns' values: `insertOrder(tx).execute({ orderNumber, … })`.
 */
export function preparedInsert<T extends PgTable, K extends keyof T['$inferInsert'] & string, R = unknown>(
  name: string,
  table: T,
  columns: readonly K[],
  finish: Finish<T, R> = (insert) => insert as unknown as ReturnType<Finish<T, R>>,
): (executor: Executor) => { execute(values: InsertValues<T, K>): Promise<R> } {
  const placeholders = Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)]));
  const statement = preparedStatement(name, (db) =>
    finish(db.insert(table).values(placeholders as PgInsertValue<T>), db),
  );
  return (executor) => {
    const bound = statement(executor);
    return { execute: (values) => bound.execute(values as Record<string, unknown>) };
  };
}

interface PreparingSession {
  prepareQuery(
    query: ReturnType<PgDialect['sqlToQuery']>,
    fields: undefined,
    name: string,
    arrayMode: boolean,
  ): { execute(values?: Record<string, unknown>): Promise<unknown> };
}

const dialect = new PgDialect();

/**
 * A prepared statement written in SQL, for a shape the query builders do not express (a CTE that
 * deletes and updates); values in `sql.placeholder('name')`, as above. Answers the driver's result.
 */
export function preparedSql(name: string, statement: SQL) {
  return preparedStatement(name, (executor) => ({
    prepare: (as: string) =>
      (executor._.session as unknown as PreparingSession).prepareQuery(
        dialect.sqlToQuery(statement),
        undefined,
        as,
        false,
      ),
  }));
}
