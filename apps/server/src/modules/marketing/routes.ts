// Bringing shoppers back (issue 37): back-in-stock subscriptions, the recovery link, the one-click
// unsubscribe (RFC 8058: the mail client POSTs to the List-Unsubscribe URL), the owner's settings
// and reports, and a demo-only clock for the journeys. Never cached.
import { ErrorBody } from '@spice/shared/contracts/common';
import {
  AbandonedCartList,
  AbandonedCartsQuery,
  BackInStockInput,
  BackInStockMine,
  BackInStockParams,
  BackInStockState,
  BackInStockWaiting,
  DevClockInput,
  MarketingSettings,
  MarketingSettingsInput,
  TokenParam,
  Unsubscribed,
} from '@spice/shared/contracts/marketing';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';
import { AppError, replyLang } from '../../plugins/errors.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { marketing, accounts, catalog } = app.services;
  neverCache(app);

  app.get(
    '/products/:slug/back-in-stock',
    {
      schema: {
        tags: ['products'],
        summary: 'The sold-out variants of this product the signed-in shopper waits for',
        params: BackInStockParams,
        response: { 200: BackInStockMine, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request, accounts);
      const product = await catalog.getBySlug(request.params.slug);
      if (!product) throw new AppError('notFound', 'Product not found.');
      return { variantIds: await marketing.backInStockOf(user.id, product.id) };
    },
  );

  app.post(
    '/products/:slug/back-in-stock',
    {
      schema: {
        tags: ['products'],
        summary: "'Notify me when it's back' for a sold-out variant (repeating it is harmless)",
        description:
          'A variant in stock answers 409. The alert needs no marketing consent; it respects quiet hours.',
        params: BackInStockParams,
        body: BackInStockInput,
        response: { 201: BackInStockState, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, accounts);
      const state = await marketing.subscribeBackInStock(
        user,
        request.params.slug,
        request.body.variantId,
        replyLang(request),
      );
      return reply.status(201).send(state);
    },
  );

  app.delete(
    '/products/:slug/back-in-stock',
    {
      schema: {
        tags: ['products'],
        summary: 'Stop waiting for a variant',
        params: BackInStockParams,
        body: BackInStockInput,
        response: { 200: BackInStockState, ...errors },
      },
    },
    async (request) =>
      marketing.unsubscribeBackInStock(
        await requireUser(request, accounts),
        request.params.slug,
        request.body.variantId,
      ),
  );

  app.post(
    '/cart/recover/:token',
    {
      schema: {
        tags: ['cart'],
        summary: 'Puts an abandoned cart back (merged with the cart now, never doubled)',
        description:
          '401 when signed out (the message names the mobile to sign in with); 403 for another ' +
          "shopper's link; 404 when expired or unknown. Never signs anyone in.",
        params: TokenParam,
        response: { 200: z.object({ restored: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const session = await request.getSession();
      return marketing.recover(request.params.token, session?.user ?? null);
    },
  );

  // RFC 8058 one-click: the mail client POSTs 'List-Unsubscribe=One-Click' here, form-encoded and
  // without cookies. The body says nothing the token does not: it is read and ignored.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['profile'],
        summary: 'One-click unsubscribe: turns that channel’s marketing off (no sign-in)',
        params: TokenParam,
        response: { 200: Unsubscribed, 404: ErrorBody },
      },
    },
    async (request) => marketing.unsubscribe(request.params.token),
  );
};

export const adminMarketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { marketing, accounts } = app.services;
  neverCache(app);
  const tags = ['admin'];

  app.get(
    '/admin/marketing-settings',
    {
      schema: {
        tags,
        summary: 'Abandoned-cart reminders, quiet hours, the daily cap and back-in-stock batches',
        response: { 200: MarketingSettings, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return marketing.settings();
    },
  );

  app.put(
    '/admin/marketing-settings',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags,
        summary: 'Saves the marketing settings with the version loaded (409 when changed meanwhile; audited)',
        body: MarketingSettingsInput,
        response: { 200: MarketingSettings, ...errors },
      },
    },
    async (request) => marketing.updateSettings(await requireAdmin(request, accounts), request.body),
  );

  app.get(
    '/admin/abandoned-carts',
    {
      schema: {
        tags,
        summary: 'Abandoned carts found between two dates (IST), with reminders sent and recoveries',
        querystring: AbandonedCartsQuery,
        response: { 200: AbandonedCartList, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return marketing.abandonedCarts(request.query);
    },
  );

  app.get(
    '/admin/back-in-stock',
    {
      schema: {
        tags,
        summary: 'Shoppers waiting per variant, most wanted first',
        querystring: z.object({
          soldOut: z.enum(['true', 'false']).optional(),
          productId: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE).optional(),
        }),
        response: { 200: BackInStockWaiting, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return marketing.waiting({
        soldOutOnly: request.query.soldOut === 'true',
        ...(request.query.productId && { productId: request.query.productId }),
      });
    },
  );
};

/** Demo only: a shopper's clock moved on, so the journeys see reminders without waiting an hour. */
export const devMarketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { marketing, accounts } = app.services;
  app.post(
    '/dev/marketing/clock',
    {
      schema: {
        tags: ['dev'],
        summary:
          'Demo only: `advanceMinutes` pass for the signed-in shopper’s cart and reminders; due jobs run',
        body: DevClockInput,
        response: {
          200: z.object({ found: z.number().int(), told: z.number().int(), ran: z.number().int() }),
        },
      },
    },
    async (request) => {
      const user = await requireUser(request, accounts);
      const result = await marketing.timeTravel(user.id, request.body.advanceMinutes);
      const ran = await app.jobWorker.runDue();
      return { ...result, ran };
    },
  );
};
