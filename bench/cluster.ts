// Several instances (issue 17, decision 0022): three shop processes on one PostgreSQL database
// behind a small round-robin proxy (node:http, below), under a mixed load of signed-in shoppers
// who browse, search, add to cart and check out; then the same load on one instance alone.
// Reports requests per second, errors, and orders lost or doubled, counted from the database:
// every order the shoppers were told was placed must exist once, and no other order may exist.
// Usage: node bench/cluster.ts [--seconds=60] [--shoppers=30] [--instances=3] [--postgres=postgres://…]
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { freePort, percentile, ROOT, round, sleep, table } from './lib.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const SECONDS = Number(args.seconds ?? 60);
const SHOPPERS = Number(args.shoppers ?? 30);
const INSTANCES = Number(args.instances ?? 3);
const POSTGRES = args.postgres ?? process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SEARCHES = ['garam', 'haldi', 'chaat masala', 'biryani', 'sambar', 'kasuri'];

async function startInstance(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DEMO_MODE: 'true',
      OTP_SENDS_PER_IP_PER_HOUR: '1000000',
      // Behind the proxy, which sets X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error('instance did not start');
}

/** Round-robin over the instances, as a load balancer would (keep-alive to each). */
async function startProxy(targets: string[]): Promise<{ url: string; close(): void }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]!);
    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

class Shopper {
  cookie = '';
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }
  async call<T>(method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
    const res = await fetch(this.base + url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set?.startsWith('sid=')) this.cookie = set.split(';')[0]!;
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json: json as T };
  }
}

async function code(base: string, to: string) {
  const res = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { code: string }[])[0]!.code;
}

async function signUp(base: string, i: number) {
  const s = new Shopper(base);
  const mobile = `9${String(600000000 + i + Math.floor(Math.random() * 1e6) * 100).slice(-9)}`;
  const email = `cluster${mobile}@example.in`;
  await s.call('POST', '/api/auth/otp/send', { mobile });
  await s.call('POST', '/api/auth/otp/verify', { mobile, otp: await code(base, mobile) });
  await s.call('POST', '/api/email/send-otp', { email });
  await s.call('POST', '/api/email/verify-otp', { email, otp: await code(base, email) });
  const created = await s.call('POST', '/api/user/create', {
    firstName: 'Cluster',
    lastName: String(i),
    mobile,
    email,
  });
  if (created.status !== 201) throw new Error(`sign-up: ${created.status}`);
  const addresses = await s.call<{ id: number }[]>('POST', `/api/addresses/${mobile}`, {
    name: 'Cluster Shopper',
    phone: '9876543210',
    pincode: '560001',
    locality: 'Indiranagar',
    addressLine: '1 Test Road',
    city: 'Bengaluru',
    state: 'Karnataka',
  });
  return { s, mobile, addressId: addresses.json[0]!.id };
}

interface Tally {
  requests: number;
  errors: string[];
  latencies: number[];
  placed: string[];
}

/** One shopper's loop until the deadline: browse, search, add to cart, every third round check out. */
async function shop(
  who: Awaited<ReturnType<typeof signUp>>,
  products: { id: number; slug: string; variants: { id: number }[] }[],
  until: number,
  tally: Tally,
) {
  const { s } = who;
  const timed = async <T>(what: string, run: () => Promise<{ status: number; json: T }>, ok: number[]) => {
    const started = performance.now();
    try {
      const answer = await run();
      tally.latencies.push(performance.now() - started);
      tally.requests++;
      if (!ok.includes(answer.status))
        tally.errors.push(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
      return answer;
    } catch (error) {
      tally.requests++;
      tally.errors.push(`${what}: ${(error as Error).message}`);
      return null;
    }
  };
  for (let round = 0; Date.now() < until; round++) {
    const product = products[Math.floor(Math.random() * products.length)]!;
    await timed('browse', () => s.call('GET', `/product/${product.slug}`), [200]);
    await timed('list', () => s.call('GET', '/api/products'), [200]);
    const q = SEARCHES[round % SEARCHES.length]!;
    await timed('search', () => s.call('GET', `/api/products/search?q=${encodeURIComponent(q)}`), [200]);
    await timed(
      'add to cart',
      () =>
        s.call('POST', '/api/cart', {
          productId: product.id,
          variantId: product.variants[0]!.id,
          quantity: 1,
        }),
      [201],
    );
    if (round % 3 !== 2) continue;
    const probe = await timed(
      'quote',
      () =>
        s.call<{ amount: number }>('POST', '/api/payment/create-razorpay-order', {
          amount: 1,
          addressId: who.addressId,
        }),
      [409],
    );
    if (!probe) continue;
    const created = await timed(
      'create order',
      () =>
        s.call<{ orderId: string }>('POST', '/api/payment/create-razorpay-order', {
          amount: probe.json.amount,
          addressId: who.addressId,
        }),
      [200],
    );
    if (created?.status !== 200) continue;
    const paid = await timed(
      'pay',
      () => s.call<Record<string, string>>('POST', `/api/payment/simulated/${created.json.orderId}/pay`),
      [200],
    );
    if (paid?.status !== 200) continue;
    const placed = await timed(
      'place',
      () =>
        s.call<{ orderNumber: string }>('POST', '/api/orders/place', {
          payment: { mode: 'RAZORPAY', ...paid.json },
        }),
      [200, 201],
    );
    if (placed && (placed.status === 200 || placed.status === 201))
      tally.placed.push(placed.json.orderNumber);
  }
}

async function measure(label: string, instances: number) {
  const serverUrl = new URL(POSTGRES);
  const name = `bench_cluster_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const children: ChildProcess[] = [];
  let proxy: { url: string; close(): void } | null = null;
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    // The first boots alone (migrations and the demo seed), then the others join.
    const first = await startInstance(url.toString());
    children.push(first.child);
    const rest = await Promise.all(
      Array.from({ length: instances - 1 }, () => startInstance(url.toString())),
    );
    children.push(...rest.map((r) => r.child));
    proxy = await startProxy([first.url, ...rest.map((r) => r.url)]);
    await db.connect();
    // Stock for every round; checking out is what is measured, not running out.
    await db.query('update product_variants set stock = 1000000');
    await fetch(`${proxy.url}/api/products`);
    const products = (
      (await (await fetch(`${proxy.url}/api/products/active`)).json()) as {
        id: number;
        slug: string;
        variants: { id: number }[];
      }[]
    ).filter((p) => p.variants.length > 0);
    const shoppers = [];
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await signUp(proxy.url, i));
    const before = Number((await db.query('select count(*) from orders')).rows[0].count);
    const tally: Tally = { requests: 0, errors: [], latencies: [], placed: [] };
    const started = Date.now();
    await Promise.all(shoppers.map((s) => shop(s, products, started + SECONDS * 1000, tally)));
    const seconds = (Date.now() - started) / 1000;
    await sleep(500);
    const rows = (await db.query<{ order_number: string }>('select order_number from orders')).rows;
    const inDb = new Map<string, number>();
    for (const r of rows) inDb.set(r.order_number, (inDb.get(r.order_number) ?? 0) + 1);
    const told = new Set(tally.placed);
    const lost = tally.placed.filter((n) => !inDb.has(n)).length;
    // An order the shoppers were not told about, or one order number twice, is a doubled order.
    const doubled =
      rows.length -
      before -
      told.size +
      [...inDb.values()].filter((c) => c > 1).length +
      (tally.placed.length - told.size);
    const sorted = tally.latencies.sort((a, b) => a - b);
    for (const e of tally.errors.slice(0, 5)) console.error(`  ${label}: ${e}`);
    return {
      row: [
        label,
        round(tally.requests / seconds, 0),
        round(tally.placed.length / seconds, 1),
        round(percentile(sorted, 50), 0),
        round(percentile(sorted, 99), 0),
        tally.errors.length,
        lost,
        doubled,
      ],
      rps: tally.requests / seconds,
      clean: tally.errors.length === 0 && lost === 0 && doubled === 0,
    };
  } finally {
    proxy?.close();
    await db.end().catch(() => {});
    await Promise.all(
      children.map(async (c) => {
        if (c.exitCode !== null) return;
        const exited = once(c, 'exit');
        c.kill('SIGTERM');
        await exited;
      }),
    );
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

process.chdir(path.resolve(import.meta.dirname, '..'));
const one = await measure('1 instance', 1);
const many = await measure(`${INSTANCES} instances + proxy`, INSTANCES);
console.log(
  `\nMixed load (browse page, list, search, add to cart; checkout every third round), ${SHOPPERS} signed-in shoppers, ${SECONDS} s, PostgreSQL`,
);
console.log(
  table(
    ['setup', 'req/s', 'orders/s', 'p50 ms', 'p99 ms', 'errors', 'lost orders', 'doubled orders'],
    [one.row, many.row],
  ),
);
console.log(`${INSTANCES} instances vs 1: ${round(many.rps / one.rps, 2)}× the requests per second`);
const clean = one.clean && many.clean;
console.log(
  clean ? 'PASS: no errors, no lost or doubled orders' : 'FAIL: errors or lost/doubled orders (above)',
);
process.exit(clean ? 0 : 1);
