// The invalidation bus's contract (lib/invalidation-bus.ts, decision 0022) on each transport: a
// publish runs this instance's handlers at once and reaches the other instances within a second,
// without the sender's echo; after a lost connection every handler hears "everything is stale";
// a closed bus hears nothing more. PostgreSQL runs with TEST_DATABASE_URL, Redis when a server
// answers at redis://127.0.0.1:6379 (REDIS_TEST_URL); each is skipped otherwise.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalBus,
  createPostgresBus,
  createRedisBus,
  type InvalidationBus,
  openInvalidationBus,
  packed,
} from './invalidation-bus.ts';

const DELIVERY_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What one subscriber heard, in order (undefined: a reconnect's "everything is stale"). */
function listen(bus: InvalidationBus, topic: string) {
  const heard: (string | undefined)[] = [];
  const stop = bus.subscribe(topic, (payload) => heard.push(payload));
  return { heard, stop };
}

/** Resolves once `check` holds, failing after `ms`. */
async function within(ms: number, check: () => boolean, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(10);
  }
}

const silentLog = { warn: () => {} };
const topic = () => `topic-${randomBytes(4).toString('hex')}`;

/** The checks every transport must pass, between two buses standing for two instances. */
function crossesInstances(open: () => Promise<[InvalidationBus, InvalidationBus]>) {
  let a: InvalidationBus;
  let b: InvalidationBus;
  beforeAll(async () => {
    [a, b] = await open();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('delivers a publish on one instance to the other within a second, once', async () => {
    const t = topic();
    const onA = listen(a, t);
    const onB = listen(b, t);
    const started = Date.now();
    a.publish(t, 'product:7');
    // The publisher's own handlers ran before publish returned.
    expect(onA.heard).toEqual(['product:7']);
    await within(DELIVERY_MS, () => onB.heard.length > 0, 'the other instance hears the publish');
    expect(Date.now() - started).toBeLessThan(DELIVERY_MS);
    expect(onB.heard).toEqual(['product:7']);
    // The sender's echo coming back over the wire is dropped.
    await sleep(150);
    expect(onA.heard).toEqual(['product:7']);
    onA.stop();
    onB.stop();
  });

  it('delivers a publish without a payload, and only to the topic it names', async () => {
    const [t, other] = [topic(), topic()];
    const onB = listen(b, t);
    const onOther = listen(b, other);
    a.publish(t);
    await within(DELIVERY_MS, () => onB.heard.length > 0, 'the other instance hears the publish');
    expect(onB.heard).toEqual([undefined]);
    expect(onOther.heard).toEqual([]);
    onB.stop();
    onOther.stop();
  });

  it('delivers what one turn published together, in order, each to its topic', async () => {
    const [t, other] = [topic(), topic()];
    const onB = listen(b, t);
    const onOther = listen(b, other);
    a.publish(t, '1');
    a.publish(other, '2');
    a.publish(t, '3');
    await within(DELIVERY_MS, () => onB.heard.length === 2 && onOther.heard.length === 1, 'all three');
    expect(onB.heard).toEqual(['1', '3']);
    expect(onOther.heard).toEqual(['2']);
    onB.stop();
    onOther.stop();
  });

  it('stops calling a handler once it unsubscribed', async () => {
    const t = topic();
    const kept = listen(b, t);
    const dropped = listen(b, t);
    dropped.stop();
    a.publish(t, 'x');
    await within(DELIVERY_MS, () => kept.heard.length > 0, 'the remaining handler hears the publish');
    expect(dropped.heard).toEqual([]);
    kept.stop();
  });
}

describe('messages of one turn packed for sending', () => {
  const message = (p: string) => ({ o: 'me', t: 'stock', p });
  it('sends one message as itself and several as a list', () => {
    expect(packed([message('a')])).toEqual([JSON.stringify(message('a'))]);
    expect(packed([message('a'), message('b')])).toEqual([JSON.stringify([message('a'), message('b')])]);
  });
  it('cuts lists below what a NOTIFY carries, keeping the order', () => {
    const many = Array.from({ length: 40 }, (_, i) => message(`${i}`.padEnd(400, 'x')));
    const texts = packed(many);
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(7_500);
    expect(texts.flatMap((text) => [JSON.parse(text)].flat())).toEqual(many);
  });
});

describe('in-process bus (embedded PGlite, one process)', () => {
  it('runs the handlers of the topic at once, and a failing handler does not stop the others', () => {
    const bus = createLocalBus();
    const t = topic();
    bus.subscribe(t, () => {
      throw new Error('broken cache');
    });
    const ok = listen(bus, t);
    bus.publish(t, 'a');
    expect(ok.heard).toEqual(['a']);
  });

  it('keeps each process to itself: another local bus hears nothing', async () => {
    const a = createLocalBus();
    const b = createLocalBus();
    const t = topic();
    const onB = listen(b, t);
    a.publish(t, 'x');
    await sleep(50);
    expect(onB.heard).toEqual([]);
    await a.close();
    await b.close();
  });

  it('is the bus chosen for the embedded database without REDIS_URL', async () => {
    const bus = await openInvalidationBus({ databaseUrl: 'memory://', databaseKind: 'pglite' });
    expect(bus.kind).toBe('local');
    await bus.close();
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL LISTEN/NOTIFY bus', () => {
  // NOTIFY reaches the listeners of one database only: a database of our own keeps other test
  // files' instances out of this test.
  const name = `shop_bus_${randomBytes(6).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: serverUrl });
  const dbUrl = (applicationName: string) => {
    const url = new URL(serverUrl ?? 'postgres://x');
    url.pathname = `/${name}`;
    url.searchParams.set('application_name', applicationName);
    return url.toString();
  };
  // The instances send through a pool of their own (the app's pool in production), so that the
  // test can cut a listener's connection without touching the sender.
  let senders: pg.Pool;

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    senders = new pg.Pool({ connectionString: dbUrl('bus-test-sender'), max: 2 });
  });
  afterAll(async () => {
    await senders?.end();
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  const notify = (channel: string, text: string) =>
    senders.query('select pg_notify($1, $2)', [channel, text]);
  const open = (instance: string) =>
    createPostgresBus(dbUrl(`bus-test-${instance}`), { log: silentLog, notify });

  describe('between two instances', () => {
    crossesInstances(async () => [await open('a'), await open('b')]);
  });

  it('sends what one turn published as one NOTIFY', async () => {
    const sent: string[] = [];
    const a = await createPostgresBus(dbUrl('bus-test-count-a'), {
      log: silentLog,
      notify: (channel, text) => {
        sent.push(text);
        return notify(channel, text);
      },
    });
    const b = await open('count-b');
    const t = topic();
    const onB = listen(b, t);
    for (const n of ['1', '2', '3', '4']) a.publish(t, n);
    await within(DELIVERY_MS, () => onB.heard.length === 4, 'all four');
    expect(onB.heard).toEqual(['1', '2', '3', '4']);
    expect(sent).toHaveLength(1);
    await a.close();
    await b.close();
  });

  it('sends through its own connection when the app gives it no pool', async () => {
    const a = await createPostgresBus(dbUrl('bus-test-own-a'), { log: silentLog });
    const b = await open('own-b');
    const t = topic();
    const onB = listen(b, t);
    a.publish(t, 'x');
    await within(DELIVERY_MS, () => onB.heard.length > 0, 'the other instance hears the publish');
    await a.close();
    await b.close();
  });

  it('reconnects after its connection is cut, says everything is stale, then hears publishes again', async () => {
    const a = await open('cut-a');
    const b = await open('cut-b');
    const t = topic();
    const onB = listen(b, t);
    const client = admin();
    await client.connect();
    const { rowCount } = await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      ['bus-test-cut-b'],
    );
    await client.end();
    expect(rowCount).toBe(1);
    // The first retry comes after 250 ms.
    await within(3000, () => onB.heard.includes(undefined), 'the reconnected listener says all is stale');
    a.publish(t, 'after');
    await within(DELIVERY_MS, () => onB.heard.includes('after'), 'the reconnected listener hears a publish');
    await a.close();
    await b.close();
  });

  it('hears nothing once closed, and closes its listening connection', async () => {
    const a = await open('closed-a');
    const b = await open('closed-b');
    const t = topic();
    const onB = listen(b, t);
    await b.close();
    a.publish(t, 'x');
    await sleep(300);
    expect(onB.heard).toEqual([]);
    const client = admin();
    await client.connect();
    const { rows } = await client.query(
      'select count(*)::int as n from pg_stat_activity where application_name = $1',
      ['bus-test-closed-b'],
    );
    await client.end();
    expect(rows[0].n).toBe(0);
    await a.close();
  });

  it('does not fail the publisher when sending fails: the local handlers still ran', async () => {
    const warnings: string[] = [];
    const bus = await createPostgresBus(dbUrl('bus-test-failing'), {
      log: { warn: (_obj, msg) => warnings.push(msg) },
      notify: () => Promise.reject(new Error('connection refused')),
    });
    const t = topic();
    const own = listen(bus, t);
    expect(() => bus.publish(t, 'x')).not.toThrow();
    expect(own.heard).toEqual(['x']);
    await within(DELIVERY_MS, () => warnings.length > 0, 'the failure is logged');
    expect(warnings[0]).toMatch(/not sent to the other instances/);
    await bus.close();
  });
});

const redisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers there (the suite is skipped cleanly when none does). */
async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const onRedis = await redisAnswers(redisUrl);

describe.skipIf(!onRedis)('Redis pub/sub bus', () => {
  const name = (instance: string) => `bus-test-${instance}-${process.pid}`;
  const open = (instance: string) =>
    createRedisBus(redisUrl, { log: silentLog, connectionName: name(instance) });

  describe('between two instances', () => {
    crossesInstances(async () => [await open('a'), await open('b')]);
  });

  it('is the bus chosen whenever REDIS_URL is set', async () => {
    const bus = await openInvalidationBus({ databaseUrl: 'memory://', databaseKind: 'pglite', redisUrl });
    expect(bus.kind).toBe('redis');
    await bus.close();
  });

  it('reconnects after its connection is cut, says everything is stale, then hears publishes again', async () => {
    const a = await open('cut-a');
    const b = await open('cut-b');
    const t = topic();
    const onB = listen(b, t);
    const admin = new Redis(redisUrl);
    // Both of b's connections: the subscriber must come back subscribed.
    const list = String(await admin.call('client', 'list'));
    const ids = list
      .split('\n')
      .filter((line) => line.includes(` name=${name('cut-b')} `))
      .map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1])
      .filter((id): id is string => Boolean(id));
    expect(ids.length).toBe(2);
    for (const id of ids) await admin.call('client', 'kill', 'id', id);
    await admin.quit();
    await within(3000, () => onB.heard.includes(undefined), 'the reconnected subscriber says all is stale');
    a.publish(t, 'after');
    await within(
      DELIVERY_MS,
      () => onB.heard.includes('after'),
      'the reconnected subscriber hears a publish',
    );
    await a.close();
    await b.close();
  });

  it('hears nothing once closed, and closes both connections', async () => {
    const a = await open('closed-a');
    const b = await open('closed-b');
    const t = topic();
    const onB = listen(b, t);
    await b.close();
    a.publish(t, 'x');
    await sleep(300);
    expect(onB.heard).toEqual([]);
    const admin = new Redis(redisUrl);
    const list = String(await admin.call('client', 'list'));
    await admin.quit();
    expect(list).not.toContain(` name=${name('closed-b')} `);
    await a.close();
  });
});
