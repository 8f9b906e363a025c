// Shipping's API: the back office's courier list and label PDFs (admin only: 401 logged out, 403
// for shoppers), and the couriers' webhook, authenticated by the provider's token alone.

import { OrderNumberParam } from '@spice/shared/contracts/admin';
import { ErrorBody } from '@spice/shared/contracts/common';
import {
  LabelSettings,
  LabelSettingsEdit,
  LabelsQuery,
  ShippingOptions,
  WebhookProviderParam,
} from '@spice/shared/contracts/shipping';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, shipping } = app.services;
  neverCache(app);

  async function sendLabels(
    request: FastifyRequest,
    reply: FastifyReply,
    orderNumbers: string[],
    name: string,
  ) {
    await requireAdmin(request, accounts);
    const pdf = await shipping.labels(orderNumbers);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .send(pdf);
  }

  app.get(
    '/admin/shipping/options',
    {
      schema: {
        tags: ['admin'],
        summary: 'The couriers the Ship step offers, and the courier API that books parcels itself (if set)',
        response: { 200: ShippingOptions, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return shipping.options();
    },
  );

  app.get(
    '/admin/shipping/label-settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Label size (A5 or 4×6 inch thermal) and the sender and return addresses printed on labels',
        response: { 200: LabelSettings, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return shipping.labelSettings();
    },
  );

  app.put(
    '/admin/shipping/label-settings',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags: ['admin'],
        summary: 'Save the label settings (version as loaded; 409 when changed meanwhile); audited',
        body: LabelSettingsEdit,
        response: { 200: LabelSettings, 409: ErrorBody, ...errors },
      },
    },
    async (request) => shipping.updateLabelSettings(await requireAdmin(request, accounts), request.body),
  );

  app.get(
    '/admin/orders/:orderNumber/label.pdf',
    {
      schema: {
        tags: ['admin'],
        summary: "One order's packing slip and shipping label (PDF): address, items, COD amount, AWB barcode",
        params: OrderNumberParam,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendLabels(request, reply, [request.params.orderNumber], `label-${request.params.orderNumber}.pdf`),
  );

  app.get(
    '/admin/shipping/labels.pdf',
    {
      schema: {
        tags: ['admin'],
        summary: 'Packing slips and labels for several orders in one PDF, one page per order',
        querystring: LabelsQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => sendLabels(request, reply, request.query.orders, 'labels.pdf'),
  );

  app.post(
    '/shipping/webhook/:provider',
    {
      schema: {
        tags: ['shipping'],
        summary: "A courier's tracking update (Shiprocket: the token set in its panel, sent as x-api-key)",
        description:
          'Each event is recorded once; DELIVERED and RTO move the order. An unknown AWB is logged and answered 200.',
        params: WebhookProviderParam,
        response: { 200: z.object({ status: z.string() }), ...errors },
      },
    },
    async (request) => shipping.webhook(request.params.provider, request.headers['x-api-key'], request.body),
  );
};
