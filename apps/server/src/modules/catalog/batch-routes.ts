// The back office's batches under /api/admin (issue 39): a variant's batches, receiving one,
// correcting one, its reorder level, the shop's batch settings and the stock alerts. Admin only.

import {
  Batch,
  BatchAdjustment,
  BatchParams,
  BatchReceive,
  ReorderLevel,
  StockAlerts,
  StockSettings,
} from '@spice/shared/contracts/batches';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const adminBatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, batches } = app.services;
  neverCache(app);
  const admin = {
    onRequest: async (request: Parameters<typeof requireAdmin>[0]) =>
      void (await requireAdmin(request, accounts)),
  };

  app.get(
    '/admin/variants/:id/batches',
    {
      ...admin,
      schema: {
        tags,
        summary: 'A variant’s batches, nearest best-before first, with their units and days left',
        params: IdParam,
        response: { 200: z.array(Batch), ...errors },
      },
    },
    async (request) => batches.list(request.params.id),
  );

  app.post(
    '/admin/variants/:id/batches',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Receive stock as a batch (batch number unique per variant), audited',
        params: IdParam,
        body: BatchReceive,
        response: { 201: Batch, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireAdmin(request, accounts);
      reply.code(201);
      return batches.receive(user, request.params.id, request.body);
    },
  );

  app.post(
    '/admin/variants/:id/batches/:batchNumber/adjustments',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Correct a batch’s units (damage, a count) with a reason, audited',
        params: BatchParams,
        body: BatchAdjustment,
        response: { 200: Batch, ...errors },
      },
    },
    async (request) => {
      const user = await requireAdmin(request, accounts);
      return batches.adjustBatch(user, request.params.id, request.params.batchNumber, request.body);
    },
  );

  app.put(
    '/admin/variants/:id/reorder-level',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Set a variant’s reorder level (alert below it)',
        params: IdParam,
        body: ReorderLevel,
        response: {
          200: z
            .object({ variantId: z.number().int(), reorderLevel: z.number().int() })
            .meta({ id: 'ReorderLevelSet' }),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await requireAdmin(request, accounts);
      return batches.setReorderLevel(user, request.params.id, request.body.reorderLevel);
    },
  );

  app.get(
    '/admin/stock-settings',
    {
      ...admin,
      schema: { tags, summary: 'The batch settings', response: { 200: StockSettings, ...errors } },
    },
    async () => batches.settings(),
  );

  app.put(
    '/admin/stock-settings',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Change the minimum remaining shelf life, the expiry alert window, best-before display',
        body: StockSettings,
        response: { 200: StockSettings, ...errors },
      },
    },
    async (request) => {
      const user = await requireAdmin(request, accounts);
      return batches.updateSettings(user, request.body);
    },
  );

  app.get(
    '/admin/stock-alerts',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Batches near expiry and variants below their reorder level',
        response: { 200: StockAlerts, ...errors },
      },
    },
    async () => batches.alerts(),
  );
};
