// The product feeds' addresses (issue 38): public, outside /api, fetched by Google Merchant Center
// and Meta Commerce Manager on their schedule. Answered from the catalogue snapshot; a CDN may
// keep them for a minute. The back office reads their addresses and counts under /api/admin.
import { ErrorBody } from '@spice/shared/contracts/common';
import { FeedSummary } from '@spice/shared/contracts/sales-sources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache, PUBLIC_CATALOGUE_CACHE } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { FEED_PATHS, type FeedName } from './service.ts';

/** The shop's public origin: PUBLIC_URL, else the request's own. */
function originOf(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
}

/** GET /feeds/google.xml, /feeds/google-hi.xml, /feeds/meta.csv (registered outside /api). */
export async function feedRoutes(app: FastifyInstance) {
  for (const [name, path] of Object.entries(FEED_PATHS) as [FeedName, string][]) {
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      const feed = await app.services.feeds.feed(name, originOf(app, request));
      reply.header('cache-control', PUBLIC_CATALOGUE_CACHE).header('etag', feed.etag);
      if (request.headers['if-none-match'] === feed.etag) return reply.status(304).send();
      return reply.type(feed.contentType).send(feed.body);
    });
  }
}

export const adminFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCache(app);
  app.get(
    '/admin/feeds',
    {
      schema: {
        tags: ['admin'],
        summary: 'The product feeds: their addresses, item counts, and products left out with the reason',
        response: { 200: FeedSummary, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      await requireAdmin(request, app.services.accounts);
      return app.services.feeds.summary(app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`);
    },
  );
};
