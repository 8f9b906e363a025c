// The back office's audit log under /api/admin/audit (admins only: 401 logged out, 403 for
// shoppers). Each domain's back-office routes live in its module (admin-routes.ts); the public GET
// /api/admin/shipping-milestones lives in checkout.
import { AuditPage, PageQuery } from '@spice/shared/contracts/admin';
import { ErrorBody } from '@spice/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, audit } = app.services;
  neverCache(app);

  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log of back-office changes, newest first',
        querystring: PageQuery,
        response: { 200: AuditPage, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return audit.list(request.query.page, request.query.size);
    },
  );
};
