// Pincode lookups (public, cacheable) and the back office's delivery settings.
import { ErrorBody } from '@spice/shared/contracts/common';
import {
  AdminDeliverySettings,
  DeliverySettingsEdit,
  PincodeInfo,
  PincodeParam,
} from '@spice/shared/contracts/delivery';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

/** The estimate moves at the cut-off and settings change rarely: five minutes is a fair staleness. */
const LOOKUP_CACHE = 'public, max-age=300, stale-while-revalidate=600';
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { delivery, accounts } = app.services;

  app.get(
    '/pincodes/:pincode',
    {
      schema: {
        tags: ['delivery'],
        summary: 'City, district and state of a pincode, whether the shop delivers there, COD, and by when',
        description:
          "Dates are 'YYYY-MM-DD' in IST. 400 for anything but six digits; 404 for six digits that are no Indian pincode.",
        params: PincodeParam,
        response: { 200: PincodeInfo, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const json = await delivery.lookupJson(request.params.pincode);
      // Already JSON: Fastify sends a string with a JSON content-type as it is.
      const raw: FastifyReply = reply;
      return raw.header('cache-control', LOOKUP_CACHE).type('application/json; charset=utf-8').send(json);
    },
  );

  // The owner's settings are never cached.
  await app.register(async (plain) => {
    const admin = plain.withTypeProvider<ZodTypeProvider>();
    neverCache(admin);
    admin.get(
      '/admin/delivery-settings',
      {
        schema: {
          tags: ['admin'],
          summary: 'Warehouse, cut-off, holidays, zones and blocked pincodes, with their version',
          response: { 200: AdminDeliverySettings, ...errors },
        },
      },
      async (request) => {
        await requireAdmin(request, accounts);
        return delivery.adminSettings();
      },
    );
    admin.put(
      '/admin/delivery-settings',
      {
        onRequest: async (request) => {
          await requireAdmin(request, accounts);
        },
        schema: {
          tags: ['admin'],
          summary: 'Save the delivery settings (version as loaded; 409 when changed meanwhile); audited',
          body: DeliverySettingsEdit,
          response: { 200: AdminDeliverySettings, ...errors },
        },
      },
      async (request) => delivery.updateSettings(await requireAdmin(request, accounts), request.body),
    );
  });
};
