// With tracing on (lib/tracing.ts), a CLIENT span per database statement, child of the request's
// or job's span: the driver's `query` (and PGlite's `exec` and transactions) wrapped on the one
// client or pool connection it is given. Loaded only when tracing is on.
import { type Span, SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';

type Fn = (...args: unknown[]) => unknown;

const MAX_TEXT = 2000;

function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && typeof (arg as { text?: unknown }).text === 'string')
    return (arg as { text: string }).text;
  return '';
}

function startStatement(tracer: Tracer, system: string, text: string): Span {
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  return tracer.startSpan(`${operation} ${system}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      'db.query.text': text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text,
      ...(system === 'pglite' ? { 'db.namespace': 'pglite' } : {}),
    },
  });
}

function settle(span: Span, result: unknown): unknown {
  if (!result || typeof (result as Promise<unknown>).then !== 'function') {
    span.end();
    return result;
  }
  return (result as Promise<unknown>).then(
    (value) => {
      span.end();
      return value;
    },
    (error: Error) => {
      span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
      span.end();
      throw error;
    },
  );
}

/** Wraps `target[method]` so each call is a span; the call itself is made at once, unchanged. */
function wrap(tracer: Tracer, system: string, target: Record<string, unknown>, method: string) {
  const original = target[method] as Fn | undefined;
  if (typeof original !== 'function') return;
  target[method] = function traced(this: unknown, ...args: unknown[]) {
    // A callback-style call is passed through untraced (the shop's drivers use promises).
    if (typeof args.at(-1) === 'function') return original.apply(this, args);
    const span = startStatement(tracer, system, textOf(args[0]));
    try {
      return settle(span, original.apply(this, args));
    } catch (error) {
      span.recordException(error as Error);
      span.end();
      throw error;
    }
  };
}

/** A pg pool, one of its connections or the shared one: its `query`. */
export function tracePgClient(tracer: Tracer, client: object) {
  wrap(tracer, 'postgresql', client as Record<string, unknown>, 'query');
}

/** A PGlite client (in this thread or on the worker): query, exec, and both inside transactions. */
export function tracePglite(tracer: Tracer, client: object) {
  const target = client as Record<string, unknown>;
  wrap(tracer, 'pglite', target, 'query');
  wrap(tracer, 'pglite', target, 'exec');
  const transaction = target.transaction as Fn | undefined;
  if (typeof transaction !== 'function') return;
  target.transaction = function tracedTransaction(this: unknown, callback: (tx: object) => unknown) {
    return transaction.call(this, (tx: object) => {
      wrap(tracer, 'pglite', tx as Record<string, unknown>, 'query');
      wrap(tracer, 'pglite', tx as Record<string, unknown>, 'exec');
      return callback(tx);
    });
  };
}
