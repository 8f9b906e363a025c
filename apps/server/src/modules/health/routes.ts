import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const Health = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const up = await app.database.ping();
      reply.header('cache-control', 'no-store');
      return reply
        .status(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );
};
