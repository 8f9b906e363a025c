import { CheckoutSettings, ShippingMilestone } from '@spice/shared/contracts/content';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CATALOGUE_CACHE } from '../../lib/cache-headers.ts';

const tags = ['checkout'];

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout } = app.services;
  app.get(
    '/config/checkout-settings',
    { schema: { tags, summary: 'Platform fee in rupees', response: { 200: CheckoutSettings } } },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CATALOGUE_CACHE);
      return checkout.settings();
    },
  );
  // Public: the storefront reads this admin-path list (spec section 6).
  app.get(
    '/admin/shipping-milestones',
    {
      schema: {
        tags,
        summary: 'Shipping milestones sorted by minCartValue (rupees)',
        response: { 200: z.array(ShippingMilestone) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CATALOGUE_CACHE);
      return checkout.milestones();
    },
  );
};
