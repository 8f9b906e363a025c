// Filing a grievance and reading one's ticket (issue 35, decision 0036). Never cached: each answer
// is one shopper's.
import { ErrorBody } from '@spice/shared/contracts/common';
import {
  GrievanceFiled,
  GrievanceInput,
  GrievanceView,
  TicketParam,
  TicketTokenQuery,
} from '@spice/shared/contracts/grievances';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { replyLang } from '../../plugins/errors.ts';

const tags = ['grievances'];
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export const grievanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { grievances } = app.services;
  neverCache(app);

  app.post(
    '/grievances',
    {
      schema: {
        tags,
        summary: 'File a grievance: a ticket, acknowledgement within 48 h, redress within 30 days',
        description:
          'Signed in: the contact is the account’s and an order number must be one of its orders. ' +
          'Signed out: contact.name and contact.mobile are required; the acknowledgement (SMS, and ' +
          'e-mail when given) carries a status link with a token. A few per IP per hour (429 beyond).',
        body: GrievanceInput,
        response: { 201: GrievanceFiled, ...errors },
      },
    },
    async (request, reply) => {
      await app.limits.take('grievance', request);
      const session = await request.getSession();
      const filed = await grievances.file(request.body, {
        user: session?.user ?? null,
        lang: replyLang(request),
      });
      const { ticketNumber, acknowledgeBy, resolveBy } = filed;
      return reply.status(201).send({ ticketNumber, acknowledgeBy, resolveBy });
    },
  );

  app.get(
    '/grievances/:ticketNumber',
    {
      schema: {
        tags,
        summary: 'A ticket’s status and replies: for its shopper, or with the token of its link',
        description: 'Anyone else’s ticket, or a wrong token, is 404.',
        params: TicketParam,
        querystring: TicketTokenQuery,
        response: { 200: GrievanceView, ...errors },
      },
    },
    async (request) => {
      const session = await request.getSession();
      return grievances.find(request.params.ticketNumber, {
        userId: session?.user?.id ?? null,
        token: request.query.token ?? null,
      });
    },
  );
};
