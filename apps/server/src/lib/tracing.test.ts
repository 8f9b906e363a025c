// Traces (issue 41): with OTEL_EXPORTER_OTLP_ENDPOINT the shop sends OTLP/HTTP spans to it, here a
// loopback collector that parses what arrives: a SERVER span per request continuing the caller's
// traceparent, CLIENT spans for the database statements inside it, and a CONSUMER span per job
// with its statements. Without an endpoint there is no tracing at all.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../plugins/config.ts';
import { createTestDatabase } from '../test/app.ts';
import { startTracing, type Tracing } from './tracing.ts';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const received: { path: string; contentType: string; service: string; spans: OtlpSpan[] }[] = [];
let collector: Server;
let endpoint: string;
let tracing: Tracing;

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      for (const rs of body.resourceSpans ?? []) {
        const service = rs.resource.attributes.find((a: { key: string }) => a.key === 'service.name')?.value
          .stringValue;
        received.push({
          path: req.url!,
          contentType: String(req.headers['content-type']),
          service,
          spans: rs.scopeSpans.flatMap((s: { spans: OtlpSpan[] }) => s.spans),
        });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  tracing = (await startTracing({ endpoint, serviceName: 'shop-under-test', scheduledDelayMillis: 50 }))!;
});
afterAll(async () => {
  await tracing?.shutdown();
  collector?.close();
});

const spans = () => received.flatMap((r) => r.spans);
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

it('is off without an endpoint', async () => {
  expect(await startTracing({ endpoint: undefined, serviceName: 'x' })).toBeNull();
});

it('sends request, database and job spans to the OTLP/HTTP endpoint', async () => {
  const database = await createTestDatabase({ tracer: tracing.tracer });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }),
    database,
    tracer: tracing.tracer,
  });
  try {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const res = await app.inject({
      url: '/api/health',
      headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    expect(res.statusCode).toBe(200);
    // A request with a body: its handler's statements run after the body was read, still inside.
    const sent = await app.inject({
      method: 'POST',
      url: '/api/auth/otp/send',
      payload: { mobile: '9876500001' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await app.services.jobs.enqueue(database.db, { name: 'purge-expired-sessions', payload: {} });
    await app.jobWorker.runDue();
    await tracing.flush();

    expect(received.length).toBeGreaterThan(0);
    expect(
      received.every((r) => r.path === '/v1/traces' && r.contentType.startsWith('application/json')),
    ).toBe(true);
    expect(received[0]!.service).toBe('shop-under-test');

    const server = spans().find((s) => s.name === 'GET /api/health')!;
    expect(server).toBeDefined();
    expect(server.kind).toBe(2); // SERVER
    expect(server.traceId).toBe(traceId);
    expect(server.parentSpanId).toBe(callerSpan);
    expect(attribute(server, 'http.route')).toBe('/api/health');
    expect(Number(attribute(server, 'http.response.status_code'))).toBe(200);
    const statements = spans().filter((s) => s.parentSpanId === server.spanId);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements[0]!.kind).toBe(3); // CLIENT
    expect(statements.map((s) => attribute(s, 'db.query.text'))).toContain('select 1');

    const post = spans().find((s) => s.name === 'POST /api/auth/otp/send')!;
    expect(post).toBeDefined();
    const postStatements = spans().filter((s) => s.parentSpanId === post.spanId);
    expect(postStatements.map((s) => attribute(s, 'db.operation.name'))).toContain('INSERT');

    const job = spans().find((s) => s.name === 'job purge-expired-sessions')!;
    expect(job).toBeDefined();
    expect(job.kind).toBe(5); // CONSUMER
    expect(job.parentSpanId ?? '').toBe('');
    expect(job.traceId).not.toBe(traceId);
    const jobStatements = spans().filter((s) => s.parentSpanId === job.spanId);
    expect(jobStatements.some((s) => attribute(s, 'db.operation.name') === 'DELETE')).toBe(true);
  } finally {
    await app.close();
    await database.close();
  }
}, 60_000);
