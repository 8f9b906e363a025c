// The shared rate-limit counters: atomic under concurrency, restarting when the window ends, on
// the app's database; and the same limits through Redis when REDIS_URL is set.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestApp, createTestDatabase } from '../../test/app.ts';
import { createPgCounters } from './pg-store.ts';

describe('database counters', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('count racing hits exactly once each', async () => {
    const counters = createPgCounters(database.db);
    const results = await Promise.all(Array.from({ length: 20 }, () => counters.hit('race', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect((await counters.read('race')).current).toBe(20);
    for (const r of results) {
      expect(r.ttl).toBeGreaterThan(0);
      expect(r.ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('start again at 1 once the window has ended, and purge ended windows', async () => {
    const counters = createPgCounters(database.db);
    await counters.hit('short', 300);
    expect((await counters.hit('short', 300)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await counters.read('short')).toEqual({ current: 0, ttl: 0 });
    expect((await counters.hit('short', 300)).current).toBe(1);
    await counters.hit('gone', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await counters.purgeExpired();
    expect((await counters.read('race')).current).toBe(20);
    expect((await counters.read('gone')).current).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

// Needs a Redis server (the CI machine runs one on 127.0.0.1:6379); skipped, and said so, without.
describe.skipIf(!(await redisReachable()))('with REDIS_URL', () => {
  it('limits contact messages per address through Redis, shared by two app instances', async () => {
    const prefix = `10.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}`;
    const env = { REDIS_URL: redisUrl, CONTACT_PER_IP_PER_HOUR: '3' };
    const [a, b] = await Promise.all([
      createTestApp({ seed: false, env }),
      createTestApp({ seed: false, env }),
    ]);
    try {
      const send = (app: typeof a.app) =>
        app.inject({
          method: 'POST',
          url: '/api/contact/send',
          remoteAddress: `${prefix}.1`,
          payload: { name: 'Ritu', email: 'ritu@example.in', phone: '9876543210', message: 'Hello there' },
        });
      const statuses = [];
      for (const app of [a.app, b.app, a.app, b.app]) statuses.push((await send(app)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
      // Nothing went to the database store.
      expect((await createPgCounters(a.database.db).read(`rl:contact:${prefix}.1`)).current).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
