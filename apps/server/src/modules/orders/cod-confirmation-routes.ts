// The COD confirmation link's API (issue 34): no sign-in, the token is the key (404 for any link
// that cannot be used). And the back office's 'Confirmed by phone' (admin only, audited).
import { AddressInput } from '@spice/shared/contracts/accounts';
import { OrderNumberParam } from '@spice/shared/contracts/admin';
import { PaidNow, PayNowBody, PayNowVerifyBody } from '@spice/shared/contracts/cod';
import {
  CodConfirmationResult,
  CodConfirmationTokenParam,
  CodConfirmationView,
} from '@spice/shared/contracts/cod-confirmation';
import { PaymentOrder, SimulatedPayment } from '@spice/shared/contracts/commerce';
import { ErrorBody } from '@spice/shared/contracts/common';
import * as z from '@spice/shared/contracts/zod';
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
    '/cod-confirmations/:token/pay-now',
    {
      schema: {
        tags,
        summary: "'Pay now and save ₹X' without sign-in: the gateway order for the order the link opens",
        description:
          '`amount` is the total in paise the page shows (COD fee waived, prepaid discount taken off); a different one answers 409 with the current `amount`. An order that can no longer be paid online answers 409.',
        params: CodConfirmationTokenParam,
        body: PayNowBody,
        response: { 200: PaymentOrder, ...errors },
      },
    },
    async (request) => codConfirmation.payNowOrder(request.params.token, request.body),
  );

  app.post(
    '/cod-confirmations/:token/pay-now/verify',
    {
      schema: {
        tags,
        summary:
          'Verify the payment: the order becomes prepaid and needs no confirmation any more (idempotent)',
        description:
          'A payment that arrives after the order shipped or was cancelled is recorded for refund and answered 409 with `refund: "pending"`.',
        params: CodConfirmationTokenParam,
        body: PayNowVerifyBody,
        response: { 200: PaidNow, ...errors },
      },
    },
    async (request) => codConfirmation.payNowVerify(request.params.token, request.body),
  );

  // The simulated gateway's window under the link (demo mode only): elsewhere the path is unknown.
  if (app.services.gateway.simulatePayment)
    app.post(
      '/cod-confirmations/:token/pay-now/simulated/:orderId/pay',
      {
        schema: {
          tags,
          summary: "Simulated gateway only: the test-mode window's Pay for this order's pay-now",
          params: CodConfirmationTokenParam.extend({ orderId: z.string().min(1).max(100) }),
          response: { 200: SimulatedPayment, ...errors },
        },
      },
      async (request) =>
        codConfirmation.simulatePayNow(request.params.token, request.params.orderId) as Promise<
          z.infer<typeof SimulatedPayment>
        >,
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
