// Web push for order updates (issue 42): the shop's public key, and the signed-in shopper's
// subscription for this browser (offered after an order; switched on and off on the profile).
// Never cached.
import { ErrorBody } from '@spice/shared/contracts/common';
import { PushEndpointInput, PushKey, PushState, PushSubscriptionInput } from '@spice/shared/contracts/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireUser } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { push, accounts } = app.services;
  neverCache(app);

  app.get(
    '/push/key',
    {
      schema: {
        tags: ['push'],
        summary: "The shop's VAPID public key for PushManager.subscribe (404: push is off)",
        response: { 200: PushKey, 404: ErrorBody },
      },
    },
    async () => {
      const publicKey = push.publicKey();
      if (!publicKey) throw new AppError('notFound', 'Delivery updates on the phone are not available.');
      return { publicKey };
    },
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: 'Delivery updates on this browser for the signed-in shopper (repeating it is harmless)',
        body: PushSubscriptionInput,
        response: { 201: PushState, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, accounts);
      if (!push.publicKey())
        throw new AppError('notFound', 'Delivery updates on the phone are not available.');
      await push.subscribe(user.id, request.body);
      return reply.status(201).send({ subscribed: true });
    },
  );

  app.post(
    '/push/subscriptions/state',
    {
      schema: {
        tags: ['push'],
        summary: "Whether this browser's subscription gets the signed-in shopper's updates",
        body: PushEndpointInput,
        response: { 200: PushState, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request, accounts);
      return { subscribed: await push.isSubscribed(user.id, request.body.endpoint) };
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: 'No more delivery updates on this browser',
        body: PushEndpointInput,
        response: { 200: PushState, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request, accounts);
      await push.unsubscribe(user.id, request.body.endpoint);
      return { subscribed: false };
    },
  );
};
