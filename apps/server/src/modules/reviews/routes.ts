import { AdminReviewPage, AdminReviewsQuery } from '@spice/shared/contracts/admin';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import {
  AdminReplyInput,
  ProductIdParam,
  ProductRating,
  RatingSummary,
  Review,
  ReviewInput,
  ReviewPage,
  ReviewsQuery,
  ReviewVisibilityInput,
} from '@spice/shared/contracts/reviews';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CATALOGUE_CACHE } from '../../lib/cache-headers.ts';
import { requireAdmin, requireSession, requireUser } from '../../plugins/auth.ts';

const tags = ['reviews'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reviews, accounts, reviewModeration } = app.services;

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

  // The store team's moderation (spec section 6: admins reply to reviews).
  app.get(
    '/admin/reviews',
    {
      schema: {
        tags,
        summary: 'Every review for the back office, newest first: all, unreplied, replied or hidden',
        querystring: AdminReviewsQuery,
        response: { 200: AdminReviewPage, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      const { filter, page, size } = request.query;
      return reviews.adminPage(filter, page, size);
    },
  );

  app.put(
    '/admin/reviews/:id/reply',
    {
      schema: {
        tags,
        summary: "Set or clear the store team's reply to a review",
        params: IdParam,
        body: AdminReplyInput,
        response: { 200: Review, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return reviewModeration.replyToReview(admin, request.params.id, request.body.reply);
    },
  );

  app.put(
    '/admin/reviews/:id/visibility',
    {
      schema: {
        tags,
        summary: 'Hide a review from the storefront, or show it again',
        params: IdParam,
        body: ReviewVisibilityInput,
        response: { 200: Review, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return reviewModeration.setReviewHidden(admin, request.params.id, request.body.hidden);
    },
  );
};
