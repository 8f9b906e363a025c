// One AppError with a few kinds, mapped to status codes in one error handler (ARCHITECTURE.md
// convention 3). Unknown failures become a logged 500 with a generic message.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  unavailable: 503,
} as const;

export type AppErrorKind = keyof typeof STATUS;

export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly errors: Record<string, string> | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    kind: AppErrorKind,
    message: string,
    errors?: Record<string, string>,
    extra?: Record<string, unknown>,
  ) {
    super(message);
    this.kind = kind;
    this.errors = errors;
    this.extra = extra;
  }

  get statusCode(): number {
    return STATUS[this.kind];
  }
}

export const notFound = (message = 'Not found') => new AppError('notFound', message);

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A 429 that knows the wait says it in the standard header too.
      const wait = error.extra?.retryAfterSeconds;
      if (typeof wait === 'number') reply.header('retry-after', String(wait));
      return reply
        .status(error.statusCode)
        .send({ message: error.message, errors: error.errors, ...error.extra });
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
      return reply.status(400).send({ message, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
