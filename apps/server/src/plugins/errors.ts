// The one AppError (packages/shared/src/app-error.ts) mapped to its status code in one error handler
// (ARCHITECTURE.md convention 3). Unknown failures become a logged 500 with a generic message.
// AppError is re-exported here so the server's modules keep one import for their errors.
import { AppError } from '@spice/shared/app-error';
import { type Lang, langFromAcceptLanguage } from '@spice/shared/lang';
import { GENERIC_INVALID_HI, toHindi } from '@spice/shared/texts-hi';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export { AppError, type AppErrorKind } from '@spice/shared/app-error';

export const notFound = (message = 'Not found') => new AppError('notFound', message);

/**
 * The language the storefront API answers in: Hindi when the request's Accept-Language asks for
 * Hindi first (the storefront sends hi-IN on /hi pages), English otherwise. The back office
 * (/api/admin…) stays English.
 */
export function replyLang(request: Pick<FastifyRequest, 'headers' | 'url'>): Lang {
  const header = request.headers['accept-language'];
  if (!header || request.url.startsWith('/api/admin')) return 'en';
  return langFromAcceptLanguage(header) === 'hi' ? 'hi' : 'en';
}

/** The fields of a reply that carry texts for the shopper, at any depth (coupon list reasons too). */
const TEXT_FIELDS = new Set(['message', 'reason', 'codReason', 'notice']);

/**
 * A reply's shopper texts in Hindi: `message`, `reason`, `codReason`, `notice` and the values of
 * `errors`, wherever they sit. Texts the catalogue (@spice/shared/texts-hi) does not know stay as
 * they are, except field errors of a validation, which fall back to a general Hindi line.
 */
export function translateReply(payload: unknown, fallback: string | null = null, depth = 0): unknown {
  if (depth > 6 || payload === null || typeof payload !== 'object') return payload;
  if (Array.isArray(payload)) {
    for (let i = 0; i < payload.length; i++) payload[i] = translateReply(payload[i], null, depth + 1);
    return payload;
  }
  const record = payload as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') {
      if (TEXT_FIELDS.has(key)) record[key] = toHindi(value) ?? (key === 'message' && fallback) ?? value;
    } else if (key === 'errors' && value && typeof value === 'object' && !Array.isArray(value)) {
      const errors = value as Record<string, unknown>;
      for (const [field, text] of Object.entries(errors)) {
        if (typeof text === 'string') errors[field] = toHindi(text) ?? fallback ?? text;
      }
    } else if (value && typeof value === 'object') {
      translateReply(value, null, depth + 1);
    }
  }
  return record;
}

export function registerErrorHandling(app: FastifyInstance): void {
  // Success replies (contact sent, e-mail validated, coupon list reasons, pincode checks…) in the
  // request's language; English replies pass untouched.
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (replyLang(request) !== 'hi') return done(null, payload);
    done(null, translateReply(payload));
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const hi = replyLang(request) === 'hi';
    const body = (payload: Record<string, unknown>, fallback: string | null = null) =>
      hi ? translateReply(payload, fallback) : payload;
    if (error instanceof AppError) {
      // A 429 that knows the wait says it in the standard header too.
      const wait = error.extra?.retryAfterSeconds;
      if (typeof wait === 'number') reply.header('retry-after', String(wait));
      return reply
        .status(error.statusCode)
        .send(body({ message: error.message, errors: error.errors, ...error.extra }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request';
        if (!errors[field]) errors[field] = issue.message ?? 'Invalid value.';
      }
      // The first problem's own text is the message: the contracts carry the spec's wording.
      const first = Object.values(errors)[0];
      const message = first ?? 'Invalid request.';
      return reply.status(400).send(body({ message, errors }, GENERIC_INVALID_HI));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body({ message: error.message }, GENERIC_INVALID_HI));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body({ message: 'Something went wrong. Please try again.' }));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(body(request, { message: `No route for ${request.method} ${request.url.split('?')[0]}` }));
  });
}

function body(request: FastifyRequest, payload: Record<string, unknown>): Record<string, unknown> {
  return replyLang(request) === 'hi' ? (translateReply(payload) as Record<string, unknown>) : payload;
}
