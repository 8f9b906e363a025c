// Recalls (issue 39): the back office starts one and reads its report (JSON, CSV); a shopper
// named in one asks for the refund or replacement from the message's link.

import { Recall, RecallNumberParam, RecallStart, RecallSummary } from '@spice/shared/contracts/batches';
import { ErrorBody } from '@spice/shared/contracts/common';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const RecallRemedyRequest = z
  .object({
    orderNumber: z.string().trim().min(1).max(40),
    choice: z.enum(['REFUND', 'REPLACEMENT']),
    /** For a cash-on-delivery order's refund: a UPI id or bank account details. */
    payTo: z.string().trim().max(200).optional(),
  })
  .meta({ id: 'RecallRemedyRequest' });

export const recallRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, recalls } = app.services;
  neverCache(app);
  const admin = {
    onRequest: async (request: Parameters<typeof requireAdmin>[0]) =>
      void (await requireAdmin(request, accounts)),
  };

  app.post(
    '/admin/recalls',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Start a recall of batches of a variant: their sale stops, affected shoppers are told',
        body: RecallStart,
        response: { 201: Recall, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireAdmin(request, accounts);
      reply.code(201);
      return recalls.start(user, request.body);
    },
  );

  app.get(
    '/admin/recalls',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Recalls, newest first',
        response: { 200: z.array(RecallSummary), ...errors },
      },
    },
    async () => recalls.list(),
  );

  app.get(
    '/admin/recalls/:recallNumber',
    {
      ...admin,
      schema: {
        tags,
        summary: 'A recall’s report: batches, units, affected orders and shoppers, remedies',
        params: RecallNumberParam,
        response: { 200: Recall, ...errors },
      },
    },
    async (request) => recalls.get(request.params.recallNumber),
  );

  app.get(
    '/admin/recalls/:recallNumber/report.csv',
    {
      ...admin,
      schema: {
        tags,
        summary: 'A recall’s report as CSV',
        params: RecallNumberParam,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.params.recallNumber}.csv"`)
        .send(await recalls.csv(request.params.recallNumber)),
  );

  app.post(
    '/recalls/:recallNumber/requests',
    {
      schema: {
        tags: ['orders'],
        summary: 'A shopper asks for the refund or replacement a recall offers, for their order',
        params: RecallNumberParam,
        body: RecallRemedyRequest,
        response: {
          200: z.object({ recorded: z.boolean() }).meta({ id: 'RecallRemedyRecorded' }),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request, accounts);
      return recalls.requestRemedy(user.id, request.params.recallNumber, request.body);
    },
  );
};
