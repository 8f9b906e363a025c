// The embedded database (PGlite) on a worker thread (decision 0025). In the shop's own thread,
// PGlite's WebAssembly and Node's HTTP and Drizzle work share one core however many the machine
// has; here the real PGlite runs in pglite-worker-thread.ts and this class, in the shop's thread,
// offers what `drizzle-orm/pglite` uses of a PGlite client (`query`, `exec`, `transaction`) plus
// `waitReady`, `close` and `dumpDataDir`, forwarding each call as a message.
//
// PGlite's semantics are kept because PGlite itself still decides them, on the worker: requests
// reach it in the order they are made here, so a statement from outside a transaction waits while
// one is open (PGlite's transaction mutex) and the transaction's own statements do not; a
// transaction is PGlite's own `transaction()` (BEGIN, COMMIT or ROLLBACK, an aborted COMMIT
// answered with TransactionAbortedError). Rows are parsed by PGlite's parsers on the worker; the
// types for which the caller passes parsers of its own (Drizzle does, for dates and intervals)
// come back as PGlite's text and are parsed here by the caller's functions, as PGlite would call
// them. Errors come back as the same classes with the same fields (code, detail, constraint…).
import { Worker } from 'node:worker_threads';
import { protocol, type QueryOptions, type Results, TransactionAbortedError } from '@electric-sql/pglite';

type Parser = (value: string, typeId?: number) => unknown;

/** What the worker is started with: a data directory on disk, or memory (optionally from a tar). */
export interface WorkerData {
  dataDir?: string;
  loadDataDir?: ArrayBuffer;
}

export interface WorkerResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  command?: string;
  rowCount?: number;
}

interface StatementRequest {
  id: number;
  sql: string;
  rowMode?: 'array' | 'object';
  paramTypes?: number[];
  /** Types to leave as text: the caller parses them with its own parsers. */
  rawTypes?: number[];
  /** The open transaction the statement belongs to. */
  tx?: number;
}

export type Request =
  | (StatementRequest & { op: 'query'; params: unknown[] })
  | (StatementRequest & { op: 'exec' })
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'close' };

export interface SerializedError {
  kind: 'database' | 'aborted' | 'error' | 'value';
  message: string;
  errorName?: string;
  stack?: string | undefined;
  /** The error's own fields: the database error's code, detail, constraint…, the query and params. */
  fields: Record<string, unknown>;
  /** The error had PGlite's `queryOptions` field (not sent: the caller has the object). */
  hasQueryOptions?: boolean;
}

export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError };

/** The options PGlite's `query` takes that can be honoured across threads (all Drizzle passes). */
export type WorkerQueryOptions = Pick<QueryOptions, 'rowMode' | 'parsers' | 'paramTypes'>;

export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: WorkerQueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: WorkerQueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

const WORKER_URL = new URL('./pglite-worker-thread.ts', import.meta.url);

const STANDARD_ERRORS: Record<string, ErrorConstructor> = {
  TypeError,
  RangeError,
  SyntaxError,
  ReferenceError,
  EvalError,
  URIError,
};

export class PGliteOnWorker {
  /** Settles once the database on the worker is open (or failed to open). */
  readonly waitReady: Promise<void>;
  #worker: Worker | null = null;
  #started: Promise<Worker>;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #closing: Promise<void> | null = null;
  #closed = false;
  /** Why the worker is gone, when it went without `close()`. */
  #failure: Error | null = null;

  /** `dataDir`: a directory on disk; unset: in memory, optionally from a `dumpDataDir` tar. */
  constructor(options: { dataDir?: string; loadDataDir?: Blob } = {}) {
    let ready!: { resolve: () => void; reject: (error: Error) => void };
    this.waitReady = new Promise<void>((resolve, reject) => {
      ready = { resolve, reject };
    });
    // Id 0 is the worker's one "ready" message; it keeps the worker referenced until it comes.
    this.#pending.set(0, { resolve: () => ready.resolve(), reject: ready.reject });
    this.#started = (async () => {
      const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
      const workerData: WorkerData = {};
      if (options.dataDir !== undefined) workerData.dataDir = options.dataDir;
      if (loadDataDir) workerData.loadDataDir = loadDataDir;
      const worker = new Worker(WORKER_URL, { workerData, transferList: loadDataDir ? [loadDataDir] : [] });
      worker.on('message', (reply: Reply) => this.#settle(reply));
      worker.on('error', (error) => this.#fail(error));
      worker.on('exit', (code) => {
        if (!this.#closed) this.#fail(new Error(`The PGlite worker stopped (exit code ${code})`));
      });
      this.#worker = worker;
      return worker;
    })();
    this.#started.catch((error: Error) => this.#fail(error));
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params: unknown[] = [], options?: WorkerQueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  exec(sql: string, options?: WorkerQueryOptions): Promise<Results[]> {
    return this.#exec(sql, options, undefined);
  }

  /**
   * PGlite's `transaction`: BEGIN; the callback's statements through `tx`; COMMIT when it returns,
   * ROLLBACK when it throws (the error rethrown) or when it called `tx.rollback()`.
   */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#send({ op: 'begin' })) as number;
    let closed = false;
    const checkClosed = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: WorkerTransaction = {
      query: async <R>(sql: string, params: unknown[] = [], options?: WorkerQueryOptions) => {
        checkClosed();
        return this.#query<R>(sql, params, options, id);
      },
      exec: async (sql: string, options?: WorkerQueryOptions) => {
        checkClosed();
        return this.#exec(sql, options, id);
      },
      rollback: async () => {
        checkClosed();
        await this.#send({ op: 'end', tx: id, commit: false });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await callback(tx);
      if (!closed) {
        closed = true;
        await this.#send({ op: 'end', tx: id, commit: true });
      }
      return result;
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#send({ op: 'end', tx: id, commit: false });
      }
      throw error;
    }
  }

  /** The data directory as a tar (PGlite's `dumpDataDir`). */
  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File | Blob> {
    const dump = (await this.#send(compression ? { op: 'dump', compression } : { op: 'dump' })) as {
      bytes: ArrayBuffer;
      name: string | undefined;
      type: string;
    };
    return dump.name === undefined
      ? new Blob([dump.bytes], { type: dump.type })
      : new File([dump.bytes], dump.name, { type: dump.type });
  }

  /**
   * Closes the database and stops the worker. As PGlite's `close`, it waits for what was asked
   * before it and for an open transaction (whose statements still pass); what is asked after it
   * fails with "PGlite is closed".
   */
  close(): Promise<void> {
    // Sent at once, so it reaches PGlite before anything asked after it.
    this.#closing ??= this.#close(this.#failure ? Promise.resolve() : this.#send({ op: 'close' }));
    return this.#closing;
  }

  async #close(closed: Promise<unknown>): Promise<void> {
    try {
      await closed;
    } finally {
      this.#closed = true;
      const worker = await this.#started.catch(() => null);
      await worker?.terminate();
      // Asked after close(): refused, as PGlite refuses them (or would have, had it answered).
      for (const [id, pending] of this.#pending) {
        this.#pending.delete(id);
        pending.reject(new Error('PGlite is closed'));
      }
    }
  }

  async #query<T>(
    sql: string,
    params: unknown[],
    options: WorkerQueryOptions | undefined,
    tx: number | undefined,
  ): Promise<Results<T>> {
    const request = statement(sql, options, tx);
    let result: WorkerResults;
    try {
      result = (await this.#send({ ...request, op: 'query', params })) as WorkerResults;
    } catch (error) {
      throw withOptions(error, options);
    }
    return parseRaw(result, options) as Results<T>;
  }

  async #exec(
    sql: string,
    options: WorkerQueryOptions | undefined,
    tx: number | undefined,
  ): Promise<Results[]> {
    const request = statement(sql, options, tx);
    let results: WorkerResults[];
    try {
      results = (await this.#send({ ...request, op: 'exec' })) as WorkerResults[];
    } catch (error) {
      throw withOptions(error, options);
    }
    return results.map((result) => parseRaw(result, options));
  }

  #send(request: DistributiveOmit<Request, 'id'>): Promise<unknown> {
    // While closing, requests still go to PGlite, which decides as in this thread: those of an
    // open transaction run, the others wait for close() and are refused.
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      const worker = this.#worker;
      if (worker) this.#post(worker, id, request);
      else
        this.#started.then(
          (started) => this.#post(started, id, request),
          () => {},
        );
    });
  }

  #post(worker: Worker, id: number, request: DistributiveOmit<Request, 'id'>) {
    // Referenced only while something is asked of it (see #settle), as PGlite in the shop's thread
    // holds no handle that would keep the process alive.
    worker.ref();
    try {
      worker.postMessage({ ...request, id });
    } catch (error) {
      // A parameter the structured clone cannot carry (a function…): that statement fails.
      const pending = this.#pending.get(id);
      this.#pending.delete(id);
      pending?.reject(error as Error);
    }
  }

  #settle(reply: Reply) {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker?.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(toError(reply.error));
  }

  #fail(error: Error) {
    this.#failure ??= error;
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      pending.reject(error);
    }
    this.#worker?.unref();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function statement(sql: string, options: WorkerQueryOptions | undefined, tx: number | undefined) {
  const request: Omit<StatementRequest, 'id'> = { sql };
  if (options?.rowMode) request.rowMode = options.rowMode;
  if (options?.paramTypes) request.paramTypes = options.paramTypes;
  if (options?.parsers) {
    const rawTypes: number[] = [];
    for (const [type, parser] of Object.entries(options.parsers)) {
      if (typeof parser === 'function') rawTypes.push(Number(type));
    }
    if (rawTypes.length > 0) request.rawTypes = rawTypes;
  }
  if (tx !== undefined) request.tx = tx;
  for (const key of Object.keys(options ?? {})) {
    if (key !== 'rowMode' && key !== 'paramTypes' && key !== 'parsers')
      throw new TypeError(`PGlite on a worker does not take the query option ${key}`);
  }
  return request;
}

/** The caller's own parsers over the columns the worker left as text, as PGlite calls them. */
function parseRaw(result: WorkerResults, options: WorkerQueryOptions | undefined): Results {
  const parsers = options?.parsers as Record<number, Parser | undefined> | undefined;
  if (parsers && result.rows.length > 0) {
    if (options?.rowMode === 'array') {
      result.fields.forEach((field, i) => {
        const parser = parsers[field.dataTypeID];
        if (typeof parser !== 'function') return;
        for (const row of result.rows as unknown[][]) {
          const value = row[i];
          if (value !== null) row[i] = parser(value as string, field.dataTypeID);
        }
      });
    } else {
      // A row object keeps the last column of a name (Object.fromEntries), parsed by its type.
      const typeOf = new Map<string, number>();
      for (const field of result.fields) typeOf.set(field.name, field.dataTypeID);
      for (const [name, type] of typeOf) {
        const parser = parsers[type];
        if (typeof parser !== 'function') continue;
        for (const row of result.rows as Record<string, unknown>[]) {
          const value = row[name];
          if (value !== null) row[name] = parser(value as string, type);
        }
      }
    }
  }
  return result as Results;
}

/** The worker's error as the class PGlite throws, with every field it had. */
function toError(serialized: SerializedError): Error {
  const { fields } = serialized;
  let error: Error;
  if (serialized.kind === 'aborted') error = new TransactionAbortedError();
  else if (serialized.kind === 'database')
    error = new protocol.messages.DatabaseError(
      serialized.message,
      fields.length as number,
      fields.name as ConstructorParameters<typeof protocol.messages.DatabaseError>[2],
    );
  else {
    const Standard = serialized.errorName ? STANDARD_ERRORS[serialized.errorName] : undefined;
    error = Standard ? new Standard(serialized.message) : new Error(serialized.message);
    if (serialized.errorName && !Standard && serialized.errorName !== 'Error')
      error.name = serialized.errorName;
  }
  Object.assign(error, fields);
  // The worker's stack is where PGlite threw, as in the shop's thread.
  if (serialized.stack !== undefined) error.stack = serialized.stack;
  // PGlite names the failed statement's options on its errors (the caller's own object: set by
  // `withOptions`, undefined where PGlite has none, as for COMMIT).
  if (serialized.hasQueryOptions) (error as unknown as { queryOptions: unknown }).queryOptions = undefined;
  return error;
}

/** A database error also names the failed statement's options, as PGlite's does. */
function withOptions(error: unknown, options: WorkerQueryOptions | undefined): unknown {
  if (error instanceof protocol.messages.DatabaseError)
    (error as unknown as { queryOptions: unknown }).queryOptions = options;
  return error;
}
