// Every operation of the OpenAPI document, with hostile values in its body, path parameters and
// query string, as a visitor, a signed-in shopper and the store's admin: none may answer 5xx (a
// 500 is always a bug, ARCHITECTURE.md). Each request is otherwise plausible, built from the
// operation's own schema, so one hostile field at a time reaches as far as it can.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../seed/demo-seed.ts';
import { createTestApp, type TestApp } from './app.ts';
import { addAddress } from './commerce.ts';
import { signUp, verifyMobile } from './shoppers.ts';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
};
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const LONG = 'x'.repeat(100_000);
/** Hostile JSON values for one field: NUL, lone surrogates, 100 kB, ±1e308, a wrong type. */
const HOSTILE_VALUES: unknown[] = ['a\u0000b', 'a\uD800b', LONG, 1e308, -1e308, {}, 2 ** 31, 2 ** 53, -1];
/**
 * Hostile path and query values, already encoded for the URL ('%ED%A0%80' is a lone surrogate):
 * ids past a PostgreSQL integer (2^31) and past exact JavaScript numbers (2^53), a negative one,
 * and names every JavaScript object inherits.
 */
const HOSTILE_URL_VALUES = [
  'a%00b',
  '%ED%A0%80',
  '1e308',
  '-1e308',
  LONG,
  '2147483648',
  '9007199254740992',
  '-1',
  '__proto__',
  'constructor',
  'toString',
];
/** Headers a careless integrator or an attacker sends. */
const HOSTILE_HEADERS: Record<string, string>[] = [
  { host: 'user@example.com' },
  { host: 'user:pw@127.0.0.1:3000' },
  { 'x-forwarded-host': 'user@example.com', 'x-forwarded-for': '::ffff:1.2.3.4, 2001:db8::1' },
  { 'idempotency-key': '__proto__', 'accept-language': 'hi;q=1e308, __proto__' },
];
/** Whole bodies of the wrong shape. */
const HOSTILE_BODIES: unknown[] = ['a\u0000b', [], null];

// Candidates for a string with a pattern, tried in order; the first that matches is used.
const PATTERN_CANDIDATES = [
  '9876543210',
  '123456',
  '400001',
  'shopper@example.in',
  'https://example.in/a.png',
  '/images/a.png',
  'WELCOME10',
  'garam-masala',
  '2026-01-31T18:30',
  '2026-01-31',
  'G-ABC123',
  'PENDING',
  'Plain text',
];

function firstOf(schema: Schema): Schema {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (!options) return schema;
  return firstOf(options.find((o) => o.type !== 'null') ?? options[0]!);
}

/** A value the schema most likely accepts. */
function plausible(input: Schema | undefined, name = ''): unknown {
  if (!input) return 'text';
  const schema = firstOf(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v, k)]));
  }
  if (type === 'array') return [plausible(schema.items, name)];
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') {
    if (/version/i.test(name)) return 1;
    return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
  }
  if (schema.format === 'email' || /email/i.test(name)) return 'shopper@example.in';
  if (schema.format === 'uri' || /url/i.test(name)) return '/images/a.png';
  if (/mobile|phone/i.test(name)) return '9876543210';
  if (/pincode/i.test(name)) return '400001';
  if (/otp/i.test(name)) return '123456';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const match = PATTERN_CANDIDATES.find((c) => pattern.test(c));
    if (match) return match;
  }
  return 'Plain text'.padEnd(schema.minLength ?? 0, 'x');
}

/** Paths to every leaf of a plausible value (object keys and the first array item), to depth 3. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (path.length >= 3) return [path];
  if (Array.isArray(value)) return value.length ? [path, ...leaves(value[0], [...path, 0])] : [path];
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return [path];
    return keys.flatMap((k) => leaves((value as Record<string, unknown>)[k], [...path, k]));
  }
  return [path];
}

function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

function url(path: string, params: Record<string, string>, query: Record<string, string>): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_m, name: string) => params[name] ?? '1');
  const search = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}

/** The requests to try for one operation: hostile path params, query values, body fields, bodies. */
function requestsFor(method: string, path: string, op: Operation): InjectOptions[] {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path');
  const queries = (op.parameters ?? []).filter((p) => p.in === 'query');
  const plainParams = Object.fromEntries(
    params.map((p) => [p.name, encodeURIComponent(String(plausible(p.schema, p.name)))]),
  );
  const plainQuery = Object.fromEntries(
    queries.map((q) => [q.name, encodeURIComponent(String(plausible(q.schema, q.name)))]),
  );
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';
  const body = hasBody ? (bodySchema ? plausible(bodySchema) : {}) : undefined;
  const inject = (u: string, payload?: unknown): InjectOptions => ({
    method: method as InjectOptions['method'],
    url: u,
    ...(payload !== undefined
      ? { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }
      : {}),
  });

  const plainRequest = inject(url(path, plainParams, plainQuery), body);
  const requests: InjectOptions[] = [plainRequest];
  // Hostile headers on the plain request: a Host with userinfo, and a forwarded one.
  for (const headers of HOSTILE_HEADERS) {
    requests.push({ ...plainRequest, headers: { ...(plainRequest.headers ?? {}), ...headers } });
  }
  for (const p of params) {
    for (const v of HOSTILE_URL_VALUES)
      requests.push(inject(url(path, { ...plainParams, [p.name]: v }, plainQuery), body));
  }
  for (const q of queries) {
    for (const v of HOSTILE_URL_VALUES)
      requests.push(inject(url(path, plainParams, { ...plainQuery, [q.name]: v }), body));
  }
  if (hasBody) {
    const plain = url(path, plainParams, plainQuery);
    for (const leaf of leaves(body)) {
      for (const v of HOSTILE_VALUES) requests.push(inject(plain, withValue(body, leaf, v)));
    }
    for (const b of HOSTILE_BODIES) requests.push(inject(plain, b));
    requests.push({ ...inject(plain), payload: '{"a":', headers: { 'content-type': 'application/json' } });
  }
  return requests;
}

let t: TestApp;
let shopperCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const shopper = await signUp(t.app, '9850000077');
  await addAddress(shopper);
  shopperCookie = shopper.cookie;
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile, '10.0.0.2')).cookie;
});
afterAll(async () => {
  await t.close();
});

// Ending the session would leave the rest of the run signed out.
const SKIPPED = new Set(['POST /api/auth/logout']);

it('no operation answers 5xx to hostile input, signed out, as a shopper or as the admin', async () => {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
  // The catch-all for unknown API paths is not an operation of the shop.
  const real = operations.filter(
    ({ path, method }) => !path.includes('{*}') && !SKIPPED.has(`${method} ${path}`),
  );
  expect(real.length).toBeGreaterThan(80);

  const failures: string[] = [];
  let sent = 0;
  for (const [role, cookie] of [
    ['anonymous', undefined],
    ['shopper', shopperCookie],
    ['admin', adminCookie],
  ] as const) {
    for (const { method, path, op } of real) {
      // Signed out or as a shopper the back office refuses (writes before reading the body), so
      // a few requests suffice there; elsewhere the admin is one more shopper.
      const all = requestsFor(method, path, op);
      const backOffice = path.startsWith('/api/admin/');
      const requests = backOffice === (role === 'admin') ? all : all.slice(0, 3);
      for (const request of requests) {
        const res = await t.app.inject({
          ...request,
          remoteAddress: `10.1.${sent % 250}.${Math.floor(sent / 250) % 250}`,
          headers: { ...(request.headers ?? {}), ...(cookie ? { cookie } : {}) },
        });
        sent += 1;
        if (res.statusCode >= 500) {
          const shown = String(request.payload ?? '').slice(0, 120);
          failures.push(
            `${role} ${request.method} ${String(request.url).slice(0, 120)} ${shown} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
  }

  expect(sent).toBeGreaterThan(1500);
  expect(failures).toEqual([]);
}, 120_000);
