// The back office's customer list under /api/admin/customers: admins only (401 logged out, 403
// for shoppers), read-only.
import {
  CustomerDetail,
  CustomerIdParam,
  CustomerPage,
  CustomersCsvQuery,
  CustomersQuery,
} from '@spice/shared/contracts/admin-customers';
import { ErrorBody } from '@spice/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, customers } = app.services;
  neverCache(app);

  app.get(
    '/admin/customers',
    {
      schema: {
        tags,
        summary:
          'Customer accounts, newest first, searched by mobile, name or e-mail, with orders and total spent',
        querystring: CustomersQuery,
        response: { 200: CustomerPage, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return customers.list(request.query);
    },
  );

  app.get(
    '/admin/customers.csv',
    {
      schema: {
        tags,
        summary: 'Every customer the search matches as CSV (amounts in rupees, times in IST)',
        description:
          'Cells that start like a spreadsheet formula (=, +, -, @) are prefixed with an apostrophe.',
        querystring: CustomersCsvQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await requireAdmin(request, accounts);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="customers.csv"')
        .send(await customers.csv(request.query.q));
    },
  );

  app.get(
    '/admin/customers/:id',
    {
      schema: {
        tags,
        summary: 'One customer in full: addresses, orders and reviews',
        params: CustomerIdParam,
        response: { 200: CustomerDetail, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return customers.detail(request.params.id);
    },
  );
};
