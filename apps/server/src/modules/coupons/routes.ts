import { CouponApplied, ValidateCouponBody } from '@spice/shared/contracts/commerce';
import { ErrorBody } from '@spice/shared/contracts/common';
import { Coupon } from '@spice/shared/contracts/content';
import * as z from '@spice/shared/contracts/zod';
import { toPaise, toRupees } from '@spice/shared/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { coupons } = app.services;
  app.get(
    '/coupons/active',
    {
      schema: {
        tags: ['coupons'],
        summary: 'Coupons a shopper may apply now',
        response: { 200: z.array(Coupon) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=0, s-maxage=30');
      return coupons.listActive();
    },
  );

  app.post(
    '/coupons/validate',
    {
      schema: {
        tags: ['coupons'],
        summary: 'Check a coupon against a cart amount (rupees); the code is trimmed and upper-cased',
        body: ValidateCouponBody,
        response: { 200: CouponApplied, 400: ErrorBody },
      },
    },
    async (request) => {
      const session = await request.getSession();
      const { coupon, discountPaise } = await coupons.evaluate(
        request.body.code,
        toPaise(Math.round(request.body.cartAmount * 100) / 100),
        session?.userId ?? null,
      );
      return { code: coupon.code, discountAmount: toRupees(discountPaise) };
    },
  );
};
