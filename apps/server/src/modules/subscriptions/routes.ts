// Subscribe and save (issue 43): the shopper's subscriptions (their own only: another's is 404),
// the simulated gateway's authorise and charge (demo mode only: 404 elsewhere), and the back
// office's list, detail, cancel and metrics (admin only).
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import {
  AdminSubscription,
  AdminSubscriptionMetrics,
  AdminSubscriptionPage,
  AdminSubscriptionsQuery,
  NewSubscription,
  SimulatedCharge,
  Subscription,
  SubscriptionCancel,
  SubscriptionChange,
  SubscriptionList,
  SubscriptionPause,
  SubscriptionPlans,
  SubscriptionPlansQuery,
} from '@spice/shared/contracts/subscriptions';
import * as z from '@spice/shared/contracts/zod';
import { langFromAcceptLanguage } from '@spice/shared/lang';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  503: ErrorBody,
};

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, subscriptions } = app.services;
  neverCache(app);

  app.get(
    '/subscriptions/plans',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          "A product's subscribe-and-save plans: percent off, frequencies, each variant's price a delivery",
        querystring: SubscriptionPlansQuery,
        response: { 200: SubscriptionPlans, 400: ErrorBody },
      },
    },
    async (request) => subscriptions.plans(request.query.productId),
  );

  app.get(
    '/subscriptions',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "The shopper's subscriptions, newest first, with their cycles",
        response: { 200: SubscriptionList, ...errors },
      },
    },
    async (request) => subscriptions.list((await requireUser(request, accounts)).id),
  );

  app.post(
    '/subscriptions',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Subscribe: made at the gateway, CREATED until Checkout authorises its mandate',
        description: "400 'A subscription can be at most ₹15,000 a delivery.' above the RBI e-mandate limit.",
        body: NewSubscription,
        response: { 201: Subscription, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, accounts);
      const made = await subscriptions.create(
        user,
        request.body,
        langFromAcceptLanguage(request.headers['accept-language']) ?? undefined,
      );
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/subscriptions/:id',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "One of the shopper's subscriptions with its cycles",
        params: IdParam,
        response: { 200: Subscription, ...errors },
      },
    },
    async (request) => subscriptions.get((await requireUser(request, accounts)).id, request.params.id),
  );

  app.put(
    '/subscriptions/:id',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Change quantity, frequency (from the next cycle) or address',
        params: IdParam,
        body: SubscriptionChange,
        response: { 200: Subscription, ...errors },
      },
    },
    async (request) =>
      subscriptions.update(await requireUser(request, accounts), request.params.id, request.body),
  );

  app.post(
    '/subscriptions/:id/skip',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Skip the next delivery (stays ACTIVE)',
        params: IdParam,
        response: { 200: Subscription, ...errors },
      },
    },
    async (request) => subscriptions.skip(await requireUser(request, accounts), request.params.id),
  );

  app.post(
    '/subscriptions/:id/pause',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Pause for 1–3 deliveries (PAUSED)',
        params: IdParam,
        body: SubscriptionPause,
        response: { 200: Subscription, ...errors },
      },
    },
    async (request) =>
      subscriptions.pause(await requireUser(request, accounts), request.params.id, request.body.cycles),
  );

  app.post(
    '/subscriptions/:id/resume',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Resume a paused subscription (ACTIVE)',
        params: IdParam,
        response: { 200: Subscription, ...errors },
      },
    },
    async (request) => subscriptions.resume(await requireUser(request, accounts), request.params.id),
  );

  app.post(
    '/subscriptions/:id/cancel',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Cancel, effective before the next charge (CANCELLED)',
        params: IdParam,
        body: SubscriptionCancel,
        response: { 200: Subscription, ...errors },
      },
    },
    async (request) =>
      subscriptions.cancel(await requireUser(request, accounts), request.params.id, request.body.reason),
  );

  // The simulated gateway (demo mode only): elsewhere these paths are unknown (404).
  if (app.config.DEMO_MODE && app.services.subscriptionGateway.provider === 'simulated') {
    const GatewayParam = z.object({ gatewaySubscriptionId: z.string().min(1).max(100) });
    app.post(
      '/payment/simulated/subscriptions/:gatewaySubscriptionId/authorise',
      {
        schema: {
          tags: ['payment'],
          summary:
            'Simulated gateway only: what Checkout does (mandate authorised, first cycle charged: ACTIVE)',
          params: GatewayParam,
          response: { 200: Subscription, ...errors },
        },
      },
      async (request) => subscriptions.simulated.authorise(request.params.gatewaySubscriptionId),
    );
    app.post(
      '/payment/simulated/subscriptions/:gatewaySubscriptionId/charge',
      {
        schema: {
          tags: ['payment'],
          summary: "Simulated gateway only: the next cycle's charge now, reported as the gateway's webhooks",
          params: GatewayParam,
          body: SimulatedCharge.optional(),
          response: { 200: Subscription, ...errors },
        },
      },
      async (request) =>
        subscriptions.simulated.charge(request.params.gatewaySubscriptionId, request.body ?? {}),
    );
  }

  app.get(
    '/admin/subscriptions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Subscriptions, newest first, by status or shopper/product',
        querystring: AdminSubscriptionsQuery,
        response: { 200: AdminSubscriptionPage, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return subscriptions.adminList(request.query);
    },
  );

  app.get(
    '/admin/subscriptions/metrics',
    {
      schema: {
        tags: ['admin'],
        summary: 'Active subscriptions, monthly recurring revenue and churn by month',
        response: { 200: AdminSubscriptionMetrics, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return subscriptions.metrics();
    },
  );

  app.get(
    '/admin/subscriptions/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A subscription with its cycles and orders',
        params: IdParam,
        response: { 200: AdminSubscription, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return subscriptions.adminGet(request.params.id);
    },
  );

  app.post(
    '/admin/subscriptions/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancel for the shopper (audited)',
        params: IdParam,
        body: SubscriptionCancel,
        response: { 200: AdminSubscription, ...errors },
      },
    },
    async (request) =>
      subscriptions.adminCancel(
        await requireAdmin(request, accounts),
        request.params.id,
        request.body.reason,
      ),
  );
};
