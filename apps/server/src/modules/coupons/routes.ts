import { Coupon } from '@spice/shared/contracts/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { coupons } = app.services;
  app.get(
    '/coupons/active',
    {
      schema: {
        tags: ['coupons'],
        summary: 'Coupons a shopper may apply now',
        response: { 200: z.array(Coupon) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=0, s-maxage=30');
      return coupons.listActive();
    },
  );
};
