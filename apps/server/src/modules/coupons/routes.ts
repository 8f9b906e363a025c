import { CouponApplied, ValidateCouponBody } from '@spice/shared/contracts/commerce';
import { ErrorBody, LangQuery } from '@spice/shared/contracts/common';
import { AvailableCoupon, Coupon } from '@spice/shared/contracts/content';
import * as z from '@spice/shared/contracts/zod';
import { rupeesToPaise } from '@spice/shared/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { couponAppliedDto } from './dto.ts';

const LANG_NOTE = '`?lang=hi` gives the descriptions in Hindi (English where a coupon has none).';

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { coupons, cart, accounts } = app.services;
  app.get(
    '/coupons/active',
    {
      schema: {
        tags: ['coupons'],
        summary: 'Coupons a shopper may apply now',
        description: LANG_NOTE,
        querystring: LangQuery,
        response: { 200: z.array(Coupon), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=0, s-maxage=30');
      return coupons.listActive(undefined, request.query.lang);
    },
  );

  app.get(
    '/coupons/available',
    {
      schema: {
        tags: ['coupons'],
        summary:
          "The live coupons for the logged-in shopper's cart: usable ones first, then the ones they cannot use now, with the reason",
        description: LANG_NOTE,
        querystring: LangQuery,
        response: { 200: z.array(AvailableCoupon), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, accounts);
      // The cart as the server prices it (the checkout page totals the same lines).
      const subtotalPaise = await cart.subtotalPaise(user.id);
      reply.header('cache-control', 'private, no-store');
      return coupons.listForShopper(user.id, subtotalPaise, undefined, request.query.lang);
    },
  );

  app.post(
    '/coupons/validate',
    {
      schema: {
        tags: ['coupons'],
        summary: 'Check a coupon against a cart amount (rupees); the code is trimmed and upper-cased',
        body: ValidateCouponBody,
        description:
          'Wrong codes are limited per shopper and per address (COUPON_GUESSES_PER_MINUTE): beyond, 429 ' +
          'with Retry-After and retryAfterSeconds.',
        response: { 200: CouponApplied, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      // Only wrong codes count, so a shopper trying a few real ones is never stopped.
      await app.limits.check('couponAddress', request);
      await app.limits.check('couponShopper', request);
      const session = await request.getSession();
      try {
        const { coupon, discountPaise } = await coupons.evaluate(
          request.body.code,
          rupeesToPaise(request.body.cartAmount),
          session?.userId ?? null,
        );
        return couponAppliedDto(coupon.code, discountPaise);
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) {
          await app.limits.count('couponAddress', request);
          await app.limits.count('couponShopper', request);
        }
        throw error;
      }
    },
  );
};
