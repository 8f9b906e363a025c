// Failed deliveries' API (issue 34): the shopper's link without sign-in (the token is the key:
// 404 for an unknown, expired or replaced one), and the back office's NDR queue, its actions and
// the manual courier's 'Delivery failed' (admin only: 401 logged out, 403 for shoppers).
import { OrderNumberParam } from '@spice/shared/contracts/admin';
import { ErrorBody } from '@spice/shared/contracts/common';
import {
  DeliveryFailedInput,
  DeliveryIssue,
  DeliveryIssueAction,
  DeliveryIssueTokenParam,
  NdrAdminAction,
  NdrQueue,
} from '@spice/shared/contracts/delivery-issues';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const adminErrors = { ...errors, 401: ErrorBody, 403: ErrorBody };
const done = z.object({ status: z.literal('ok') });

export const deliveryIssueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, deliveryIssues } = app.services;
  neverCache(app);

  app.get(
    '/delivery-issues/:token',
    {
      schema: {
        tags: ['shipping'],
        summary: 'A failed delivery, as its link shows it: reason, days for the next attempt, address',
        params: DeliveryIssueTokenParam,
        response: { 200: DeliveryIssue, ...errors },
      },
    },
    async (request) => deliveryIssues.get(request.params.token),
  );

  app.post(
    '/delivery-issues/:token',
    {
      schema: {
        tags: ['shipping'],
        summary:
          "The shopper's answer: a new attempt (day, landmark, other phone) or cancel; sent to the courier",
        description: 'Answered once: a second answer is a 409. The date must be one of `dates`.',
        params: DeliveryIssueTokenParam,
        body: DeliveryIssueAction,
        response: { 200: DeliveryIssue, ...errors },
      },
    },
    async (request) => deliveryIssues.answer(request.params.token, request.body),
  );

  app.get(
    '/admin/ndr',
    {
      schema: {
        tags: ['admin'],
        summary:
          "NDR queue: shipped orders with a failed attempt not settled, age, attempts, the shopper's answer",
        response: { 200: NdrQueue, ...adminErrors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return { content: await deliveryIssues.queue() };
    },
  );

  app.post(
    '/admin/ndr/:orderNumber',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags: ['admin'],
        summary:
          "'Re-attempt' or 'Return to origin' for an order's failed delivery; sent to the courier, audited",
        params: OrderNumberParam,
        body: NdrAdminAction,
        response: { 200: done, ...adminErrors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      await deliveryIssues.act(admin, request.params.orderNumber, request.body);
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/admin/orders/:orderNumber/delivery-failed',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags: ['admin'],
        summary:
          "Manual courier: record a failed delivery attempt with the courier's reason (the shopper is told)",
        params: OrderNumberParam,
        body: DeliveryFailedInput,
        response: { 200: done, ...adminErrors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      await deliveryIssues.recordFailure(admin, request.params.orderNumber, request.body.reason);
      return { status: 'ok' as const };
    },
  );
};
