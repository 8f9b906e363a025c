// The back office's stock under /api/admin: every variant's units, and adjustments with a reason.
// Admin only (401 logged out, 403 for shoppers) on every route.
import { StockAdjustment, StockVariant } from '@spice/shared/contracts/admin';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const adminStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, stock } = app.services;
  neverCache(app);

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
};
