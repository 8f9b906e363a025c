// Tells every instance of the shop that cached data changed (decision 0022). One instance alone
// (embedded PGlite) needs nothing but this process; several instances on one PostgreSQL database
// hear each other through LISTEN/NOTIFY, or through Redis pub/sub when REDIS_URL is set.
//
// The contract every transport keeps:
// - publish(topic, payload) runs this instance's handlers for the topic at once (before it
//   returns) and sends the message to the other instances, whose handlers run when it arrives
//   (with the others published in the same turn of the event loop: one NOTIFY, in order).
//   The sender's own echo coming back over the network is dropped: each handler runs once per
//   publish on each instance.
// - Publish after the writing transaction committed, never inside it: an instance that reloads on
//   the message must see the new rows.
// - After the connection to the other instances was lost and came back, messages may have been
//   missed: every handler of every topic runs with no payload (everything is stale).
// - A transport failure never fails the write that published: it is logged; the caches' time to
//   live (CATALOG_CACHE_SECONDS) still bounds how stale another instance can be.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/** Runs with the publisher's payload, or with none after a reconnect (everything is stale). */
export type InvalidationHandler = (payload: string | undefined) => void;

export interface InvalidationBus {
  readonly kind: 'local' | 'postgres' | 'redis';
  publish(topic: string, payload?: string): void;
  /** Returns the unsubscribe function. */
  subscribe(topic: string, handler: InvalidationHandler): () => void;
  close(): Promise<void>;
}

interface BusLog {
  warn(obj: object, msg: string): void;
}

/** The PostgreSQL channel and the Redis channel the shop's instances share. */
export const INVALIDATION_CHANNEL = 'shop_invalidation';

export interface Message {
  /** The sending instance; its own echo is dropped. */
  o: string;
  t: string;
  p?: string;
}

/** The handlers of one process, and the part every transport shares. */
function createHub(kind: InvalidationBus['kind'], send: (text: string) => Promise<void>, log?: BusLog) {
  const origin = randomUUID();
  const handlers = new Map<string, Set<InvalidationHandler>>();

  function run(topic: string, payload: string | undefined) {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        log?.warn({ err: error, topic }, 'cache invalidation handler failed');
      }
    }
  }

  // What this turn of the event loop published leaves together: under load many checkouts end
  // in one turn, and each message sent alone costs a NOTIFY (a statement, a wake-up of every
  // listener). One message goes as before; several as a list, split below the NOTIFY limit.
  let outgoing: Message[] = [];
  function flush() {
    const messages = outgoing;
    outgoing = [];
    for (const text of packed(messages)) {
      send(text).catch((error: unknown) => {
        log?.warn(
          { err: error, topics: messages.map((m) => m.t) },
          'cache invalidation not sent to the other instances',
        );
      });
    }
  }

  return {
    origin,
    /** Sends what is waiting for the end of this turn now (before the transport closes). */
    flush,
    /** A message, or a list of them, from the wire: runs the handlers unless this instance sent it. */
    receive(text: string) {
      let received: unknown;
      try {
        received = JSON.parse(text);
      } catch {
        return;
      }
      for (const message of (Array.isArray(received) ? received : [received]) as Message[]) {
        if (!message || message.o === origin || typeof message.t !== 'string') continue;
        run(message.t, message.p);
      }
    },
    /** After a reconnect: every cache may have missed a change. */
    allStale() {
      for (const topic of handlers.keys()) run(topic, undefined);
    },
    bus: {
      kind,
      publish(topic: string, payload?: string) {
        run(topic, payload);
        const message: Message = { o: origin, t: topic, ...(payload !== undefined && { p: payload }) };
        if (outgoing.length === 0) setImmediate(flush);
        outgoing.push(message);
      },
      subscribe(topic: string, handler: InvalidationHandler) {
        let set = handlers.get(topic);
        if (!set) {
          set = new Set();
          handlers.set(topic, set);
        }
        set.add(handler);
        return () => {
          set.delete(handler);
          if (set.size === 0 && handlers.get(topic) === set) handlers.delete(topic);
        };
      },
    },
  };
}

/** A NOTIFY carries fewer than 8000 bytes; a list of messages is cut below it (a longer one goes alone). */
const MAX_BATCH_CHARS = 7_500;

/** The texts to send for `messages`: one message as itself, several as lists within the limit. */
export function packed(messages: readonly Message[]): string[] {
  if (messages.length === 1) return [JSON.stringify(messages[0])];
  const texts: string[] = [];
  let batch: string[] = [];
  let size = 2;
  for (const message of messages) {
    const text = JSON.stringify(message);
    if (batch.length > 0 && size + text.length + 1 > MAX_BATCH_CHARS) {
      texts.push(batch.length === 1 ? batch[0]! : `[${batch.join(',')}]`);
      batch = [];
      size = 2;
    }
    batch.push(text);
    size += text.length + 1;
  }
  if (batch.length > 0) texts.push(batch.length === 1 ? batch[0]! : `[${batch.join(',')}]`);
  return texts;
}

/** One process (embedded PGlite): handlers run in this process only. */
export function createLocalBus(): InvalidationBus {
  const hub = createHub('local', async () => {});
  return { ...hub.bus, close: async () => {} };
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), reconnecting
 * with backoff when it drops; NOTIFY goes out through `notify` (the app's pool).
 */
export async function createPostgresBus(
  url: string,
  options: { log?: BusLog; notify?: (channel: string, text: string) => Promise<unknown> } = {},
): Promise<InvalidationBus> {
  const { log } = options;
  let sender: pg.Pool | null = null;
  const notify =
    options.notify ??
    ((channel: string, text: string) => {
      sender ??= new pg.Pool({ connectionString: url, max: 1 });
      return sender.query('select pg_notify($1, $2)', [channel, text]);
    });
  const hub = createHub(
    'postgres',
    async (text) => {
      await notify(INVALIDATION_CHANNEL, text);
    },
    log,
  );

  let closed = false;
  let listener: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = RECONNECT_MIN_MS;

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.channel === INVALIDATION_CHANNEL && n.payload) hub.receive(n.payload);
    });
    const lost = (error?: Error) => {
      if (listener !== client) return;
      listener = null;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (closed) return;
      log?.warn({ err: error }, 'cache invalidation listener lost its connection; reconnecting');
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    listener = client;
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = null;
      try {
        await connect();
        delay = RECONNECT_MIN_MS;
        // Whatever was sent while nobody listened is lost: start afresh.
        hub.allStale();
      } catch (error) {
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        log?.warn({ err: error }, 'cache invalidation listener could not reconnect');
        scheduleReconnect();
      }
    }, delay);
    retryTimer.unref();
  }

  await connect();

  return {
    ...hub.bus,
    async close() {
      hub.flush();
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      await sender?.end();
    },
  };
}

/** Redis pub/sub: a subscriber connection and a publisher connection; ioredis reconnects both. */
export async function createRedisBus(
  url: string,
  options: { log?: BusLog; connectionName?: string } = {},
): Promise<InvalidationBus> {
  const { log } = options;
  // Named so an operator (or a test) finds the shop's connections in CLIENT LIST.
  const connectionName = options.connectionName ?? 'shop-invalidation';
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true, connectionName });
  const subscriber = new Redis(url, { lazyConnect: true, connectionName });
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => log?.warn({ err: error }, 'cache invalidation Redis error'));
  }
  const hub = createHub(
    'redis',
    async (text) => {
      await publisher.publish(INVALIDATION_CHANNEL, text);
    },
    log,
  );
  subscriber.on('message', (channel: string, text: string) => {
    if (channel === INVALIDATION_CHANNEL) hub.receive(text);
  });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(INVALIDATION_CHANNEL);
  // ioredis subscribes again by itself after a reconnect; messages sent meanwhile are lost.
  let ready = true;
  subscriber.on('close', () => {
    ready = false;
  });
  subscriber.on('ready', () => {
    if (ready) return;
    ready = true;
    hub.allStale();
  });

  return {
    ...hub.bus,
    async close() {
      hub.flush();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

/** Redis when REDIS_URL is set, else LISTEN/NOTIFY on PostgreSQL, else this process alone. */
export async function openInvalidationBus(options: {
  databaseUrl: string;
  databaseKind: 'pglite' | 'postgres';
  redisUrl?: string | undefined;
  log?: BusLog;
  notify?: (channel: string, text: string) => Promise<unknown>;
}): Promise<InvalidationBus> {
  if (options.redisUrl) return createRedisBus(options.redisUrl, { log: options.log });
  if (options.databaseKind === 'postgres')
    return createPostgresBus(options.databaseUrl, { log: options.log, notify: options.notify });
  return createLocalBus();
}
