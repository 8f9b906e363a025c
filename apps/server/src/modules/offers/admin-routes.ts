// The back office's offers API (issue 36): list, read, create, edit at a version, delete at a
// version. Every route is an admin's (guardBackOffice refuses others before parsing).
import { VersionQuery } from '@spice/shared/contracts/admin-site';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import { AdminOffer, OfferCreate, OfferUpdate } from '@spice/shared/contracts/offers';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const RULES =
  'type SPEND_THRESHOLD takes tiers [{ minCartValue, type PERCENT (1–90) | FLAT (rupees), value, maxDiscount | null }] rising by minCartValue; BUY_X_GET_Y takes buy { productIds, quantity } and get { quantity, percentOff 1–100 }; FREE_GIFT takes gift { variantId, minCartValue }. Amounts in rupees; startsAt/endsAt in IST (datetime-local) or ISO with a zone, or null.';

export const adminOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, offers } = app.services;
  neverCache(app);
  const admin = (request: Parameters<typeof requireAdmin>[0]) => requireAdmin(request, accounts);

  app.get(
    '/admin/offers',
    {
      schema: {
        tags,
        summary: 'Every automatic offer, oldest first',
        response: { 200: z.array(AdminOffer), ...errors },
      },
    },
    async (request) => {
      await admin(request);
      return offers.list();
    },
  );

  app.get(
    '/admin/offers/:id',
    { schema: { tags, summary: 'One offer', params: IdParam, response: { 200: AdminOffer, ...errors } } },
    async (request) => {
      await admin(request);
      return offers.get(request.params.id);
    },
  );

  app.post(
    '/admin/offers',
    {
      schema: {
        tags,
        summary: 'Create an automatic offer',
        description: RULES,
        body: OfferCreate,
        response: { 201: AdminOffer, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await offers.create(await admin(request), request.body)),
  );

  app.put(
    '/admin/offers/:id',
    {
      schema: {
        tags,
        summary: 'Change an offer',
        description: `${RULES} version is the one the page loaded; a change made meanwhile answers 409.`,
        params: IdParam,
        body: OfferUpdate,
        response: { 200: AdminOffer, ...errors },
      },
    },
    async (request) => offers.update(await admin(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/offers/:id',
    {
      schema: {
        tags,
        summary: 'Delete an offer (orders that had it keep its name and amount)',
        params: IdParam,
        querystring: VersionQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await offers.remove(await admin(request), request.params.id, request.query.version);
      return reply.status(204).send(null);
    },
  );
};
