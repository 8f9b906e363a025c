// The device cookie (decision 0028): a random id in a long-lived HttpOnly cookie, set when a
// number logs in and remembered (as its SHA-256) against that number, so the owner's own phone
// or browser always gets its login code whatever strangers ask for. It identifies a browser,
// not a person: it grants nothing but the right to be sent a code.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DEVICE_COOKIE = 'kc_device';
const YEAR_SECONDS = 365 * 86_400;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The request's device cookie as stored (its hash); null without a well-formed one. */
export function deviceHashOf(request: FastifyRequest): string | null {
  const id = request.cookies[DEVICE_COOKIE];
  return id && DEVICE_ID.test(id) ? createHash('sha256').update(id).digest('hex') : null;
}

/** Keeps (or gives) the device its cookie for another year; answers the cookie's hash. */
export function keepDeviceCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const current = request.cookies[DEVICE_COOKIE];
  const id = current && DEVICE_ID.test(current) ? current : randomBytes(32).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, id, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: YEAR_SECONDS,
  });
  return createHash('sha256').update(id).digest('hex');
}
