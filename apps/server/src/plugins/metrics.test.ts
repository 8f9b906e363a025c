// GET /metrics (issue 41): absent without METRICS_TOKEN, 401 without the bearer token, and with it
// a Prometheus text exposition that parses line by line and carries the shop's figures: requests
// by route and status with latency buckets, orders by payment mode, payments by fate, jobs by
// state and age, messages by channel and outcome, the database pool, the event loop's lag.
import { ProductList } from '@spice/shared/contracts/catalog';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../test/commerce.ts';
import { signUp } from '../test/shoppers.ts';
import { bearerMatches, LATENCY_BUCKETS, RequestLatency } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses the text exposition format (version 0.0.4); throws on any line it does not recognise.
 * Values as Prometheus reads them (Go's ParseFloat: prom-client writes an empty mean as `Nan`).
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][\w:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][\w:]* .*$/.test(line)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (-?[\d.e+-]+|[Nn][Aa][Nn]|\+Inf|-Inf)(?: \d+)?$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return { samples, types };
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('without METRICS_TOKEN', () => {
  it('has no /metrics route at all', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(res.body);
  };

  it('answers 401 without the token or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
  });

  it('reports requests, orders, payments, jobs, messages, the pool and the event loop', async () => {
    const before = await scrape();
    expect(before.types.get('http_request_duration_seconds')).toBe('histogram');
    const products = ProductList.parse((await t.app.inject('/api/products')).json()).filter((p) => p.active);
    await t.app.inject('/api/products');
    await t.app.inject('/api/products/999999');
    const s = await signUp(t.app, '7310000001');
    const addressId = await addAddress(s);
    await addToCart(s, products[0]!.id, products[0]!.variants[0]!.weight, 2);
    const created = await createPaymentOrder(s, addressId);
    const { placed } = await payAndPlace(s, created.json().orderId);
    expect([200, 201], placed.body).toContain(placed.statusCode);

    const { samples, types } = await scrape();
    const count = (labels: Record<string, string>) =>
      value(samples, 'http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/products', status: '200' })).toBe(2);
    // By route pattern, never the raw URL (bounded label values).
    expect(samples.some((x) => x.labels.route?.includes('999999'))).toBe(false);
    const buckets = samples.filter(
      (x) =>
        x.name === 'http_request_duration_seconds_bucket' &&
        x.labels.route === '/api/products' &&
        x.labels.status === '200',
    );
    expect(buckets.map((b) => b.labels.le)).toContain('+Inf');
    expect(buckets.find((b) => b.labels.le === '+Inf')!.value).toBe(2);
    // Cumulative buckets never decrease.
    expect(buckets.map((b) => b.value)).toEqual([...buckets.map((b) => b.value)].sort((a, b) => a - b));

    expect(value(samples, 'shop_orders_placed', { payment_mode: 'RAZORPAY' })).toBe(1);
    expect(value(samples, 'shop_orders_placed', { payment_mode: 'COD' })).toBe(0);
    expect(value(samples, 'shop_payments', { fate: 'placed' })).toBe(1);
    expect(value(samples, 'shop_payments', { fate: 'refunded' })).toBe(0);
    // The order's placement enqueued its messages; nothing ran them yet.
    expect(value(samples, 'shop_jobs', { state: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'shop_jobs_oldest_age_seconds', { state: 'queued' })).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'shop_jobs', { state: 'dead' })).toBe(0);
    // The login code by SMS and the e-mail code went through the messenger.
    expect(value(samples, 'shop_messages_total', { channel: 'sms', outcome: 'sent' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      value(samples, 'shop_messages_total', { channel: 'email', outcome: 'sent' }),
    ).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'shop_db_pool_connections', { state: 'max' })).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'shop_metrics_database_read_ok')).toBe(1);
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(value(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);

    // After the worker runs the jobs, the messages are counted and the queue is empty of due work.
    await t.app.jobWorker.runDue();
    const after = (await scrape()).samples;
    expect(value(after, 'shop_jobs', { state: 'queued' })).toBeLessThanOrEqual(
      value(samples, 'shop_jobs', { state: 'queued' })!,
    );
    expect(
      value(after, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/metrics',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(2);
  }, 120_000);
});

it('counts a message the provider refused as failed', async () => {
  const t = await createTestApp({
    seed: false,
    env: {
      METRICS_TOKEN: TOKEN,
      DEMO_MODE: 'true',
      SMTP_URL: 'smtp://127.0.0.1:9',
      MESSAGE_TIMEOUT_MS: '500',
    },
  });
  try {
    await expect(
      t.app.services.messenger.send({ channel: 'email', to: 'a@example.in', subject: 'x', text: 'x' }),
    ).rejects.toThrow();
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const { samples } = parseExposition(res.body);
    expect(value(samples, 'shop_messages_total', { channel: 'email', outcome: 'failed' })).toBe(1);
  } finally {
    await t.close();
  }
}, 60_000);

it('compares the bearer token exactly', () => {
  expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
  expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
  expect(bearerMatches(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
  expect(bearerMatches(undefined, TOKEN)).toBe(false);
  expect(bearerMatches('Bearer', TOKEN)).toBe(false);
});

describe('the request latency histogram', () => {
  it('puts a latency on a bucket bound into that bucket, and counts every request once', () => {
    const latency = new RequestLatency();
    latency.observe('GET', '/product/:slug', 200, 0.005);
    latency.observe('GET', '/product/:slug', 200, 0.0051);
    latency.observe('GET', undefined, 404, 20);
    const { samples } = parseExposition(latency.exposition());
    const bucket = (le: string, route = '/product/:slug') =>
      value(samples, 'http_request_duration_seconds_bucket', { le, route });
    expect([bucket('0.0025'), bucket('0.005'), bucket('0.01'), bucket('+Inf')]).toEqual([0, 1, 2, 2]);
    expect(value(samples, 'http_request_duration_seconds_sum', { route: '/product/:slug' })).toBeCloseTo(
      0.0101,
    );
    expect(bucket('10', 'unmatched')).toBe(0);
    expect(bucket('+Inf', 'unmatched')).toBe(1);
  });

  it('writes cumulative buckets whose +Inf equals the count, for any latencies', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 30, noNaN: true }), { maxLength: 200 }), (latencies) => {
        const latency = new RequestLatency();
        for (const s of latencies) latency.observe('POST', '/api/cart', 201, s);
        const { samples } = parseExposition(latency.exposition());
        const buckets = samples.filter((s) => s.name === 'http_request_duration_seconds_bucket');
        if (latencies.length === 0) {
          expect(buckets).toEqual([]);
          return;
        }
        expect(buckets.map((b) => b.labels.le)).toEqual([...LATENCY_BUCKETS.map(String), '+Inf']);
        LATENCY_BUCKETS.forEach((le, i) => {
          expect(buckets[i]!.value).toBe(latencies.filter((s) => s <= le).length);
        });
        expect(buckets.at(-1)!.value).toBe(latencies.length);
        expect(value(samples, 'http_request_duration_seconds_count')).toBe(latencies.length);
      }),
    );
  });
});
