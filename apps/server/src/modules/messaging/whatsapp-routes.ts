// POST /api/messaging/webhook/whatsapp (signed by Meta over the raw body; 401 otherwise, and always
// without WHATSAPP_APP_SECRET) and its subscription handshake GET (issue 34).
import { ErrorBody } from '@spice/shared/contracts/common';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/errors.ts';

const path = '/messaging/webhook/whatsapp';

export const whatsappWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { whatsappWebhook } = app.services;

  app.get(
    path,
    {
      schema: {
        tags: ['messaging'],
        summary: "The Cloud API's subscription handshake: hub.challenge echoed for the right verify token",
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().optional(),
        }),
        response: { 200: z.string(), 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const challenge = whatsappWebhook.handshake(request.query);
      if (challenge === null) throw new AppError('forbidden', 'The verify token does not match.');
      return reply.header('content-type', 'text/plain; charset=utf-8').send(challenge);
    },
  );

  // The signature is over the raw body: JSON is kept as the string that came.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    raw.post(
      path,
      {
        schema: {
          tags: ['messaging'],
          summary: 'WhatsApp Cloud API webhook (X-Hub-Signature-256): quick replies and STOP',
          response: { 200: z.object({ status: z.string() }), 401: ErrorBody },
        },
      },
      async (request) => {
        const signature = request.headers['x-hub-signature-256'];
        await whatsappWebhook.receive(
          typeof request.body === 'string' ? request.body : '',
          typeof signature === 'string' ? signature : '',
        );
        return { status: 'ok' };
      },
    );
  });
};
