// PostgreSQL connections that send what a request has ready in one write (decision 0027). The
// pool's connections run in pg's pipeline mode (each query written at once with its own Sync,
// answers in order), and what is written in one turn of the event loop leaves in one write: on
// this machine a write to a loopback socket costs more CPU than most statements. A transaction's
// BEGIN is answered here and leaves with the first statement; statements a transaction issues
// together (Promise.all) leave together. The server still runs them one after the other, each
// seeing what the one before it did, as when they were sent one at a time.
import type pg from 'pg';

type Query = pg.PoolClient['query'];

const BEGUN = { command: 'BEGIN', rowCount: null, oid: 0, fields: [], rows: [] };

/** For a pooled client in pipeline mode: one write per turn, and BEGIN sent with the next query. */
export function pipelineClient(client: pg.PoolClient): void {
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
    process.nextTick(uncork);
  };
  let begin: Promise<unknown> | null = null;
  const query = (...args: unknown[]) => {
    const [config, values, callback] = args;
    gather();
    if (isBareBegin(config, values) && callback === undefined) {
      begin = send(config, values);
      // Its failure (a broken connection) is the next statement's, which follows it on the wire.
      begin.catch(() => {});
      return Promise.resolve(BEGUN);
    }
    if (!begin) return send(...args);
    const started = begin;
    begin = null;
    const answer = send(...args);
    if (typeof callback === 'function' || typeof values === 'function') return answer;
    // The statement reports the BEGIN's failure first: it ran outside the transaction.
    return started.then(() => answer);
  };
  client.query = query as Query;
}

interface Corkable {
  cork(): void;
  uncork(): void;
}

function isBareBegin(config: unknown, values: unknown): boolean {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  const none = values === undefined || (Array.isArray(values) && values.length === 0);
  return typeof text === 'string' && text.trim().toLowerCase() === 'begin' && none;
}
