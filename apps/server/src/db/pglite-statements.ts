// Named prepared statements for PGlite, on its worker thread. PGlite's `query` sends every
// statement unnamed (Parse, Describe, Bind, Describe, Execute, Sync: six trips into its
// WebAssembly), so PostgreSQL parses and analyses it each time, and PGlite copies its ~300 type
// parsers into a new object for every result. Here a data statement is parsed once under a name
// with its parameter and column types; after that one Bind, Execute, Sync runs it, and its rows
// are parsed with the column parsers picked once for it. The answer is what PGlite's `query`
// answers (rows, fields, command, counts; the same errors with the statement, params and options).
//
// Statements that may change what a name means (DDL, SET, anything not a data statement) run
// through PGlite's own `query`/`exec`, and the cache is dropped before them: PostgreSQL would
// refuse a prepared statement whose result columns a migration changed.
import { type PGlite, protocol, type QueryOptions, types } from '@electric-sql/pglite';
import type { WorkerResults } from './pglite-worker.ts';

type Parser = (value: string, typeId: number) => unknown;
type Messages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

interface Prepared {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
  /** Column parsers by the set of types the caller parses itself. */
  parsers: Map<string, (Parser | undefined)[]>;
}

/** Statements PostgreSQL can keep prepared without our knowing when they go stale. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

const { serialize } = protocol;
const identity = (value: string) => value;

export class PreparedStatements {
  readonly #pg: PGlite;
  readonly #max: number;
  #statements = new Map<string, Prepared>();
  /** Names dropped from the cache, closed in front of the next statement sent. */
  #toClose: string[] = [];
  #nextName = 1;

  constructor(pg: PGlite, max = 200) {
    this.#pg = pg;
    this.#max = max;
  }

  /** Whether `run` may take this statement (else: PGlite's own path, after `clear()`). */
  static takes(sql: string): boolean {
    return DATA_STATEMENT.test(sql);
  }

  /** Forgets every prepared statement (they are closed before the next one runs). */
  clear() {
    for (const prepared of this.#statements.values()) this.#toClose.push(prepared.name);
    this.#statements.clear();
  }

  /**
   * Runs a data statement as PGlite's `query` would. Call it holding PGlite's query mutex (and,
   * outside a transaction, its transaction mutex), as PGlite's `query` holds them.
   */
  async run(
    sql: string,
    params: unknown[],
    options: QueryOptions,
    rawTypes: number[] | undefined,
    inTransaction: boolean,
  ): Promise<WorkerResults> {
    let messages: Messages;
    try {
      const prepared = await this.#prepared(sql, options.paramTypes);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = this.#pg.serializers[prepared.paramTypes[i] as number];
        return serializer ? serializer(param) : (param as { toString(): string }).toString();
      });
      const bind = { values: values as string[] };
      messages =
        values.length === prepared.paramTypes.length
          ? await this.#send(
              prepared.name,
              serialize.bind({ ...bind, statement: prepared.name }),
              serialize.execute({}),
            )
          : // Refused as PGlite refuses it, naming its unnamed statement.
            await this.#send(
              '',
              serialize.parse({ text: sql, types: options.paramTypes }),
              serialize.bind(bind),
            );
      const result = shape(messages, prepared, options.rowMode, this.#parsers(prepared, rawTypes));
      // PGlite writes its files after a statement outside a transaction (a no-op in memory).
      if (!inTransaction) await this.#pg.syncToFs();
      return result;
    } catch (error) {
      // As PGlite's own errors: the statement, its parameters and the caller's options.
      if (error instanceof protocol.messages.DatabaseError)
        Object.assign(error, { query: sql, params, queryOptions: options });
      throw error;
    }
  }

  async #prepared(sql: string, paramTypes: number[] | undefined): Promise<Prepared> {
    const key = paramTypes?.length ? `${paramTypes.join(',')}:${sql}` : sql;
    const cached = this.#statements.get(key);
    if (cached) {
      // Most recently used last, so the least used is the one dropped when the cache is full.
      this.#statements.delete(key);
      this.#statements.set(key, cached);
      return cached;
    }
    const name = `pglite_worker_${this.#nextName++}`;
    const messages = await this.#send(
      name,
      serialize.parse({ name, text: sql, ...(paramTypes ? { types: paramTypes } : {}) }),
      serialize.describe({ type: 'S', name }),
    );
    const prepared: Prepared = { name, paramTypes: [], fields: [], parsers: new Map() };
    for (const message of messages) {
      if (message instanceof protocol.messages.ParameterDescriptionMessage)
        prepared.paramTypes = message.dataTypeIDs;
      else if (message instanceof protocol.messages.RowDescriptionMessage)
        prepared.fields = message.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    }
    this.#statements.set(key, prepared);
    if (this.#statements.size > this.#max) {
      const [oldest, dropped] = this.#statements.entries().next().value as [string, Prepared];
      this.#statements.delete(oldest);
      this.#toClose.push(dropped.name);
    }
    return prepared;
  }

  /** The column parsers PGlite would use: the caller's types as text, else PGlite's parser. */
  #parsers(prepared: Prepared, rawTypes: number[] | undefined): (Parser | undefined)[] {
    const key = rawTypes?.join(',') ?? '';
    let parsers = prepared.parsers.get(key);
    if (!parsers) {
      parsers = prepared.fields.map(({ dataTypeID }) =>
        rawTypes?.includes(dataTypeID)
          ? identity
          : ((this.#pg.parsers[dataTypeID] ?? types.parsers[dataTypeID]) as Parser | undefined),
      );
      prepared.parsers.set(key, parsers);
    }
    return parsers;
  }

  /**
   * One trip into PGlite: the pending Closes (but the statement this trip uses, should it have been
   * dropped on the way), the messages, Sync. Throws the first database error.
   */
  #send(using: string, ...messages: Uint8Array[]): Promise<Messages> {
    const closing = this.#toClose.filter((name) => name !== using);
    this.#toClose = this.#toClose.filter((name) => name === using);
    const parts = closing.map((name) => serialize.close({ type: 'S', name }));
    parts.push(...messages, serialize.sync());
    let length = 0;
    for (const part of parts) length += part.length;
    const bytes = new Uint8Array(length);
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.length;
    }
    return this.#pg.execProtocolStream(bytes, { syncToFs: false });
  }
}

/** Rows and counts as PGlite's `parseResults` makes them, for one statement's messages. */
function shape(
  messages: Messages,
  prepared: Prepared,
  rowMode: 'array' | 'object' | undefined,
  parsers: (Parser | undefined)[],
): WorkerResults {
  const { fields } = prepared;
  const rows: unknown[] = [];
  for (const message of messages) {
    if (message instanceof protocol.messages.DataRowMessage) {
      const values = message.fields.map((value, i) => {
        if (value === null) return null;
        const parser = parsers[i];
        return parser ? parser(value, fields[i]!.dataTypeID) : value;
      });
      // A row object keeps the last column of a name, as Object.fromEntries does.
      rows.push(
        rowMode === 'array' ? values : Object.fromEntries(values.map((v, i) => [fields[i]!.name, v])),
      );
    } else if (message instanceof protocol.messages.CommandCompleteMessage) {
      const parts = message.text.split(' ');
      const command = parts[0];
      const rowCount = Number.parseInt(parts[parts.length - 1] as string, 10);
      const counted = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command as string);
      const result: WorkerResults = { rows, fields, affectedRows: counted ? rowCount : 0 };
      if (command !== undefined) result.command = command;
      if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
      return result;
    }
  }
  return { rows: [], fields: [], affectedRows: 0 };
}
