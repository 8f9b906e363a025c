// The back office's API under /api/admin: every route checks the admin role first (401 logged
// out, 403 for shoppers). The public GET /api/admin/shipping-milestones lives in checkout.
import {
  AdminCheckoutSettings,
  AdminOrderDetail,
  AdminOrderPage,
  AdminOrdersQuery,
  AdminPolicy,
  AdminSettings,
  AuditPage,
  CheckoutSettingsEdit,
  OrderLinesRefund,
  OrderNumberParam,
  OrderStatusChange,
  OrdersCsvQuery,
  PageQuery,
  PolicyEdit,
  SettingsEdit,
  StockAdjustment,
  StockVariant,
} from '@spice/shared/contracts/admin';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import { PolicyKindParam } from '@spice/shared/contracts/content';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, audit, adminOrders, content, contentEditing, stock, checkout, shipping } = app.services;
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
        response: { 200: AdminOrderDetail, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return adminOrders.refundLines(admin, request.params.orderNumber, request.body);
    },
  );

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
      // Shipping is the Ship step: a shipment with its courier and AWB, then the status change.
      if (request.body.status === 'SHIPPED')
        return shipping.ship(admin, request.params.orderNumber, request.body);
      return adminOrders.changeStatus(admin, request.params.orderNumber, request.body);
    },
  );

  app.get(
    '/admin/policies',
    {
      schema: {
        tags,
        summary: 'The four policy texts with their versions, for editing',
        response: { 200: z.array(AdminPolicy), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return content.adminPolicies();
    },
  );

  app.put(
    '/admin/policies/:kind',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags,
        summary: 'Change a policy text (version as loaded; 409 when it changed meanwhile)',
        params: PolicyKindParam,
        body: PolicyEdit,
        response: { 200: AdminPolicy, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return contentEditing.updatePolicy(admin, request.params.kind, request.body);
    },
  );

  app.get(
    '/admin/settings',
    {
      schema: {
        tags,
        summary: 'Store name, title and description with their version, for editing',
        response: { 200: AdminSettings, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      const settings = await content.adminSettings();
      if (!settings) throw new AppError('notFound', 'Store settings not found.');
      return settings;
    },
  );

  app.put(
    '/admin/settings',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags,
        summary:
          'Change the store name, title and description (version as loaded; 409 when it changed meanwhile)',
        body: SettingsEdit,
        response: { 200: AdminSettings, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return contentEditing.updateSettings(admin, request.body);
    },
  );

  app.get(
    '/admin/stock',
    {
      schema: {
        tags,
        summary: 'Every variant with its stock, lowest first',
        response: { 200: z.array(StockVariant), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return stock.list();
    },
  );

  app.post(
    '/admin/variants/:id/stock',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags,
        summary: 'Adjust a variant’s stock by a number of units, with a reason (never below zero)',
        params: IdParam,
        body: StockAdjustment,
        response: { 200: z.object({ variantId: z.number().int(), stock: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return stock.adjust(admin, request.params.id, request.body);
    },
  );

  app.get(
    '/admin/checkout-settings',
    {
      schema: {
        tags,
        summary: 'Platform fee and shipping milestones (rupees) with their version, for editing',
        response: { 200: AdminCheckoutSettings, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      const settings = await checkout.adminSettings();
      if (!settings) throw new AppError('notFound', 'Checkout settings not found.');
      return settings;
    },
  );

  app.put(
    '/admin/checkout-settings',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags,
        summary:
          'Save the platform fee and the whole milestone list (version as loaded; 409 when changed meanwhile)',
        body: CheckoutSettingsEdit,
        response: { 200: AdminCheckoutSettings, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return contentEditing.updateCheckoutSettings(admin, request.body);
    },
  );
};
