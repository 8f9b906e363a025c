import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// `draining`: this instance is shutting down (lib/shutdown.ts); a load balancer takes it out.
const Health = z.object({
  status: z.enum(['ok', 'degraded', 'draining']),
  database: z.enum(['up', 'down']),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database reachability, and whether the instance is shutting down',
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const up = await app.database.ping();
      reply.header('cache-control', 'no-store');
      const database = up ? ('up' as const) : ('down' as const);
      if (app.lifecycle.draining) return reply.status(503).send({ status: 'draining', database });
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'degraded', database });
    },
  );
};
