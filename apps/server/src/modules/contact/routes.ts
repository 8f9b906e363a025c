import {
  ContactInboxPage,
  ContactInboxQuery,
  ContactMessage,
  ContactReadInput,
} from '@spice/shared/contracts/admin';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import { ContactInput, ContactSent } from '@spice/shared/contracts/contact';
import { MESSAGES } from '@spice/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/auth.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contact, accounts, inbox } = app.services;
  const adminErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

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

  // The owner's inbox in the back office.
  app.get(
    '/admin/contact-messages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Contact messages newest first (unread=true for unread ones only)',
        querystring: ContactInboxQuery,
        response: { 200: ContactInboxPage, ...adminErrors },
      },
    },
    async (request, reply) => {
      await requireAdmin(request, accounts);
      reply.header('cache-control', 'private, no-store');
      const { unread, page, size } = request.query;
      return contact.inbox(unread, page, size);
    },
  );

  app.put(
    '/admin/contact-messages/:id/read',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a contact message read or unread',
        params: IdParam,
        body: ContactReadInput,
        response: { 200: ContactMessage, ...adminErrors },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, accounts);
      reply.header('cache-control', 'private, no-store');
      return inbox.setMessageRead(admin, request.params.id, request.body.read);
    },
  );
};
