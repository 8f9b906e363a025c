// The dev outbox, registered only in demo mode (app.ts), readable for channels without a real
// provider. When a provider is configured, that channel's messages are not here (404 for it).
// A mobile number reads its SMS and WhatsApp messages; an address its e-mails (with the HTML).
import { ErrorBody } from '@spice/shared/contracts/common';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/errors.ts';

const OutboxMessage = z.object({
  channel: z.enum(['sms', 'email', 'whatsapp']),
  to: z.string(),
  subject: z.string().optional(),
  text: z.string(),
  html: z.string().optional(),
  code: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  createdAt: z.string(),
});

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messenger } = app.services;
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages the dev outbox holds for one recipient, newest first',
        querystring: z.object({ to: z.string().trim().min(3).max(254) }),
        response: { 200: z.array(OutboxMessage), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const to = request.query.to.toLowerCase();
      const channel = to.includes('@') ? 'email' : 'sms';
      if (!messenger.usesOutbox(channel))
        throw new AppError('notFound', `The ${channel} channel has a real provider; there is no outbox.`);
      reply.header('cache-control', 'no-store');
      if (channel === 'email') return messenger.outbox(to, ['email']);
      const phone = to.replace(/\D/g, '').slice(-10);
      return messenger.outbox(phone, messenger.usesOutbox('whatsapp') ? ['sms', 'whatsapp'] : ['sms']);
    },
  );
};
