// PostgreSQL connections that send what a request has ready in one write (decision 0027). The
// pool's connections run in pg's pipeline mode (each query written at once with its own Sync,
// answers in order), and what is written in one turn of the event loop leaves in one write: on
// this machine a write to a loopback socket costs more CPU than most statements. A transaction's
// BEGIN is answered here and leaves with the first statement; statements a transaction issues
// together (Promise.all) leave together. The server still runs them one after the other, each
// seeing what the one before it did, as when they were sent one at a time.
import pg from 'pg';
import type { Tx } from './client.ts';

type Query = pg.PoolClient['query'];

const BEGUN = { command: 'BEGIN', rowCount: null, oid: 0, fields: [], rows: [] };
const rolledBack = () => ({ command: 'ROLLBACK', rowCount: null, oid: 0, fields: [], rows: [] });

/** Set on a pipelined client: arms its next statement to carry the transaction's COMMIT. */
const ENDS_WITH_NEXT = Symbol('endsWithNext');

/** Set on a pipelined client: back in the pool, it carries nothing of its last transaction. */
const RELEASED = Symbol('released');

type Pipelined = pg.PoolClient & { [ENDS_WITH_NEXT]?: (armed: boolean) => void; [RELEASED]?: () => void };

/** A pool whose connections run in pipeline mode (create it with `pipeline: true`). */
export function pipelinePool(pool: pg.Pool): void {
  pool.on('connect', pipelineClient);
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) =>
    (client as Pipelined)[RELEASED]?.(),
  );
}

/** For a pooled client in pipeline mode: one write per turn, and BEGIN sent with the next query. */
function pipelineClient(
  client: pg.PoolClient,
  flushOn: (flush: () => void) => void = process.nextTick,
): void {
  const send = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const stream = (client as unknown as { connection: { stream: NodeJS.WritableStream & Corkable } })
    .connection.stream;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream.uncork();
  };
  /** Holds this turn's writes until the turn's promise callbacks have all run. */
  const gather = () => {
    if (corked) return;
    corked = true;
    stream.cork();
    flushOn(uncork);
  };
  let begin: Promise<unknown> | null = null;
  /** endsTransaction: the next statement is sent with the COMMIT, then `ended` answers for it. */
  let armed = false;
  let ended: Promise<pg.QueryResult> | null = null;
  (client as Pipelined)[ENDS_WITH_NEXT] = (on) => {
    armed = on;
  };
  (client as Pipelined)[RELEASED] = () => {
    armed = false;
    ended = null;
  };
  const query = (...args: unknown[]) => {
    const [config, values, callback] = args;
    const text = textOf(config);
    if (ended) {
      // The transaction ended with its last statement: Drizzle's COMMIT (or its ROLLBACK, when
      // that statement failed and so the COMMIT rolled back) is answered by it; nothing else may run.
      const closing = ended;
      if (text === 'commit' || text === 'rollback') {
        ended = null;
        return text === 'commit' ? closing : closing.then(rolledBack, rolledBack);
      }
      return Promise.reject(new Error('This transaction was committed with its last statement.'));
    }
    gather();
    if (isBare(text, 'begin', values) && callback === undefined) {
      begin = send(config, values);
      // Its failure (a broken connection) is the next statement's, which follows it on the wire.
      begin.catch(() => {});
      return Promise.resolve(BEGUN);
    }
    let answer: Promise<pg.QueryResult>;
    if (armed && callback === undefined && text !== 'commit' && text !== 'rollback') {
      armed = false;
      const statement = send(...args);
      ended = send('commit');
      ended.catch(() => {});
      // The statement's answer once the COMMIT succeeded too: a failed COMMIT fails it.
      answer = Promise.all([statement, ended]).then(([result]) => result);
    } else answer = send(...args);
    if (!begin) return answer;
    const started = begin;
    begin = null;
    if (typeof callback === 'function' || typeof values === 'function') return answer;
    // The statement reports the BEGIN's failure first: it ran outside the transaction.
    return started.then(() => answer);
  };
  client.query = query as Query;
}

/**
 * A connection of its own, in pipeline mode, for the short reads requests make outside a
 * transaction (the session read every request makes, a checkout's first look): what the requests
 * of one pass of the event loop read leaves in one write (flushed on setImmediate, after that
 * pass's I/O callbacks). Only reads by key, which never wait for a lock, belong here: a slow
 * statement would hold up every one queued behind it (a write may wait for a row lock; a NOTIFY
 * waits for every other notifying transaction's commit). Not a pool: never for transactions. A
 * lost connection is opened again by the next statement.
 */
export function sharedConnection(url: string): SharedConnection {
  return new SharedConnection(url);
}

/** A class, not a plain object: Drizzle takes a plain object for its own config. */
class SharedConnection {
  #current: Promise<pg.Client> | null = null;
  readonly #url: string;
  constructor(url: string) {
    this.#url = url;
  }

  #open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.#url, pipeline: true });
    const ready = client.connect().then(() => {
      pipelineClient(client as unknown as pg.PoolClient, setImmediate);
      return client;
    });
    const lost = () => {
      if (this.#current === ready) this.#current = null;
    };
    client.on('error', lost);
    client.on('end', lost);
    ready.catch(lost);
    return ready;
  }

  query(...args: unknown[]): Promise<pg.QueryResult> {
    this.#current ??= this.#open();
    return this.#current.then((client) =>
      (client.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args),
    );
  }

  async end(): Promise<void> {
    const closing = this.#current;
    this.#current = null;
    await (await closing?.catch(() => null))?.end();
  }
}

/**
 * Runs `run`, whose first statement (issued before `run` first awaits) is the last of the
 * transaction `tx`: on PostgreSQL the COMMIT leaves in the same write, so locks the transaction
 * holds (the invoice series row every order waits for) are released without waiting for this
 * process to read the answer and send the COMMIT. Nothing may run in `tx` after it (a statement
 * that tries is refused); Drizzle's own COMMIT is answered by the one sent. When `run` issues no
 * statement at once, the transaction commits as usual. PGlite: just runs `run`.
 */
export function endsTransaction<T>(tx: Tx, run: () => PromiseLike<T>): Promise<T> {
  const client = (tx._.session as unknown as { client: Pipelined }).client;
  const arm = client?.[ENDS_WITH_NEXT];
  if (!arm) return Promise.resolve(run());
  arm(true);
  try {
    const answer = run();
    // Drizzle's query builders start when awaited: started here, while the COMMIT is armed.
    return new Promise<T>((resolve, reject) => answer.then(resolve, reject));
  } finally {
    arm(false);
  }
}

interface Corkable {
  cork(): void;
  uncork(): void;
}

function textOf(config: unknown): string | null {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text.trim().toLowerCase() : null;
}

function isBare(text: string | null, command: string, values: unknown): boolean {
  const none = values === undefined || (Array.isArray(values) && values.length === 0);
  return text === command && none;
}
