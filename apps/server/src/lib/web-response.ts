// Between Fastify and the Fetch API the storefront's request handler speaks: a Web Request from
// Fastify's request (aborted when the client goes away), and a Web Response sent through Fastify.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The request's address. The path is appended to scheme and host rather than resolved against
 * them: resolved, a request for '//evil.example/' would name evil.example as the page's own host
 * (its canonical link and og:url).
 */
export function requestUrl(request: FastifyRequest): URL {
  return new URL(`${request.protocol}://${request.host}${request.url}`);
}

export function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = requestUrl(request);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = Readable.toWeb(request.raw) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

export function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}
