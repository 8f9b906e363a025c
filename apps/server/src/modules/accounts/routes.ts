import {
  Address,
  AddressInput,
  EmailBody,
  EmailParam,
  EmailVerifyBody,
  MobileParam,
  SignupBody,
  User,
} from '@spice/shared/contracts/accounts';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import { MessagePreferences, MessagePreferencesInput } from '@spice/shared/contracts/message-preferences';
import * as z from '@spice/shared/contracts/zod';
import { MESSAGES } from '@spice/shared/messages';
import { maskMobile } from '@spice/shared/validators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { addressKey } from '../../lib/client-address.ts';
import { requireOwner, requireSession, requireUser } from '../../plugins/auth.ts';
import { AppError, replyLang } from '../../plugins/errors.ts';
import { EMAIL_MESSAGES } from '../auth/otp-service.ts';
import { otpEmail } from '../messaging/templates.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
};
const Message = z.object({ message: z.string() });

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { otp, accounts, sessions } = app.services;
  neverCache(app);

  app.post(
    '/email/send-otp',
    {
      schema: {
        tags: ['signup'],
        summary: 'Send an e-mail validation code (signup)',
        body: EmailBody,
        response: {
          200: Message.extend({ resendAfterSeconds: z.number(), resendsLeft: z.number() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      const { email } = request.body;
      await accounts.assertEmailFree(email, session.verifiedMobile);
      await app.limits.take('emailOtpSend', request);
      const facts = {
        storeName: (await app.services.content.footer()).storeName,
        ttlSeconds: app.config.OTP_TTL_SECONDS,
      };
      const sent = await otp.issue({
        purpose: 'email',
        target: email,
        sessionHash: session.idHash,
        client: { address: addressKey(request.ip), deviceHash: null },
        messages: EMAIL_MESSAGES,
        compose: (code) => ({
          channel: 'email',
          to: email,
          code,
          ...otpEmail({ ...facts, code }, replyLang(request)),
        }),
      });
      return { message: MESSAGES.emailOtpSent, ...sent };
    },
  );

  app.post(
    '/email/verify-otp',
    {
      schema: {
        tags: ['signup'],
        summary: 'Check the e-mail code',
        body: EmailVerifyBody,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      const { email } = request.body;
      await app.limits.guard('otpVerify', request, () =>
        otp.verify({
          purpose: 'email',
          target: email,
          sessionHash: session.idHash,
          guess: request.body.otp,
          messages: EMAIL_MESSAGES,
        }),
      );
      await sessions.update(session.idHash, { validatedEmail: email });
      return { message: MESSAGES.emailValidated };
    },
  );

  app.get(
    '/user/by-email/:email',
    {
      schema: {
        tags: ['signup'],
        summary: 'Whether an e-mail is in use (the mobile is masked unless it is your own)',
        params: EmailParam,
        response: { 200: z.object({ exists: z.literal(true), mobile: z.string() }), ...errors },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      const user = await accounts.findByEmail(request.params.email);
      if (!user) throw new AppError('notFound', 'No account uses this email.');
      const own = user.mobile === session.verifiedMobile;
      return { exists: true as const, mobile: own ? user.mobile : maskMobile(user.mobile) };
    },
  );

  // The signup form's check: the same answer as /user/by-email, but an unused e-mail is a 200, not
  // a 404 (the spec's endpoint keeps its 404; a browser logs every 404 as an error).
  app.get(
    '/email/status/:email',
    {
      schema: {
        tags: ['signup'],
        summary: 'Whether an e-mail is in use, and by your own account: 200 either way',
        params: EmailParam,
        response: { 200: z.object({ inUse: z.boolean(), yours: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      const user = await accounts.findByEmail(request.params.email);
      return { inUse: user !== null, yours: user !== null && user.mobile === session.verifiedMobile };
    },
  );

  app.post(
    '/user/create',
    {
      schema: {
        tags: ['signup'],
        summary: 'Complete signup for the verified number',
        body: SignupBody,
        response: { 201: User, ...errors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      const user = await accounts.signUp(session, request.body, { lang: replyLang(request) });
      await sessions.update(session.idHash, { userId: user.id });
      return reply.status(201).send(user);
    },
  );

  // Order-message channels (issue 16): the session's own shopper only.
  app.get(
    '/user/message-preferences',
    {
      schema: {
        tags: ['profile'],
        summary: 'Which channels carry order messages to me',
        response: { 200: MessagePreferences, ...errors },
      },
    },
    async (request) => app.services.marketing.preferences((await requireUser(request, accounts)).id),
  );
  app.put(
    '/user/message-preferences',
    {
      schema: {
        tags: ['profile'],
        summary:
          'Choose e-mail and opt in to (or out of) WhatsApp; marketing per channel (each change recorded as a consent)',
        body: MessagePreferencesInput,
        response: { 200: MessagePreferences, ...errors },
      },
    },
    async (request) =>
      app.services.marketing.setPreferences(
        await requireUser(request, accounts),
        request.body,
        replyLang(request),
      ),
  );

  // Addresses: the spec's paths; the session decides whose they are.
  const tags = ['addresses'];
  app.get(
    '/addresses/:mobile',
    {
      schema: {
        tags,
        summary: "The shopper's addresses",
        params: MobileParam,
        response: { 200: z.array(Address), ...errors },
      },
    },
    async (request) => {
      const user = await requireOwner(request, accounts, request.params.mobile);
      return accounts.listAddresses(user.id);
    },
  );
  app.post(
    '/addresses/:mobile',
    {
      schema: {
        tags,
        summary: 'Add an address; answers the new list',
        params: MobileParam,
        body: AddressInput,
        response: { 201: z.array(Address), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireOwner(request, accounts, request.params.mobile);
      return reply.status(201).send(await accounts.addAddress(user.id, request.body));
    },
  );
  app.put(
    '/addresses/:id',
    {
      schema: {
        tags,
        summary: 'Update an address',
        params: IdParam,
        body: AddressInput,
        response: { 200: Address, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request, accounts);
      return accounts.updateAddress(user.id, request.params.id, request.body);
    },
  );
  app.delete(
    '/addresses/:id',
    {
      schema: { tags, summary: 'Delete an address', params: IdParam, response: { 200: Message, ...errors } },
    },
    async (request) => {
      const user = await requireUser(request, accounts);
      await accounts.deleteAddress(user.id, request.params.id);
      return { message: 'Address deleted.' };
    },
  );
  app.put(
    '/addresses/:id/set-default',
    {
      schema: {
        tags,
        summary: 'Make an address the default',
        params: IdParam,
        response: { 200: Address, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request, accounts);
      return accounts.setDefault(user.id, request.params.id);
    },
  );
};
