// The worker thread that owns the embedded database for `PGliteOnWorker` (pglite-worker.ts): the
// real PGlite runs here, so its parsing, planning and executing (WebAssembly) use a core of their
// own while the shop's thread serves HTTP. Every request is handed to PGlite as soon as it arrives,
// in arrival order, so PGlite's own mutexes decide what waits: a statement from outside a
// transaction waits while one is open, the transaction's own statements do not.
import { parentPort, workerData } from 'node:worker_threads';
import {
  PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  TransactionAbortedError,
} from '@electric-sql/pglite';
import { PreparedStatements } from './pglite-statements.ts';
import type { Reply, Request, SerializedError, WorkerData, WorkerResults } from './pglite-worker.ts';

const port = parentPort!;
const data = workerData as WorkerData;

const pg =
  data.dataDir === undefined
    ? new PGlite(data.loadDataDir ? { loadDataDir: new Blob([data.loadDataDir]) } : {})
    : new PGlite(data.dataDir);

const prepared = new PreparedStatements(pg);

/** Open transactions by id: the PGlite handle and how to end its callback. */
const transactions = new Map<number, { tx: Transaction; end: () => void }>();
let nextTransaction = 1;

const identity = (value: string) => value;
// Types whose parser the caller gave: left as PGlite's text here, parsed by the caller's own
// functions on the shop's side (functions cannot cross threads). One object per set of types.
const rawParsers = new Map<string, Record<number, (value: string) => string>>();
function parsersFor(types: number[]): Record<number, (value: string) => string> {
  const key = types.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, identity]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

function queryOptions(request: { rowMode?: 'array' | 'object'; paramTypes?: number[]; rawTypes?: number[] }) {
  const options: QueryOptions = {};
  if (request.rowMode) options.rowMode = request.rowMode;
  if (request.paramTypes) options.paramTypes = request.paramTypes;
  if (request.rawTypes && request.rawTypes.length > 0) options.parsers = parsersFor(request.rawTypes);
  return options;
}

/** The result without what cannot or need not cross (nothing today: rows, fields, counts). */
function plain(result: Results): WorkerResults {
  const out: WorkerResults = { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
  const { command, rowCount } = result as Results & { command?: string; rowCount?: number };
  if (command !== undefined) out.command = command;
  if (rowCount !== undefined) out.rowCount = rowCount;
  return out;
}

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { kind: 'value', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(error)) {
    // The failed statement's options are the caller's own (it keeps them); the rest are the
    // database error's fields (code, detail, constraint, table…) and the statement and its params.
    if (key === 'queryOptions') continue;
    fields[key] = (error as unknown as Record<string, unknown>)[key];
  }
  const kind =
    error instanceof TransactionAbortedError
      ? 'aborted'
      : error instanceof protocol.messages.DatabaseError
        ? 'database'
        : 'error';
  return {
    kind,
    message: error.message,
    errorName: error.name,
    stack: error.stack,
    fields,
    hasQueryOptions: Object.hasOwn(error, 'queryOptions'),
  };
}

function reply(message: Reply, transfer?: ArrayBuffer[]) {
  try {
    port.postMessage(message, transfer);
  } catch (error) {
    // A value the structured clone cannot carry: answer the error instead of losing the request.
    port.postMessage({ id: message.id, ok: false, error: serializeError(error) } satisfies Reply);
  }
}

function answer(id: number, work: Promise<unknown>, transfer?: (value: unknown) => ArrayBuffer[]) {
  work.then(
    (value) => reply({ id, ok: true, value }, transfer?.(value)),
    (error: unknown) => reply({ id, ok: false, error: serializeError(error) }),
  );
}

function transactionFor(id: number): Transaction {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

async function begin(): Promise<number> {
  const id = nextTransaction++;
  let entered!: () => void;
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const done = pg.transaction(
    (tx) =>
      new Promise<void>((end) => {
        transactions.set(id, { tx, end });
        entered();
      }),
  );
  // BEGIN failed (or the database closed): the callback never ran.
  await Promise.race([started, done]);
  if (!transactions.has(id)) throw new Error('Transaction did not start');
  ends.set(id, done);
  return id;
}

/** What each open transaction's `pg.transaction` answers once its callback returns (COMMIT's outcome). */
const ends = new Map<number, Promise<unknown>>();

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  const done = ends.get(id);
  if (!open || !done) throw new Error('Transaction is closed');
  transactions.delete(id);
  ends.delete(id);
  try {
    // Rolling back is what PGlite does when a callback throws (ROLLBACK, then no COMMIT).
    if (!commit) await open.tx.rollback();
  } finally {
    open.end();
  }
  await done;
}

/**
 * A data statement runs prepared (pglite-statements.ts) under the mutexes PGlite's `query` takes,
 * taken the same way; any other statement drops the prepared ones and runs through PGlite's `query`.
 */
async function query(request: Extract<Request, { op: 'query' }>): Promise<WorkerResults> {
  const options = queryOptions(request);
  if (!PreparedStatements.takes(request.sql)) {
    prepared.clear();
    const target = request.tx === undefined ? pg : transactionFor(request.tx);
    return plain(await target.query(request.sql, request.params, options));
  }
  const run = async () => {
    // close() takes both mutexes before it closes: a statement that waited behind it is refused.
    await pg._checkReady();
    return prepared.run(request.sql, request.params, options, request.rawTypes, request.tx !== undefined);
  };
  if (request.tx !== undefined) {
    transactionFor(request.tx);
    return await pg._runExclusiveQuery(run);
  }
  await pg._checkReady();
  return await pg._runExclusiveTransaction(() => pg._runExclusiveQuery(run));
}

port.on('message', (request: Request) => {
  switch (request.op) {
    // Each call reaches PGlite before this handler returns (an async function runs up to its first
    // await), so PGlite's mutexes see the requests in the order they were sent.
    case 'query':
      answer(request.id, query(request));
      return;
    case 'exec':
      answer(
        request.id,
        (async () => {
          prepared.clear();
          const target = request.tx === undefined ? pg : transactionFor(request.tx);
          return (await target.exec(request.sql, queryOptions(request))).map(plain);
        })(),
      );
      return;
    case 'begin':
      answer(request.id, begin());
      return;
    case 'end':
      answer(request.id, end(request.tx, request.commit));
      return;
    case 'dump':
      answer(
        request.id,
        pg.dumpDataDir(request.compression).then(async (file) => ({
          bytes: await file.arrayBuffer(),
          name: file instanceof File ? file.name : undefined,
          type: file.type,
        })),
        (value) => [(value as { bytes: ArrayBuffer }).bytes],
      );
      return;
    case 'close':
      answer(request.id, pg.close());
      return;
  }
});

// Ready (or not) once: the shop's side waits for this before its first statement.
pg.waitReady.then(
  () => port.postMessage({ id: 0, ok: true, value: null } satisfies Reply),
  (error: unknown) => port.postMessage({ id: 0, ok: false, error: serializeError(error) } satisfies Reply),
);
