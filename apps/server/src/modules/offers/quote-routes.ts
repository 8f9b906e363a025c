// GET /api/checkout/quote (issue 36): the server's own pricing of the shopper's cart now, with
// the offers and coupon it would apply, shaped like an order's Price Details.
import { ErrorBody } from '@spice/shared/contracts/common';
import { CheckoutQuote, CheckoutQuoteQuery } from '@spice/shared/contracts/offers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireUser } from '../../plugins/auth.ts';
import { replyLang } from '../../plugins/errors.ts';
import { quoteDto } from './quote-dto.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, accounts } = app.services;
  neverCache(app);
  app.get(
    '/checkout/quote',
    {
      schema: {
        tags: ['checkout'],
        summary:
          "The server's pricing of the shopper's cart now: lines (a free gift marked), Price Details, offers, nudges",
        description:
          'couponCode is applied as at placement (an unknown or unusable code answers 400 with its reason); paymentMode COD gives the COD total and fee, RAZORPAY the online total and prepaid discount.',
        querystring: CheckoutQuoteQuery,
        response: { 200: CheckoutQuote, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request, accounts);
      const { couponCode, paymentMode } = request.query;
      const quote = await orders.quote(user.id, couponCode || null);
      return quoteDto(quote, couponCode ?? null, paymentMode, replyLang(request));
    },
  );
};
