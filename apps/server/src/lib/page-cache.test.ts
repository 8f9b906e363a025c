import zlib from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseEncoding, createPageCache, isPublicPagePath } from './page-cache.ts';
import { sendWebResponse } from './web-response.ts';

interface Harness {
  app: FastifyInstance;
  renders: () => number;
  bumpGeneration: () => void;
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A Fastify app whose pages come from `page`, answered through the cache like the storefront. */
async function harness(
  page: (url: string) => Response = (url) =>
    new Response(`<html><body>${url} ${'spice '.repeat(400)}</body></html>`, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
    }),
  ttlMs = 60_000,
): Promise<Harness> {
  let generation = 0;
  let renders = 0;
  const cache = createPageCache({ ttlMs, maxBytes: 1024 * 1024, generation: () => generation });
  const app = Fastify();
  apps.push(app);
  // As in the app: cookies are parsed before the storefront route runs.
  await app.register(cookie);
  app.all('/*', async (request, reply) => {
    const render = async () => {
      renders++;
      // A render takes a moment, as a real one does, so concurrent requests overlap.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return page(request.url);
    };
    if (await cache.serve(request, reply, render)) return reply;
    return sendWebResponse(reply, await render());
  });
  await app.ready();
  return { app, renders: () => renders, bumpGeneration: () => generation++ };
}

describe('which paths are public pages', () => {
  it('takes the catalogue and content pages and their navigation data', () => {
    for (const path of [
      '/',
      '/_root.data',
      '/product/garam-masala',
      '/product/garam-masala.data',
      '/search',
      '/about',
      '/contact',
      '/privacy-policy',
      '/terms-and-conditions',
      '/return-policy',
      '/shipping-policy',
    ]) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
  });

  it('never takes one shopper’s pages, the back office or the dev outbox', () => {
    for (const path of [
      '/cart',
      '/orders',
      '/profile',
      '/checkout',
      '/order-success',
      '/rate/4',
      '/admin',
      '/admin/orders',
      '/dev/outbox',
      '/product/a/b',
      '/api/products',
      '/nowhere',
    ]) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
  });
});

describe('Hindi pages (decision 0017)', () => {
  it('takes the /hi twins of the public pages and refuses those of private ones', () => {
    for (const path of [
      '/hi',
      '/hi.data',
      '/hi/product/haldi',
      '/hi/product/haldi.data',
      '/hi/search',
      '/hi/about',
    ]) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
    for (const path of [
      '/hi/cart',
      '/hi/orders',
      '/hi/checkout',
      '/hi/profile',
      '/hi/admin',
      '/history',
      '/hindi',
    ]) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
  });

  it('keeps an English page offering Hindi apart from the same page without the offer', async () => {
    const h = await harness(
      (url) =>
        new Response(`<html>${url} ${'spice '.repeat(400)}</html>`, {
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
        }),
    );
    const hindiFirst = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
    const plain = await h.app.inject('/about');
    const offered = await h.app.inject({ url: '/about', headers: hindiFirst });
    expect(h.renders()).toBe(2);
    expect(offered.headers['x-page-cache']).toBe('miss');
    expect(plain.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    // The same bit again: answered from the cache, each from its own copy.
    expect((await h.app.inject({ url: '/about', headers: hindiFirst })).headers['x-page-cache']).toBe('hit');
    expect(
      (await h.app.inject({ url: '/about', headers: { 'accept-language': 'en' } })).headers['x-page-cache'],
    ).toBe('hit');
    // A shopper who chose (the lang cookie) is not offered again: the plain copy.
    await h.app.inject({ url: '/about', headers: { ...hindiFirst, cookie: 'lang=en' } });
    expect(h.renders()).toBe(2);
    // Hindi pages never offer, so they do not vary by language.
    const hindi = await h.app.inject({ url: '/hi/about', headers: hindiFirst });
    expect(hindi.headers.vary).toBe('Accept-Encoding');
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and respects q=0', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('gzip');
  });
});

describe('the page cache', () => {
  it('renders a public page once for every visitor without a session', async () => {
    const h = await harness();
    const first = await h.app.inject('/product/garam-masala');
    const second = await h.app.inject('/product/garam-masala');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(h.renders()).toBe(1);
  });

  it('renders a burst of concurrent first visits once', async () => {
    const h = await harness();
    const responses = await Promise.all(Array.from({ length: 10 }, () => h.app.inject('/about')));
    expect(responses.every((r) => r.statusCode === 200 && r.body === responses[0]?.body)).toBe(true);
    expect(h.renders()).toBe(1);
  });

  it('renders afresh for a logged-in shopper and never keeps that page', async () => {
    const h = await harness();
    const withSession = await h.app.inject({ url: '/', headers: { cookie: 'theme=dark; sid=abc' } });
    expect(withSession.headers['x-page-cache']).toBeUndefined();
    await h.app.inject({ url: '/', headers: { cookie: 'sid=abc' } });
    expect(h.renders()).toBe(2);
    const anonymous = await h.app.inject('/');
    expect(anonymous.headers['x-page-cache']).toBe('miss');
  });

  it('drops every page when the data generation changes', async () => {
    const h = await harness();
    await h.app.inject('/');
    await h.app.inject('/about');
    h.bumpGeneration();
    expect((await h.app.inject('/')).headers['x-page-cache']).toBe('miss');
    expect((await h.app.inject('/about')).headers['x-page-cache']).toBe('miss');
    expect(h.renders()).toBe(4);
  });

  it('keeps pages per URL and host (query strings and absolute links differ)', async () => {
    const h = await harness();
    const a = await h.app.inject('/search?q=masala');
    const b = await h.app.inject('/search?q=turmeric');
    const c = await h.app.inject({ url: '/search?q=masala', headers: { host: 'shop.example' } });
    const again = await h.app.inject('/search?q=masala');
    expect([a, b, c, again].map((r) => r.headers['x-page-cache'])).toEqual(['miss', 'miss', 'miss', 'hit']);
    expect(b.body).toContain('turmeric');
  });

  it('never keeps a page that is not a plain 200 without cookies or private caching', async () => {
    const h = await harness((url) => {
      if (url === '/product/missing') return new Response('<h1>Page not found</h1>', { status: 404 });
      if (url === '/about')
        return new Response('hello', { headers: { 'set-cookie': 'x=1', 'content-type': 'text/html' } });
      if (url === '/contact')
        return new Response('hello', { headers: { 'cache-control': 'private, no-store' } });
      return new Response('ok');
    });
    for (const url of ['/product/missing', '/about', '/contact']) {
      await h.app.inject(url);
      const again = await h.app.inject(url);
      expect(again.headers['x-page-cache'], url).toBeUndefined();
    }
    expect((await h.app.inject('/product/missing')).statusCode).toBe(404);
    expect(h.renders()).toBe(7);
  });

  it('answers 304 to a browser that has the page, and HEAD without a body', async () => {
    const h = await harness();
    const first = await h.app.inject('/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await h.app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const head = await h.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(first.body));
  });

  it('sends brotli or gzip, compressed once, that decodes to the same page', async () => {
    const h = await harness();
    const plain = await h.app.inject('/');
    const br = await h.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    const gz = await h.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('lets pages expire after their time to live', async () => {
    const h = await harness(undefined, 30);
    await h.app.inject('/');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await h.app.inject('/')).headers['x-page-cache']).toBe('miss');
  });

  it('never answers POST from the cache', async () => {
    const h = await harness();
    await h.app.inject('/contact');
    const post = await h.app.inject({ method: 'POST', url: '/contact', payload: { a: 1 } });
    expect(post.statusCode).toBe(200);
    expect(post.headers['x-page-cache']).toBeUndefined();
    expect(h.renders()).toBe(2);
  });
});
