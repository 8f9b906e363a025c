// The back office's API under /api/admin: every route checks the admin role first (401 logged
// out, 403 for shoppers). The public GET /api/admin/shipping-milestones lives in checkout.
import {
  AdminOrderDetail,
  AdminOrderPage,
  AdminOrdersQuery,
  AuditPage,
  OrderNumberParam,
  OrderStatusChange,
  OrdersCsvQuery,
  PageQuery,
} from '@spice/shared/contracts/admin';
import { ErrorBody } from '@spice/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, audit, adminOrders } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

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

  app.get(
    '/admin/orders',
    {
      schema: {
        tags,
        summary: 'Orders newest first, filtered by status, IST date range and order number or mobile',
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrderPage, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return adminOrders.list(request.query);
    },
  );

  app.get(
    '/admin/orders.csv',
    {
      schema: {
        tags,
        summary: 'Orders placed in an IST date range as CSV (amounts in rupees)',
        querystring: OrdersCsvQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await requireAdmin(request, accounts);
      const { from, to } = request.query;
      const name = `orders-${from ?? 'start'}-to-${to ?? 'today'}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(await adminOrders.csv(from, to));
    },
  );

  app.get(
    '/admin/orders/:orderNumber',
    {
      schema: {
        tags,
        summary: 'One order in full: items, address, payment ids, totals and the next allowed statuses',
        params: OrderNumberParam,
        response: { 200: AdminOrderDetail, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return adminOrders.detail(request.params.orderNumber);
    },
  );

  app.put(
    '/admin/orders/:orderNumber/status',
    {
      // Logged out or a shopper is refused whatever the body holds.
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags,
        summary: 'Move an order along the transition table (tracking id required for SHIPPED)',
        description:
          'version is the one the page showed; a change made meanwhile answers 409 instead of overwriting it.',
        params: OrderNumberParam,
        body: OrderStatusChange,
        response: { 200: AdminOrderDetail, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return adminOrders.changeStatus(admin, request.params.orderNumber, request.body);
    },
  );
};
