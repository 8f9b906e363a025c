// Traces over OTLP/HTTP (OpenTelemetry) when OTEL_EXPORTER_OTLP_ENDPOINT is set: a span per HTTP
// request (its route, status, the caller's traceparent continued), per database statement and per
// background job. Unset, main.ts never imports this file and no hook or wrapper is installed:
// tracing costs nothing when off. Spans leave in batches, off the request path.
import {
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

export interface Tracing {
  tracer: Tracer;
  /** Sends what is buffered (tests; a clean shutdown does it too). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export async function startTracing(options: {
  endpoint: string | undefined;
  serviceName: string;
  /** Batch delay: the SDK's default (5 s) unless a test wants it sooner. */
  scheduledDelayMillis?: number;
}): Promise<Tracing | null> {
  if (!options.endpoint) return null;
  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { ATTR_SERVICE_NAME },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint}/v1/traces` }), {
        ...(options.scheduledDelayMillis ? { scheduledDelayMillis: options.scheduledDelayMillis } : {}),
      }),
    ],
  });
  // The process's context manager (AsyncLocalStorage: spans started inside a request's or a job's
  // context become its children) and W3C trace-context propagator. This provider's own tracer is
  // used below, so a second app in one process (tests) keeps its spans apart.
  provider.register();
  return {
    tracer: provider.getTracer('kesar-chakki'),
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

const SPAN = Symbol('otel span');
const CONTEXT = Symbol('otel context');

/** A SERVER span per request, continuing the caller's `traceparent`; handlers run in its context. */
export async function registerHttpTracing(app: FastifyInstance, tracer: Tracer) {
  const { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } = await import(
    '@opentelemetry/api'
  );
  type Traced = { [SPAN]?: Span; [CONTEXT]?: ReturnType<typeof context.active> };
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': request.url.split('?')[0]!,
          ...(route ? { 'http.route': route } : {}),
        },
      },
      parent,
    );
    const active = trace.setSpan(parent, span);
    (request as unknown as Traced)[SPAN] = span;
    (request as unknown as Traced)[CONTEXT] = active;
    context.with(active, done);
  });
  // Re-entered once the body is read (its stream's events ran outside the request's context).
  app.addHook('preHandler', (request, _reply, done) => {
    const active = (request as unknown as Traced)[CONTEXT];
    if (active) context.with(active, done);
    else done();
  });
  app.addHook('onError', (request, _reply, error, done) => {
    (request as unknown as Traced)[SPAN]?.recordException(error);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = (request as unknown as Traced)[SPAN];
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

/** Each job handler in a CONSUMER span of its own (a root: a job outlives the request that queued it). */
export function traceJobHandlers<J extends { id: number; attempts: number }>(
  tracer: Tracer,
  handlers: Record<string, (payload: Record<string, unknown>, job: J) => Promise<void>>,
): Record<string, (payload: Record<string, unknown>, job: J) => Promise<void>> {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      async (payload: Record<string, unknown>, job: J) => {
        const span = tracer.startSpan(
          `job ${name}`,
          {
            kind: SpanKind.CONSUMER,
            attributes: { 'job.name': name, 'job.id': job.id, 'job.attempt': job.attempts },
          },
          ROOT_CONTEXT,
        );
        try {
          await context.with(trace.setSpan(ROOT_CONTEXT, span), () => handler(payload, job));
        } catch (error) {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
          throw error;
        } finally {
          span.end();
        }
      },
    ]),
  );
}
