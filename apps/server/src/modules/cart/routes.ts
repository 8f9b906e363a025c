import { MobileParam } from '@spice/shared/contracts/accounts';
import { AddToCartBody, CartItem, QuantityQuery } from '@spice/shared/contracts/commerce';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import * as z from '@spice/shared/contracts/zod';
import { lastTenDigits } from '@spice/shared/validators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireOwner, requireUser } from '../../plugins/auth.ts';
import { AppError, replyLang } from '../../plugins/errors.ts';

const tags = ['cart'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const CartList = z.array(CartItem);

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cart, accounts, analytics } = app.services;
  neverCache(app);

  app.get(
    '/cart/user/:mobile',
    {
      schema: {
        tags,
        summary: "The shopper's cart, priced from the catalogue",
        params: MobileParam,
        response: { 200: CartList, ...errors },
      },
    },
    async (request) =>
      cart.list(await requireOwner(request, accounts, request.params.mobile), replyLang(request)),
  );

  app.post(
    '/cart',
    {
      schema: {
        tags,
        summary: 'Add to cart (an existing line for the same variant grows); answers the cart',
        body: AddToCartBody,
        response: { 201: CartList, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, accounts);
      const body = request.body;
      if (body.phoneNumber && lastTenDigits(body.phoneNumber) !== user.mobile) {
        throw new AppError('forbidden', 'You can only add to your own cart.');
      }
      const items = await cart.add(
        user,
        {
          productId: body.productId,
          variantId: body.variantId,
          weight: typeof body.variant === 'string' ? body.variant : undefined,
          quantity: body.quantity,
        },
        replyLang(request),
      );
      // The funnel's 'add to cart' (issue 40): noted in memory, written later in a batch.
      analytics.counter.addedToCart({ ip: request.ip, userAgent: request.headers['user-agent'] });
      return reply.status(201).send(items);
    },
  );

  app.delete(
    '/cart/:id',
    {
      schema: {
        tags,
        summary: 'Remove a line; answers the cart',
        params: IdParam,
        response: { 200: CartList, ...errors },
      },
    },
    async (request) =>
      cart.remove(await requireUser(request, accounts), request.params.id, replyLang(request)),
  );

  app.put(
    '/cart/quantity/:id',
    {
      schema: {
        tags,
        summary: 'Set the quantity of a line; answers the cart',
        params: IdParam,
        querystring: QuantityQuery,
        response: { 200: CartList, ...errors },
      },
    },
    async (request) =>
      cart.setQuantity(
        await requireUser(request, accounts),
        request.params.id,
        request.query.quantity,
        replyLang(request),
      ),
  );
};
