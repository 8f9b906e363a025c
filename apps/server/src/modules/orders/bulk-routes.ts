// Bulk work on orders in the back office (issue 41): one action on the orders ticked or all those
// the list's filter matches, their labels and packing slips in one PDF, and the orders export one
// row per line, streamed. Admin only (401 logged out, 403 for shoppers), as every /api/admin route.
import { BulkOrderActionRequest, BulkOrderResult, BulkOrdersQuery } from '@spice/shared/contracts/bulk';
import { ErrorBody } from '@spice/shared/contracts/common';
import { bulkActionPermission } from '@spice/shared/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin, requirePermission } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const bulkOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, bulkOrders, shipping } = app.services;
  neverCache(app);

  app.post(
    '/admin/orders/bulk',
    {
      schema: {
        tags,
        summary: 'Confirm, pack, ship with Shiprocket or mark delivered many orders, each on its own',
        description:
          'orders (the ticked ones) or filter (every order the list filter matches, at most 500). Each order goes through the same step as its own page, in its own transaction, at its current version; results say per order whether it moved or why it was refused.',
        body: BulkOrderActionRequest,
        response: { 200: BulkOrderResult, ...errors },
      },
    },
    async (request) =>
      bulkOrders.run(
        // The table lets fulfilment or order handling in; the action itself says which it needs.
        await requirePermission(request, accounts, bulkActionPermission(request.body.action)),
        request.body,
      ),
  );

  app.get(
    '/admin/orders/labels.pdf',
    {
      schema: {
        tags,
        summary: 'Packing slips and shipping labels of the orders named or matching the filter, one PDF',
        querystring: BulkOrdersQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      await requireAdmin(request, accounts);
      const { orders, ...filter } = request.query;
      const numbers = await bulkOrders.selection({ orders, filter });
      const pdf = await shipping.labels(numbers);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="labels.pdf"')
        .send(pdf);
    },
  );

  app.get(
    '/admin/orders/lines.csv',
    {
      schema: {
        tags,
        summary: 'Orders as CSV, one row per order line with GST, payment and shipping (streamed)',
        description:
          'The list filter (from and to are IST days) or the orders named. GST columns are the invoice’s, blank for an order not invoiced yet (COD before shipping). Amounts in rupees.',
        querystring: BulkOrdersQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await requireAdmin(request, accounts);
      const { from, to } = request.query;
      const name = `order-lines-${from ?? 'start'}-to-${to ?? 'today'}.csv`;
      const stream = bulkOrders.exportLines(request.query);
      stream.on('error', (error) => request.log.error({ err: error }, 'orders export failed midway'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(stream);
    },
  );
};
