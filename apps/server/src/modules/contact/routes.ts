import { ErrorBody } from '@spice/shared/contracts/common';
import { ContactInput, ContactSent } from '@spice/shared/contracts/contact';
import { MESSAGES } from '@spice/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contact } = app.services;

  app.post(
    '/contact/send',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the store (stored, then forwarded to its e-mail)',
        description:
          'Name, e-mail, phone and message are required; the phone is 10 digits, with or without +91. ' +
          'A few messages per IP per hour (429 beyond).',
        body: ContactInput,
        response: { 201: ContactSent, 400: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await app.limits.take('contact', request);
      await contact.send(request.body, request.ip);
      return reply
        .header('cache-control', 'private, no-store')
        .status(201)
        .send({ message: MESSAGES.contactSent });
    },
  );
};
