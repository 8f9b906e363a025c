// One error with a few kinds (ARCHITECTURE.md convention 3): services throw it, the server's error
// handler (apps/server/src/plugins/errors.ts) maps the kind to a status code, and the storefront's
// actions turn it into a form's message. It lives here so both sides name the same class.
const STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  unprocessable: 422,
  tooLarge: 413,
  tooMany: 429,
  unavailable: 503,
} as const;

export type AppErrorKind = keyof typeof STATUS;

// The storefront's server bundle holds its own copy of this module (vite.config.ts: `noExternal`),
// so the class the server threw and the class an action names are two classes. A registered
// symbol is the same in both copies: `instanceof` checks it instead of the prototype chain.
const BRAND = Symbol.for('spice-shop.AppError');

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

  get [BRAND](): true {
    return true;
  }

  static override [Symbol.hasInstance](value: unknown): value is AppError {
    return value instanceof Error && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
