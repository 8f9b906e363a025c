// GET /api/admin/reports/sales-by-source (issue 38) and the same as CSV (.csv): admin only.
import { ErrorBody } from '@spice/shared/contracts/common';
import { SalesBySource, SalesBySourceQuery } from '@spice/shared/contracts/sales-sources';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

export const salesBySourceRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCache(app);
  app.get(
    '/admin/reports/sales-by-source',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Orders, revenue, average order value, COD share and RTO rate by source, medium and campaign',
        description:
          'By last touch and by first touch (the attribution cookie, 30 days). `from` and `to` are IST days, both included; cancelled orders are left out.',
        querystring: SalesBySourceQuery,
        response: { 200: SalesBySource, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      await requireAdmin(request, app.services.accounts);
      return app.services.salesBySource.report(request.query);
    },
  );

  app.get(
    '/admin/reports/sales-by-source.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The same report as CSV: both tables, a Touch column first (rupees, percentages)',
        querystring: SalesBySourceQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await requireAdmin(request, app.services.accounts);
      const { from, to } = request.query;
      const name = `sales-by-source-${from ?? 'start'}-to-${to ?? 'today'}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(await app.services.salesBySource.csv(request.query));
    },
  );
};
