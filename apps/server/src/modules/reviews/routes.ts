import { ErrorBody } from '@spice/shared/contracts/common';
import {
  ProductIdParam,
  ProductRating,
  RatingSummary,
  Review,
  ReviewInput,
  ReviewPage,
  ReviewsQuery,
} from '@spice/shared/contracts/reviews';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CATALOGUE_CACHE } from '../../lib/cache-headers.ts';
import { requireSession, requireUser } from '../../plugins/auth.ts';

const tags = ['reviews'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reviews, accounts } = app.services;

  // The public reads: a CDN may keep them briefly; the back office's are in admin-routes.ts.
  app.addHook('onSend', async (request, reply) => {
    const cacheable = request.method === 'GET' && reply.statusCode === 200;
    reply.header('cache-control', cacheable ? PUBLIC_CATALOGUE_CACHE : 'private, no-store');
  });

  app.get(
    '/reviews/ratings',
    {
      schema: {
        tags,
        summary: 'Average rating and review count of every product that has reviews',
        response: { 200: z.array(ProductRating) },
      },
    },
    () => reviews.ratings(),
  );

  app.get(
    '/reviews/:productId',
    {
      schema: {
        tags,
        summary: "A page of a product's reviews, newest first (page from 0, size 10 by default)",
        params: ProductIdParam,
        querystring: ReviewsQuery,
        response: { 200: ReviewPage, ...errors },
      },
    },
    (request) => reviews.page(request.params.productId, request.query.page, request.query.size),
  );

  app.get(
    '/reviews/:productId/all',
    {
      schema: {
        tags,
        summary: "All of a product's reviews, newest first",
        params: ProductIdParam,
        response: { 200: z.array(Review), ...errors },
      },
    },
    (request) => reviews.all(request.params.productId),
  );

  app.get(
    '/reviews/:productId/summary',
    {
      schema: {
        tags,
        summary: "A product's average rating, review count and count per star",
        params: ProductIdParam,
        response: { 200: RatingSummary, ...errors },
      },
    },
    (request) => reviews.summary(request.params.productId),
  );

  app.post(
    '/reviews',
    {
      // Logged out is 401 whatever the body holds.
      onRequest: async (request) => {
        await requireSession(request);
      },
      schema: {
        tags,
        summary: "Write (201) or rewrite (200) the logged-in shopper's review of a product",
        description: 'Name and e-mail are taken from the account, whatever the body says.',
        body: ReviewInput,
        response: { 200: Review, 201: Review, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, accounts);
      const { review, created } = await reviews.submit(user, request.body);
      return reply.status(created ? 201 : 200).send(review);
    },
  );
};
