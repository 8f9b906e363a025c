// The back office's grievances (issue 35): the queue by due date, answering a ticket, the monthly
// report, and the grievance officer the storefront names.
import { ErrorBody } from '@spice/shared/contracts/common';
import {
  AdminGrievance,
  GrievanceOfficer,
  GrievanceReportQuery,
  GrievanceStatusInput,
  TicketParam,
} from '@spice/shared/contracts/grievances';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const adminGrievanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { grievances, accounts } = app.services;
  neverCache(app);

  app.get(
    '/admin/grievances',
    {
      schema: {
        tags,
        summary: 'Open grievances by their next deadline (overdue flagged), then closed ones',
        response: { 200: z.array(AdminGrievance), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return grievances.queue();
    },
  );

  app.post(
    '/admin/grievances/:ticketNumber/replies',
    {
      schema: {
        tags,
        summary: 'Acknowledge, resolve or reject with a written reply sent to the shopper',
        params: TicketParam,
        body: GrievanceStatusInput,
        response: { 200: AdminGrievance, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      const { status, reply } = request.body;
      return grievances.answer(admin, request.params.ticketNumber, status, reply);
    },
  );

  app.get(
    '/admin/grievances/report.csv',
    {
      schema: {
        tags,
        summary: 'The month’s grievances (IST): received, resolved within 30 days, overdue (CSV)',
        querystring: GrievanceReportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await requireAdmin(request, accounts);
      const csv = await grievances.monthlyReport(request.query.month);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="grievances-${request.query.month}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/admin/grievance-officer',
    {
      schema: {
        tags,
        summary: 'The grievance officer',
        response: { 200: GrievanceOfficer.nullable(), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return grievances.officer();
    },
  );

  app.put(
    '/admin/grievance-officer',
    {
      schema: {
        tags,
        summary: 'Set the grievance officer the storefront names',
        body: GrievanceOfficer,
        response: { 200: GrievanceOfficer, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return grievances.setOfficer(request.body);
    },
  );
};
