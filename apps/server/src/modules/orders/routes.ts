import { MobileParam } from '@spice/shared/contracts/accounts';
import { OrderNumberParam } from '@spice/shared/contracts/admin';
import {
  CodRiskAnswer,
  CodRiskQuery,
  PaidNow,
  PayNowBody,
  PayNowVerifyBody,
  PlaceCodOrderBody,
  PlacedCodOrder,
} from '@spice/shared/contracts/cod';
import {
  CancelOwnOrderBody,
  CreatePaymentOrderBody,
  OrderDetail,
  OrderSummary,
  type OrderSummaryDto,
  PaymentOrder,
  PlacedOrder,
  PlaceOrderBody,
  SimulatedPayment,
} from '@spice/shared/contracts/commerce';
import { ErrorBody } from '@spice/shared/contracts/common';
import { PurchaseEventBody } from '@spice/shared/contracts/sales-sources';
import * as z from '@spice/shared/contracts/zod';
import { langFromAcceptLanguage } from '@spice/shared/lang';
import { toRupees } from '@spice/shared/money';
import { codNotForThisOrder } from '@spice/shared/rto-risk';
import { trackingChoice } from '@spice/shared/tracking-consent';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attributionOf } from '../../lib/attribution-cookie.ts';
import { neverCache } from '../../lib/cache-headers.ts';
import { requestFingerprint } from '../../lib/request-fingerprint.ts';
import { requireOwner, requireUser } from '../../plugins/auth.ts';
import { AppError, replyLang } from '../../plugins/errors.ts';
import { META_CAPI_JOB } from '../marketing/meta-capi.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  503: ErrorBody,
};

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, customerOrders, accounts } = app.services;
  neverCache(app);

  /**
   * The Conversions API's Purchase for a shopper who accepted the advertising tags (the consent
   * cookie): a job, once per order (its key), after the order committed; a failure to enqueue is
   * logged and never fails the placed order.
   */
  async function reportPurchase(request: FastifyRequest, orderNumber: string) {
    if (!app.services.metaCapiOn || trackingChoice(request.headers.cookie) !== 'all') return;
    const origin = app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
    const fbp = /(?:^|;\s*)_fbp=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    try {
      await app.services.jobs.enqueue(app.database.db, {
        name: META_CAPI_JOB,
        key: `${META_CAPI_JOB}:${orderNumber}`,
        payload: {
          orderNumber,
          browser: {
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
            url: `${origin}/order-success`,
            ...(fbp ? { fbp } : {}),
          },
        },
      });
    } catch (err) {
      request.log.error({ err, orderNumber }, 'Conversions API job not enqueued');
    }
  }

  app.get(
    '/orders/:orderNumber/purchase-event',
    {
      schema: {
        tags: ['orders'],
        summary: "The shopper's own order as GA4's purchase event (items by SKU, tax, shipping, coupon)",
        description:
          "For the storefront's measurement tags once the shopper accepted them; anyone else's order answers 404.",
        params: OrderNumberParam,
        response: { 200: PurchaseEventBody, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request, accounts);
      const facts = await app.services.purchaseFacts(request.params.orderNumber);
      if (!facts || facts.userId !== user.id) throw new AppError('notFound', 'Order not found.');
      return facts.event;
    },
  );

  app.post(
    '/payment/create-razorpay-order',
    {
      schema: {
        tags: ['payment'],
        summary: 'Create the payment order for the cart as priced by the server; holds stock for 15 minutes',
        body: CreatePaymentOrderBody,
        response: { 200: PaymentOrder, ...errors },
      },
    },
    async (request) =>
      orders.createPaymentOrder(
        await requireUser(request, accounts),
        request.body,
        replyLang(request),
        attributionOf(request),
      ),
  );

  // The simulated gateway's window (demo mode only): elsewhere the path is unknown (404).
  if (app.services.gateway.simulatePayment)
    app.post(
      '/payment/simulated/:orderId/pay',
      {
        schema: {
          tags: ['payment'],
          summary: "Simulated gateway only: the test-mode window's Pay, signed as Razorpay signs",
          params: z.object({ orderId: z.string().min(1).max(100) }),
          response: { 200: SimulatedPayment, ...errors },
        },
      },
      async (request) => orders.simulatePayment(await requireUser(request, accounts), request.params.orderId),
    );

  app.post(
    '/orders/place',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place the order for a verified payment (idempotent per payment)',
        body: PlaceOrderBody,
        response: { 200: PlacedOrder, ...errors },
      },
    },
    async (request) => {
      const placed = await orders.place(await requireUser(request, accounts), request.body.payment);
      await reportPurchase(request, placed.orderNumber);
      return placed;
    },
  );

  app.post(
    '/orders/place-cod',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place a cash on delivery order for the cart, at the total (paise) the page shows',
        description:
          'The server prices the cart (COD fee included) and answers 409 with the current `amount` when it differs; a COD rule that refuses answers 400 with the reason. An `Idempotency-Key` header makes a repeat return the same order; the same key with a different request answers 422.',
        body: PlaceCodOrderBody,
        headers: z.object({ 'idempotency-key': z.string().trim().min(1).max(100).optional() }),
        response: { 201: PlacedCodOrder, 422: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, accounts);
      const key = request.headers['idempotency-key'];
      const { created: _created, ...placed } = await orders.placeCod(
        user,
        request.body,
        key ? { key, fingerprint: requestFingerprint(request) } : undefined,
        replyLang(request),
        attributionOf(request),
      );
      await reportPurchase(request, placed.orderNumber);
      return reply.code(201).send(placed);
    },
  );

  app.get(
    '/orders/cod-risk',
    {
      schema: {
        tags: ['orders'],
        summary: 'Before placing: whether cash on delivery is refused for this cart and address (RTO risk)',
        description:
          "Answers `prepaidRequired: true` with the saving of paying online and the checkout's sentence when the order's RTO risk is HIGH and the shop requires prepaid then; placing checks again.",
        querystring: CodRiskQuery,
        response: { 200: CodRiskAnswer, ...errors },
      },
    },
    async (request) => {
      const answer = await orders.codPrepaidRequired(await requireUser(request, accounts), request.query);
      return {
        prepaidRequired: answer.prepaidRequired,
        saving: toRupees(answer.savePaise),
        message: answer.prepaidRequired ? codNotForThisOrder(answer.savePaise) : null,
      };
    },
  );

  app.post(
    '/orders/:orderNumber/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel your own order before it is packed, with a reason',
        description:
          'Answers the order detail, CANCELLED; a paid order’s refund is started as when the owner cancels. An order packed, shipped or delivered answers 409 (contact the shop); anyone else’s order 404.',
        params: OrderNumberParam,
        body: CancelOwnOrderBody,
        response: { 200: OrderDetail, ...errors },
      },
    },
    async (request) =>
      app.services.cancelOwnOrder(
        await requireUser(request, accounts),
        request.params.orderNumber,
        request.body.reason,
      ),
  );

  app.post(
    '/orders/:orderNumber/pay-now',
    {
      schema: {
        tags: ['orders'],
        summary:
          "Pay a cash on delivery order online before it ships: the gateway order for the server's amount",
        description:
          '`amount` is the total in paise the order page shows (COD fee waived, prepaid discount taken off); a different one answers 409 with the current `amount`. An order shipped, cancelled or already paid online answers 409; anyone else’s order 404.',
        params: OrderNumberParam,
        body: PayNowBody,
        response: { 200: PaymentOrder, ...errors },
      },
    },
    async (request) =>
      orders.payNow.create(
        await requireUser(request, accounts),
        request.params.orderNumber,
        request.body,
        langFromAcceptLanguage(request.headers['accept-language']) ?? undefined,
      ),
  );

  app.post(
    '/orders/:orderNumber/pay-now/verify',
    {
      schema: {
        tags: ['orders'],
        summary: 'Verify the pay-now payment and turn the COD order into a prepaid one (idempotent)',
        description:
          'A payment that arrives after the order shipped or was cancelled is recorded for refund and answered 409 with `refund: "pending"`.',
        params: OrderNumberParam,
        body: PayNowVerifyBody,
        response: { 200: PaidNow, ...errors },
      },
    },
    async (request) =>
      orders.payNow.verify(await requireUser(request, accounts), request.params.orderNumber, request.body),
  );

  app.get(
    '/orders/customer/:mobile',
    {
      schema: {
        tags: ['orders'],
        summary: "The shopper's orders, newest first",
        params: MobileParam,
        response: { 200: z.array(OrderSummary), ...errors },
      },
    },
    async (request, reply) => {
      const list: OrderSummaryDto[] = await orders.listForCustomer(
        (await requireOwner(request, accounts, request.params.mobile)).id,
      );
      // Typed as the contract and written once: the response schema's check of every order and
      // item on each read is skipped, as the search's answer is (issue 33's signed-in orders bar).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(JSON.stringify(list));
    },
  );

  app.get(
    '/orders/:orderNumber',
    {
      schema: {
        tags: ['orders'],
        summary:
          "One of the shopper's own orders in full: items, address, price details, payment and status history",
        description: "Anyone else's order (or none) answers 404, so order numbers reveal nothing.",
        params: OrderNumberParam,
        response: { 200: OrderDetail, ...errors },
      },
    },
    async (request) =>
      customerOrders.detail((await requireUser(request, accounts)).id, request.params.orderNumber),
  );

  // The webhook needs the raw body to check its signature.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    raw.post(
      '/payment/razorpay/webhook',
      {
        schema: {
          tags: ['payment'],
          summary: 'Razorpay webhook (X-Razorpay-Signature over the raw body)',
          response: { 200: z.object({ status: z.string() }), 400: ErrorBody },
        },
      },
      async (request) => {
        const signature = request.headers['x-razorpay-signature'];
        const eventId = request.headers['x-razorpay-event-id'];
        const raw = String(request.body ?? '');
        // Subscriptions' events (issue 43) come to the same endpoint, signed the same way.
        if (/"event"\s*:\s*"subscription\./.test(raw))
          return app.services.subscriptions.handleWebhook(
            raw,
            typeof signature === 'string' ? signature : '',
            typeof eventId === 'string' ? eventId : undefined,
          );
        return orders.handleWebhook(
          raw,
          typeof signature === 'string' ? signature : '',
          typeof eventId === 'string' ? eventId : undefined,
        );
      },
    );
  });
};
