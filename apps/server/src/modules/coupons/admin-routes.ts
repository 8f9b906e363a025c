// The back office's coupon API: the list with usage so far, create, edit, activate and deactivate.
// Every route checks the admin role first (401 logged out, 403 for shoppers). Shoppers' coupon
// reads (/api/coupons/active, /api/coupons/validate) read the table directly, so a change applies
// to the next request.
import {
  AdminCoupon,
  CouponActiveChange,
  CouponCreate,
  CouponUpdate,
} from '@spice/shared/contracts/admin-coupons';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const RULES =
  'Percent (up to 100, two decimals) or flat rupees (two decimals); max discount, minimum cart value in rupees; valid from/until in IST (datetime-local) or ISO with a zone; limits are whole numbers above 0 or null for none.';

export const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, couponsAdmin } = app.services;
  neverCache(app);
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request, accounts);
  });
  const admin = (request: Parameters<typeof requireAdmin>[0]) => requireAdmin(request, accounts);

  app.get(
    '/admin/coupons',
    {
      schema: {
        tags,
        summary: 'Every coupon, newest first, with its rules, status and usage so far',
        description:
          'usedCount counts uses taken (paid orders and checkouts awaiting payment); redemptions counts paid orders.',
        response: { 200: z.array(AdminCoupon), ...errors },
      },
    },
    () => couponsAdmin.list(),
  );

  app.get(
    '/admin/coupons/:id',
    {
      schema: { tags, summary: 'One coupon', params: IdParam, response: { 200: AdminCoupon, ...errors } },
    },
    (request) => couponsAdmin.get(request.params.id),
  );

  app.post(
    '/admin/coupons',
    {
      schema: {
        tags,
        summary: 'Create a coupon (the code is trimmed and upper-cased, and must be unique)',
        description: RULES,
        body: CouponCreate,
        response: { 201: AdminCoupon, ...errors },
      },
    },
    async (request, reply) => {
      const created = await couponsAdmin.create(await admin(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/admin/coupons/:id',
    {
      schema: {
        tags,
        summary: 'Change a coupon’s rules (its uses so far stay as they are)',
        description: `${RULES} version is the one the page showed; a change made meanwhile answers 409.`,
        params: IdParam,
        body: CouponUpdate,
        response: { 200: AdminCoupon, ...errors },
      },
    },
    async (request) => couponsAdmin.update(await admin(request), request.params.id, request.body),
  );

  app.put(
    '/admin/coupons/:id/active',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a coupon',
        params: IdParam,
        body: CouponActiveChange,
        response: { 200: AdminCoupon, ...errors },
      },
    },
    async (request) => couponsAdmin.setActive(await admin(request), request.params.id, request.body),
  );
};
