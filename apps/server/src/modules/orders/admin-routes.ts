// The back office's orders API under /api/admin/orders: the list, its CSV, one order, status moves
// and line refunds. Admin only (401 logged out, 403 for shoppers) on every route.
import {
  AdminOrdersQuery,
  OrderLinesRefund,
  OrderNumberParam,
  OrderStatusChange,
  OrdersCsvQuery,
} from '@spice/shared/contracts/admin';
import { ErrorBody } from '@spice/shared/contracts/common';
import { StaffOrderDetail, StaffOrderPage } from '@spice/shared/contracts/staff';
import { statusChangePermission } from '@spice/shared/staff';
import { orderDetailFor, orderRowFor } from '@spice/shared/staff-view';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin, requirePermission } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, adminOrders, shipping } = app.services;
  neverCache(app);

  app.post(
    '/admin/orders/:orderNumber/refunds',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags,
        summary: 'Refund some lines of an order paid online: their share of everything paid (a job)',
        description:
          'The amount is refundShare (packages/shared/src/refunds.ts): the lines share of the total, fees and discounts included. version is the one the page showed (409 when changed meanwhile, so a double click refunds once).',
        params: OrderNumberParam,
        body: OrderLinesRefund,
        response: { 200: StaffOrderDetail, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return orderDetailFor(
        admin,
        await adminOrders.refundLines(admin, request.params.orderNumber, request.body),
      );
    },
  );

  app.get(
    '/admin/orders',
    {
      schema: {
        tags,
        summary: 'Orders newest first, filtered by status, IST date range and order number or mobile',
        querystring: AdminOrdersQuery,
        response: { 200: StaffOrderPage, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      const page = await adminOrders.list(request.query);
      return { ...page, content: page.content.map((row) => orderRowFor(admin, row)) };
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
        response: { 200: StaffOrderDetail, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return orderDetailFor(admin, await adminOrders.detail(request.params.orderNumber));
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
        response: { 200: StaffOrderDetail, ...errors },
      },
    },
    async (request) => {
      // The table lets in any of fulfil, cancel, manage; the status asked for names which one.
      const admin = await requirePermission(request, accounts, statusChangePermission(request.body.status));
      // Shipping is the Ship step: a shipment with its courier and AWB, then the status change.
      if (request.body.status === 'SHIPPED')
        return orderDetailFor(admin, await shipping.ship(admin, request.params.orderNumber, request.body));
      return orderDetailFor(
        admin,
        await adminOrders.changeStatus(admin, request.params.orderNumber, request.body),
      );
    },
  );
};
