// The store team's moderation of reviews (spec section 6: admins reply to reviews): the list, a
// reply, hiding and showing. One admin's view of the shop, so never cached (unlike the public reads).
import { AdminReviewPage, AdminReviewsQuery } from '@spice/shared/contracts/admin';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import { AdminReplyInput, Review, ReviewVisibilityInput } from '@spice/shared/contracts/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['reviews'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reviews, accounts, reviewModeration } = app.services;
  neverCache(app);

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
