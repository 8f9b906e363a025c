// The COD confirmation link's API (issue 34): no sign-in, the token is the key (404 for any link
// that cannot be used). And the back office's 'Confirmed by phone' (admin only, audited).
import { AddressInput } from '@spice/shared/contracts/accounts';
import { OrderNumberParam } from '@spice/shared/contracts/admin';
import {
  CodConfirmationResult,
  CodConfirmationTokenParam,
  CodConfirmationView,
} from '@spice/shared/contracts/cod-confirmation';
import { ErrorBody } from '@spice/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['cod-confirmation'];
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const codConfirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { codConfirmation, accounts } = app.services;
  neverCache(app);

  app.get(
    '/cod-confirmations/:token',
    {
      schema: {
        tags,
        summary: 'The COD order the link asks to confirm: items, cash to pay, address, pay-now offer',
        params: CodConfirmationTokenParam,
        response: { 200: CodConfirmationView, ...errors },
      },
    },
    async (request) => codConfirmation.view(request.params.token),
  );

  app.post(
    '/cod-confirmations/:token/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the COD order (repeating it answers the same)',
        params: CodConfirmationTokenParam,
        response: { 200: CodConfirmationResult, ...errors },
      },
    },
    async (request) => codConfirmation.confirm(request.params.token),
  );

  app.post(
    '/cod-confirmations/:token/cancel',
    {
      schema: {
        tags,
        summary: "Cancel the COD order as the shopper's own cancel (stock and coupon use back)",
        params: CodConfirmationTokenParam,
        response: { 200: CodConfirmationResult, ...errors },
      },
    },
    async (request) => codConfirmation.cancel(request.params.token),
  );

  app.put(
    '/cod-confirmations/:token/address',
    {
      schema: {
        tags,
        summary: 'Change the delivery address (checked for delivery and COD); the order is then confirmed',
        params: CodConfirmationTokenParam,
        body: AddressInput,
        response: { 200: CodConfirmationResult, ...errors },
      },
    },
    async (request) => codConfirmation.changeAddress(request.params.token, request.body),
  );

  app.post(
    '/admin/orders/:orderNumber/cod-confirmation',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags: ['admin'],
        summary: "'Confirmed by phone': the owner confirms a pending COD order after calling the shopper",
        params: OrderNumberParam,
        response: { 200: CodConfirmationResult, 401: ErrorBody, 403: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return codConfirmation.confirmByPhone(admin, request.params.orderNumber);
    },
  );
};
