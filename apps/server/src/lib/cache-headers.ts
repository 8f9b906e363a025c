import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public catalogue reads: browsers revalidate every time (so an owner's change shows on the next
 * request), while a CDN may serve them for a short while and revalidate in the background.
 */
export const PUBLIC_CATALOGUE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** Sends a pre-serialised JSON body with an ETag, answering 304 when the client already has it. */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string | Buffer,
  etag: string,
) {
  reply.header('cache-control', PUBLIC_CATALOGUE_CACHE).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/** One shopper's (or the owner's) own data: never cached anywhere. Applies to the plugin's routes. */
export function neverCache(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
}
