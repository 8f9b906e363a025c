// The owner's inbox of contact messages in the back office: the list and read/unread. One admin's
// view of the shop, so never cached, refusals included.
import {
  ContactInboxPage,
  ContactInboxQuery,
  ContactMessage,
  ContactReadInput,
  ContactReplyInput,
} from '@spice/shared/contracts/admin';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, inbox } = app.services;
  const adminErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  neverCache(app);

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
    async (request) => {
      await requireAdmin(request, accounts);
      const { unread, page, size } = request.query;
      return inbox.inbox(unread, page, size);
    },
  );

  app.post(
    '/admin/contact-messages/:id/replies',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags: ['admin'],
        summary:
          'Reply to a contact message: e-mailed to the sender (English or Hindi greeting) and kept with it; audited',
        params: IdParam,
        body: ContactReplyInput,
        response: { 201: ContactMessage, ...adminErrors },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, accounts);
      return reply.code(201).send(await inbox.reply(admin, request.params.id, request.body));
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
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return inbox.setMessageRead(admin, request.params.id, request.body.read);
    },
  );
};
