// Server-rendered public pages, kept in memory for visitors without a session. Every visitor who
// is not logged in sees the same HTML for the same URL, so one render serves them all until the
// data behind it changes: any snapshot invalidation (an admin's edit, a sale changing stock, a
// review) bumps the data generation and drops every page at once, and the time to live bounds
// staleness when another instance changed the data or a banner's time window opened or closed.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { offersHindi, stripLangPrefix } from '@spice/shared/lang';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { weakEtag } from './etag.ts';
import { sendWebResponse } from './web-response.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** Compressed once, on the first request that asks for each encoding. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * Paths whose render depends only on the URL and the shop's public data when no one is logged
 * in. Pages for one shopper (cart, orders, profile, checkout, rate), the back office and the dev
 * outbox are never cached. `.data` is React Router's client-navigation data for the same routes.
 */
const PUBLIC_PAGE =
  /^\/(?:|_root\.data|product\/[^/]+|search|about|contact|privacy-policy|terms-and-conditions|return-policy|shipping-policy)(?:\.data)?$/;

/** The same path without the Hindi prefix ('/hi/about' → '/about', '/hi.data' → '/_root.data'). */
function englishPath(pathname: string): string {
  if (pathname === '/hi.data') return '/_root.data';
  return stripLangPrefix(pathname);
}

/** A public page in either language (Hindi under /hi: decision 0017). */
export function isPublicPagePath(pathname: string): boolean {
  return PUBLIC_PAGE.test(englishPath(pathname));
}

/** Pages about one shopper or for the store team, whoever asks: never kept by any cache. */
const PRIVATE_PAGE =
  /^\/(?:cart|orders|profile|checkout|order-success|grievance(?:\/[^/]+)?|rate\/[^/]+|admin(?:\/.*)?|dev\/outbox)(?:\.data)?$/;

/**
 * A response for this request must carry `Cache-Control: private, no-store`: it was rendered for
 * someone signed in (the header names them) or is a page of one shopper's or the back office.
 */
export function isPrivateRender(request: FastifyRequest, pathname: string): boolean {
  return hasSession(request) || PRIVATE_PAGE.test(englishPath(pathname));
}

/**
 * An English page shows the 'also in Hindi' banner to a first visit whose Accept-Language asks
 * for Hindi (lang.ts offersHindi): the one bit of a public page that depends on request headers,
 * so it is part of the cache key, and the response varies by those headers.
 */
export function offerBit(request: FastifyRequest, pathname: string): boolean {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return offersHindi(pathname.replace(/\.data$/, ''), header('cookie'), header('accept-language'));
}

/** The Vary header of a public page: English pages depend on the banner bit's headers too. */
export function pageVary(pathname: string): string {
  return pathname === '/hi' || pathname.startsWith('/hi/') || pathname === '/hi.data'
    ? 'Accept-Encoding'
    : 'Accept-Encoding, Accept-Language, Cookie';
}

// @fastify/cookie (registered with the session store) has already parsed the request's cookies.
function hasSession(request: FastifyRequest): boolean {
  return request.cookies[SESSION_COOKIE] !== undefined;
}

/** The encoding to send, from Accept-Encoding (q=0 refuses one); null for none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** A kept answer's compressed copy, made once (page cache, front cache). */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  // Done once per page and encoding, so a higher quality than per-request compression is affordable.
  return encoding === 'br'
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
    : gzip(body, { level: 9 });
}

export interface PageCacheOptions {
  ttlMs: number;
  /** Upper bound on the bytes of HTML held (compressed copies come on top, and are smaller). */
  maxBytes: number;
  /** The public data's generation (lib/snapshot.ts); a page rendered under an older one is stale. */
  generation: () => number;
}

export interface PageCache {
  /**
   * Answers a GET or HEAD for a public page from memory, rendering it with `render` on a miss.
   * Returns false when the request is not one for the cache; the caller then renders as usual.
   */
  serve(request: FastifyRequest, reply: FastifyReply, render: () => Promise<Response>): Promise<boolean>;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) => Math.max(1, page.body.length),
    ttl: options.ttlMs,
  });
  // Renders under way, so a burst of visitors to a page that just dropped out renders it once.
  const rendering = new Map<string, Promise<CachedPage | Response>>();
  let cachedGeneration = options.generation();

  async function renderOnce(key: string, render: () => Promise<Response>): Promise<CachedPage | Response> {
    const generation = options.generation();
    const response = await render();
    if (!storable(response)) return response;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => name !== 'content-length');
    const page: CachedPage = { status: response.status, headers, body, etag: weakEtag(body), encoded: {} };
    // Data changed while this page rendered: serve it to this request, but do not keep it.
    if (generation === options.generation() && options.ttlMs > 0) pages.set(key, page);
    return page;
  }

  return {
    async serve(request, reply, render) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      // Appended, not resolved: '//evil.example/' is a path here, as it is for the render.
      const url = new URL(`http://x${request.url}`);
      if (!isPublicPagePath(url.pathname) || hasSession(request)) return false;

      const generation = options.generation();
      if (generation !== cachedGeneration) {
        pages.clear();
        cachedGeneration = generation;
      }
      // Scheme and host are in the key: pages carry absolute URLs (canonical, Open Graph) made of them.
      // And the banner bit: an English page offering Hindi is another page than the one without.
      const offer = offerBit(request, url.pathname) ? ' offer-hi' : '';
      const key = `${request.protocol}://${request.host}${request.url}${offer}`;
      let page = pages.get(key);
      const state = page ? 'hit' : 'miss';
      if (!page) {
        if (request.method === 'HEAD') return false;
        let pending = rendering.get(key);
        const mine = !pending;
        if (!pending) {
          pending = renderOnce(key, render).finally(() => rendering.delete(key));
          rendering.set(key, pending);
        }
        const result = await pending;
        if (result instanceof Response) {
          // Not for the cache (an error, a redirect, a cookie): its body can be read only once, so
          // the request that rendered it sends it and any that joined render for themselves.
          await sendWebResponse(reply, mine ? result : await render());
          return true;
        }
        page = result;
      }
      await sendPage(request, reply, page, state, pageVary(url.pathname));
      return true;
    },
  };
}

function storable(response: Response): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has('set-cookie')) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/\b(?:private|no-store)\b/i.test(cacheControl);
}

async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: string,
  vary: string,
) {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('etag', page.etag).header('x-page-cache', state).header('vary', vary);
  if (request.headers['if-none-match'] === page.etag) {
    reply.status(304);
    return reply.send();
  }
  if (request.method === 'HEAD') {
    reply.header('content-length', String(page.body.length));
    return reply.send();
  }
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding || page.body.length < 1024) return reply.send(page.body);
  page.encoded[encoding] ??= compress(page.body, encoding);
  // Already encoded: @fastify/compress leaves a reply with a content-encoding alone.
  reply.header('content-encoding', encoding);
  return reply.send(await page.encoded[encoding]);
}
