import {
  CheckUserResult,
  MobileBody,
  OtpSendRefused,
  OtpSent,
  OtpVerifyBody,
  User,
} from '@spice/shared/contracts/accounts';
import { ErrorBody } from '@spice/shared/contracts/common';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { addressKey } from '../../lib/client-address.ts';
import { requireSession, requireUser } from '../../plugins/auth.ts';
import { AppError, replyLang } from '../../plugins/errors.ts';
import { otpSmsText } from '../messaging/templates.ts';
import { deviceHashOf, keepDeviceCookie } from './devices.ts';
import { LOGIN_MESSAGES } from './otp-service.ts';

const tags = ['auth'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody, 503: ErrorBody };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { otp, accounts, sessions, content, messenger } = app.services;
  neverCache(app);

  app.post(
    '/auth/otp/send',
    {
      schema: {
        tags,
        summary: 'Send a login code by SMS (same answer for known and unknown numbers)',
        body: MobileBody,
        response: { 200: OtpSent, ...errors, 429: OtpSendRefused },
      },
    },
    async (request) => {
      const deviceHash = deviceHashOf(request);
      // The number's own device is held by the resend rules alone, not by strangers who share its
      // address (a carrier's NAT) and spent the address's sends (decision 0028).
      if (!(await otp.knowsDevice(request.body.mobile, deviceHash)))
        await app.limits.take('otpSend', request);
      // In Hindi when the request asks for it; on MSG91 only once the Hindi DLT template is set.
      const asked = replyLang(request);
      const hindiId = app.config.MSG91_TEMPLATE_ID_HI;
      const lang = asked === 'hi' && messenger.provider('sms') === 'msg91' && !hindiId ? 'en' : asked;
      const facts = { storeName: (await content.footer()).storeName, ttlSeconds: app.config.OTP_TTL_SECONDS };
      return otp.issue({
        purpose: 'login',
        target: request.body.mobile,
        client: { address: addressKey(request.ip), deviceHash },
        messages: LOGIN_MESSAGES,
        compose: (code) => ({
          channel: 'sms',
          to: request.body.mobile,
          code,
          text: otpSmsText({ ...facts, code }, lang),
          ...(lang === 'hi' && hindiId
            ? {
                smsTemplate: {
                  id: hindiId,
                  vars: { otp: code, message: otpSmsText({ ...facts, code }, lang) },
                },
              }
            : {}),
        }),
      });
    },
  );

  app.post(
    '/auth/otp/verify',
    {
      schema: {
        tags,
        summary: 'Check the login code and start a session',
        body: OtpVerifyBody,
        response: { 200: CheckUserResult, ...errors },
      },
    },
    async (request, reply) => {
      const { mobile } = request.body;
      await app.limits.guard('otpVerify', request, () =>
        otp.verify({
          purpose: 'login',
          target: mobile,
          deviceHash: deviceHashOf(request),
          guess: request.body.otp,
          messages: LOGIN_MESSAGES,
        }),
      );
      const user = await accounts.findByMobile(mobile);
      await sessions.create(request, reply, { userId: user?.id ?? null, verifiedMobile: mobile });
      // This device is the number's now: its next codes come whatever strangers ask for.
      const secure = app.config.PUBLIC_URL?.startsWith('https:') === true || request.protocol === 'https';
      await otp.rememberDevice(keepDeviceCookie(request, reply, secure), mobile);
      return { exists: user !== null, user };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags, summary: 'End the session', response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      await sessions.destroy(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags, summary: 'The logged-in shopper', response: { 200: User, 401: ErrorBody } } },
    async (request) => requireUser(request, accounts),
  );

  app.post(
    '/auth/check-user',
    {
      schema: {
        tags,
        summary: "Whether the session's own verified number has an account",
        body: MobileBody,
        response: { 200: CheckUserResult, ...errors },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      if (session.verifiedMobile !== request.body.mobile) {
        throw new AppError('forbidden', 'You can only check your own verified number.');
      }
      const user = await accounts.findByMobile(request.body.mobile);
      return { exists: user !== null, user };
    },
  );
};
