// Answers kept in front of the framework (decision 0051). A public GET whose bytes depend only on
// its URL and the shop's public data (a search answer) is answered again from memory by the HTTP
// server's own request handler, before Fastify builds a request, runs its hooks and routes it:
// for a small answer those per-request steps cost more than the answer itself (bench/README.md,
// issue 33). The first request goes through the framework as usual, and the route hands its
// finished answer here; what it replays is exactly what the framework sent (security headers,
// cache headers, ETag), with a request id of its own. An answer is dropped when any public data
// changes (lib/snapshot.ts's generation), after the catalogue's time to live, and at shutdown.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { chooseEncoding, compress, type Encoding } from './page-cache.ts';

/** A reply's headers as Fastify's getHeaders() gives them. */
type Headers = Record<string, string | number | string[] | undefined>;

/** Headers that belong to one request, never replayed. */
const PER_REQUEST = new Set([
  'x-request-id',
  'server-timing',
  'content-length',
  'content-encoding',
  'vary',
  'date',
]);
/** Below this size an answer is sent as it is (as @fastify/compress's threshold does). */
const COMPRESS_FROM_BYTES = 1024;

interface Entry {
  /** The route's pattern ('/api/products/search'), as the metrics name it. */
  route: string;
  etag: string;
  generation: number;
  /** Name, value, name, value…: the replayed headers, as writeHead takes them. */
  headers: string[];
  bodies: { identity: Buffer } & Partial<Record<Encoding, Buffer>>;
  compressing: Set<Encoding>;
}

export interface FrontCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** The public data's generation (lib/snapshot.ts's dataGeneration). */
  generation: () => number;
  /** The request id for a replayed answer (the framework's own rule: a sane incoming one, or new). */
  requestId?: (request: IncomingMessage) => string;
  /** Whether the framework would let this request through its own checks (a sane target and Host). */
  accepts?: (request: IncomingMessage) => boolean;
  /** Told of each replayed answer (the request log line, the metrics) with its route's pattern. */
  answered?: (request: IncomingMessage, status: number, started: number, route: string) => void;
}

export interface FrontCache {
  /** Answers the request from memory and returns true, or returns false for the framework to answer. */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  /**
   * Keeps a finished 200 answer of a public GET for its URL. `generation` is the data generation
   * read before the answer was made: an answer made while the data changed is not kept.
   */
  keep(url: string, generation: number, headers: Headers, body: string | Buffer, route: string): void;
  /** The data generation now, to pass back to keep(). */
  generation(): number;
  /** Stops answering (the server is closing: the framework answers 503). */
  close(): void;
}

export function createFrontCache(options: FrontCacheOptions): FrontCache {
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry, url) => entry.bodies.identity.length + url.length,
    ttl: options.ttlMs,
  });
  let open = options.ttlMs > 0;
  const requestId = options.requestId ?? (() => randomUUID());

  function compressLater(entry: Entry, encoding: Encoding) {
    if (entry.compressing.has(encoding)) return;
    entry.compressing.add(encoding);
    compress(entry.bodies.identity, encoding).then(
      (encoded) => {
        entry.bodies[encoding] = encoded;
      },
      () => entry.compressing.delete(encoding),
    );
  }

  return {
    answer(request, response) {
      if (!open || request.method !== 'GET' || !request.url) return false;
      const entry = entries.get(request.url);
      if (!entry) return false;
      if (entry.generation !== options.generation()) {
        entries.clear();
        return false;
      }
      // A request the framework's own checks would refuse is left to it (plugins/security.ts).
      if (options.accepts && !options.accepts(request)) return false;
      const started = performance.now();
      let encoding = chooseEncoding(request.headers['accept-encoding']);
      let body = entry.bodies.identity;
      if (encoding && body.length >= COMPRESS_FROM_BYTES) {
        const encoded = entry.bodies[encoding];
        if (!encoded) {
          compressLater(entry, encoding);
          return false;
        }
        body = encoded;
      } else encoding = null;
      const headers = [...entry.headers, 'x-request-id', requestId(request), 'x-front-cache', 'hit'];
      headers.push('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === entry.etag) {
        response.writeHead(304, headers);
        response.end();
        options.answered?.(request, 304, started, entry.route);
        return true;
      }
      if (encoding) headers.push('content-encoding', encoding);
      headers.push('content-length', String(body.length));
      response.writeHead(200, headers);
      response.end(body);
      options.answered?.(request, 200, started, entry.route);
      return true;
    },

    keep(url, generation, headers, body, route) {
      if (!open || generation !== options.generation()) return;
      if (headers['set-cookie'] !== undefined || headers['content-encoding'] !== undefined) return;
      const etag = headers.etag;
      if (typeof etag !== 'string') return;
      const flat: string[] = [];
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined || PER_REQUEST.has(name)) continue;
        flat.push(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const identity = typeof body === 'string' ? Buffer.from(body) : body;
      entries.set(url, {
        route,
        etag,
        generation,
        headers: flat,
        bodies: { identity },
        compressing: new Set(),
      });
    },

    generation: options.generation,

    close() {
      open = false;
      entries.clear();
    },
  };
}
