// A shopper's data rights (issue 35, decision 0036): download everything held on them, erase the
// account with a code sent to its mobile, give and withdraw consents. Never cached.
import { ErrorBody } from '@spice/shared/contracts/common';
import {
  ConsentInput,
  ConsentState,
  Erased,
  ErasureCodeSent,
  ErasureInput,
} from '@spice/shared/contracts/privacy';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { addressKey } from '../../lib/client-address.ts';
import { requireSession, requireUser } from '../../plugins/auth.ts';
import { replyLang } from '../../plugins/errors.ts';
import { deviceHashOf } from '../auth/devices.ts';

const tags = ['profile'];
const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { privacy, erasure, accounts, sessions } = app.services;
  neverCache(app);

  app.get(
    '/user/data-export',
    {
      schema: {
        tags,
        summary: 'Everything the shop holds on the signed-in shopper, as a JSON file',
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, accounts);
      const data = await privacy.exportFor(user);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/user/erasure',
    {
      schema: {
        tags,
        summary: 'Erase the account: without otp, texts a code to its mobile; with it, erases',
        description:
          '409 while an order is not yet delivered or refunded. Orders and invoices are kept for ' +
          'tax law, detached from the person; issued invoices stay as issued. The mobile can sign up again.',
        body: ErasureInput,
        response: { 200: z.union([ErasureCodeSent, Erased]), ...errors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      const user = await requireUser(request, accounts);
      const asked = {
        user,
        sessionHash: session.idHash,
        client: { address: addressKey(request.ip), deviceHash: deviceHashOf(request) },
        lang: replyLang(request),
      };
      const { otp } = request.body;
      if (!otp) return erasure.sendCode(asked);
      await app.limits.guard('otpVerify', request, () => erasure.confirm(asked, otp));
      await sessions.destroy(request, reply);
      return { erased: true as const };
    },
  );

  app.get(
    '/user/consents',
    {
      schema: {
        tags,
        summary: 'The shopper’s consents and their history',
        response: { 200: ConsentState, ...errors },
      },
    },
    async (request) => privacy.consents((await requireUser(request, accounts)).id),
  );

  app.put(
    '/user/consents',
    {
      schema: {
        tags,
        summary: 'Give or withdraw a consent (recorded with the words shown, the time and where)',
        body: ConsentInput,
        response: { 200: ConsentState, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request, accounts);
      const { purpose, given, source, channel } = request.body;
      return privacy.setConsent(user, purpose, given, replyLang(request), source, channel);
    },
  );
};
