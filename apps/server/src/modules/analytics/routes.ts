// GET /api/admin/analytics/{report}[.csv] (issue 40): admins only (401 logged out, 403 shoppers).
import { AnalyticsAnswer, AnalyticsQuery } from '@spice/shared/contracts/analytics';
import { ErrorBody } from '@spice/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, analytics } = app.services;
  neverCache(app);

  app.get(
    '/admin/analytics/:report',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The owner's reports for a range of IST days compared with the previous period: sales, payments, customers, cohorts, products, funnel, search; '.csv' after the name for the CSV",
        description:
          'from and to are YYYY-MM-DD, both included, at most 2 years apart; granularity day, week or month (default by length). Amounts in rupees with two decimals, rates in percent.',
        params: z.object({
          report: z
            .string()
            .max(20)
            .regex(/^[a-z]+(?:\.csv)?$/, 'No such report.'),
        }),
        querystring: AnalyticsQuery,
        produces: ['application/json', 'text/csv'],
        response: { 200: AnalyticsAnswer.or(z.string()), ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(request, accounts);
      const { report, csv } = analytics.parseName(request.params.report);
      if (!csv) return analytics.report(report, request.query);
      const { filename, body } = await analytics.csv(report, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );
};
