// The COD remittance view's API: admin only (401 logged out, 403 for shoppers).
import {
  CodRemittanceFilter,
  CodRemittancePage,
  CodRemittanceQuery,
  MarkedRemitted,
  MarkRemittedBody,
} from '@spice/shared/contracts/cod-remittance';
import { ErrorBody } from '@spice/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };

export const adminCodRemittanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, codRemittance } = app.services;
  neverCache(app);

  app.get(
    '/admin/cod-remittance',
    {
      schema: {
        tags,
        summary:
          'Delivered COD orders whose cash was collected, remitted by the courier or not (default: not)',
        querystring: CodRemittanceQuery,
        response: { 200: CodRemittancePage, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return codRemittance.list(request.query);
    },
  );

  app.get(
    '/admin/cod-remittance.csv',
    {
      schema: {
        tags,
        summary: 'The same filter as CSV (amounts in rupees, times in IST)',
        querystring: CodRemittanceFilter,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await requireAdmin(request, accounts);
      const { remitted, from, to } = request.query;
      const name = `cod-remittance-${remitted}-${from ?? 'start'}-to-${to ?? 'today'}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(await codRemittance.csv(request.query));
    },
  );

  app.post(
    '/admin/cod-remittance/remit',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags,
        summary: 'Mark collected COD orders remitted (all or none), with an optional courier reference',
        description:
          'An order already remitted (perhaps by another admin just now) answers 409 and marks none.',
        body: MarkRemittedBody,
        response: { 200: MarkedRemitted, ...errors },
      },
    },
    async (request) => codRemittance.markRemitted(await requireAdmin(request, accounts), request.body),
  );
};
