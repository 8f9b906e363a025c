// The payments ledger in the back office: admin only (401 logged out, 403 for shoppers).
import { AdminPaymentPage, AdminPaymentsQuery } from '@spice/shared/contracts/admin-payments';
import { ErrorBody } from '@spice/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, payments } = app.services;
  neverCache(app);

  app.get(
    '/admin/payments',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every payment the shop learned of, newest first, with its fate (attention=true: refund pending or failed)',
        querystring: AdminPaymentsQuery,
        response: { 200: AdminPaymentPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return payments.list(request.query);
    },
  );
};
