// The front cache (decision 0051) on a real socket: a repeated search is answered before the
// framework with the same bytes and headers, until the catalogue changes; 304s, encodings, a bad
// Host and a closing server behave as the framework's own answers do.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { verifyMobile } from '../test/shoppers.ts';
import { createFrontCache } from './front-cache.ts';

let t: TestApp;
let base: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '3600' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers: { 'accept-encoding': 'identity', ...headers } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The headers a client sees, less the ones that belong to one request. */
function lasting(headers: Headers) {
  const skip = new Set([
    'x-request-id',
    'server-timing',
    'date',
    'x-front-cache',
    'vary',
    'keep-alive',
    'connection',
  ]);
  return Object.fromEntries([...headers].filter(([name]) => !skip.has(name)));
}

describe('answers kept in front of the framework', () => {
  it('answers a repeated search with the same bytes and headers, then the change once the catalogue changes', async () => {
    const path = '/api/products/search?q=haldi';
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-front-cache')).toBeNull();
    const again = await get(path);
    expect(again.headers.get('x-front-cache')).toBe('hit');
    expect(again.body.equals(first.body)).toBe(true);
    expect(lasting(again.headers)).toEqual(lasting(first.headers));
    expect(again.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(again.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    // The shopper's browser revalidates: 304 with the ETag, from the kept answer too.
    const etag = first.headers.get('etag')!;
    const revalidated = await get(path, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('x-front-cache')).toBe('hit');
    expect(revalidated.body.length).toBe(0);

    // The owner adds stock: the next search is the framework's again, with the new figure.
    const [product] = JSON.parse(first.body.toString()) as { variants: { id: number; stock: number }[] }[];
    const variant = product!.variants[0]!;
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/variants/${variant.id}/stock`,
      headers: { cookie: adminCookie },
      payload: { change: 7, reason: 'Counted again' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const after = await get(path);
    expect(after.headers.get('x-front-cache')).toBeNull();
    const [changed] = JSON.parse(after.body.toString()) as (typeof product)[];
    expect(changed!.variants[0]!.stock).toBe(variant.stock + 7);
    expect((await get(path)).headers.get('x-front-cache')).toBe('hit');
  });

  it('sends a compressed copy once it is made, and the framework compresses until then', async () => {
    const path = '/api/products/search?q=masala';
    const plain = await get(path);
    const first = await get(path, { 'accept-encoding': 'br, gzip' });
    expect(first.headers.get('x-front-cache')).toBeNull();
    expect(first.headers.get('content-encoding')).toBe('br');
    let hit = first;
    for (let i = 0; i < 50 && hit.headers.get('x-front-cache') !== 'hit'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      hit = await get(path, { 'accept-encoding': 'br, gzip' });
    }
    expect(hit.headers.get('x-front-cache')).toBe('hit');
    expect(hit.headers.get('content-encoding')).toBe('br');
    expect(hit.headers.get('vary')).toBe('accept-encoding');
    // fetch decodes the brotli itself: the kept copy decodes to the same answer.
    expect(hit.body.equals(plain.body)).toBe(true);
  });

  it('leaves to the framework what it would refuse or answer otherwise', async () => {
    const path = '/api/products/search?q=jeera';
    await get(path);
    expect((await get(path)).headers.get('x-front-cache')).toBe('hit');
    // A HEAD, another query, a POST: not kept answers.
    const head = await fetch(base + path, { method: 'HEAD' });
    expect(head.headers.get('x-front-cache')).toBeNull();
    expect((await get('/api/products/search?q=jeera&lang=hi')).headers.get('x-front-cache')).toBeNull();
    const tooLong = `/api/products/search?q=${'a'.repeat(101)}`;
    expect((await get(tooLong)).status).toBe(400);
    const refused = await get(tooLong);
    expect([refused.status, refused.headers.get('x-front-cache')]).toEqual([400, null]);
    // A Host the framework refuses is refused for a kept answer too.
    const { request: send } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(base + path);
      send({ host: url.hostname, port: url.port, path, headers: { host: 'user@evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(400);
  });
});

describe('the cache itself', () => {
  const response = () => {
    const sent: { status?: number; headers?: string[]; body?: Buffer } = {};
    return {
      sent,
      writeHead(status: number, headers: string[]) {
        sent.status = status;
        sent.headers = headers;
      },
      end(body?: Buffer) {
        sent.body = body;
      },
    };
  };
  const request = (url: string, headers: Record<string, string> = {}) =>
    ({ method: 'GET', url, headers }) as unknown as import('node:http').IncomingMessage;

  it('keeps nothing made while the data changed, nor with a cookie or an encoding set', () => {
    let generation = 1;
    const cache = createFrontCache({ ttlMs: 60_000, maxBytes: 1 << 20, generation: () => generation });
    const headers = { etag: 'W/"a"', 'content-type': 'application/json' };
    cache.keep('/a', 0, headers, '[]', '/x');
    cache.keep('/b', 1, { ...headers, 'set-cookie': 'x=1' }, '[]', '/x');
    cache.keep('/c', 1, { ...headers, 'content-encoding': 'br' }, '[]', '/x');
    cache.keep('/d', 1, { 'content-type': 'application/json' }, '[]', '/x');
    for (const url of ['/a', '/b', '/c', '/d'])
      expect(cache.answer(request(url), response() as never)).toBe(false);
    cache.keep('/e', 1, headers, '[1]', '/x');
    const res = response();
    expect(cache.answer(request('/e'), res as never)).toBe(true);
    expect(res.sent.status).toBe(200);
    expect(res.sent.body?.toString()).toBe('[1]');
    generation = 2;
    expect(cache.answer(request('/e'), response() as never)).toBe(false);
  });

  it('gzips for a client that takes only gzip, and stops answering once closed', async () => {
    const cache = createFrontCache({ ttlMs: 60_000, maxBytes: 1 << 20, generation: () => 1 });
    const body = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, name: 'Garam Masala' })));
    cache.keep('/big', 1, { etag: 'W/"b"' }, body, '/x');
    expect(cache.answer(request('/big', { 'accept-encoding': 'gzip' }), response() as never)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const res = response();
    expect(cache.answer(request('/big', { 'accept-encoding': 'gzip' }), res as never)).toBe(true);
    expect(res.sent.headers).toContain('gzip');
    expect(gunzipSync(res.sent.body!).toString()).toBe(body);
    cache.close();
    expect(cache.answer(request('/big'), response() as never)).toBe(false);
  });
});

describe('a replayed answer in the metrics', () => {
  it('counts under its route like any other answer', async () => {
    const m = await createTestApp({ env: { METRICS_TOKEN: 'front-cache-metrics-token' } });
    try {
      await m.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(m.app.server.address() as { port: number }).port}`;
      for (let i = 0; i < 3; i++) await (await fetch(`${url}/api/products/search?q=chai`)).arrayBuffer();
      const scraped = await m.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer front-cache-metrics-token' },
      });
      const count = scraped.body
        .split('\n')
        .find((line) =>
          /^http_request_duration_seconds_count\{.*route="\/api\/products\/search".*status="200"/.test(line),
        );
      expect(count?.split(' ').at(-1)).toBe('3');
    } finally {
      await m.close();
    }
  });
});
