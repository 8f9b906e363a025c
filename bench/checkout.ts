// Checkout throughput: 50 shoppers at once each create a payment order, pay in the simulated
// gateway and place the order (three requests, several rows changed in transactions), on the
// embedded PGlite and on PostgreSQL. Reports checkouts per second and per-checkout latency.
// Usage: node bench/checkout.ts [--rounds=3] [--shoppers=50] [--postgres=postgres://…]
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, percentile, ROOT, round, sleep, table } from './lib.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const SHOPPERS = Number(args.shoppers ?? 50);
const ROUNDS = Number(args.rounds ?? 3);
const POSTGRES = args.postgres ?? process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Shop {
  url: string;
  stop(): void;
}

async function startShop(databaseUrl: string): Promise<Shop> {
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
      // A demo on PostgreSQL: shoppers read their codes from the outbox and pay the simulated gateway.
      DEMO_MODE: 'true',
      // Every shopper signs in from 127.0.0.1.
      OTP_SENDS_PER_IP_PER_HOUR: '1000000',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {}
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`shop on ${databaseUrl} did not start`);
}

class Client {
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
    return { status: res.status, json: (await res.json().catch(() => null)) as T };
  }
}

async function code(base: string, to: string) {
  const list = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as {
    code: string;
  }[];
  return list[0]!.code;
}

async function prepareShopper(base: string, i: number, productId: number, variantId: number) {
  const c = new Client(base);
  const mobile = `9${String(700000000 + i + Math.floor(Math.random() * 1e6) * 100).slice(-9)}`;
  const email = `bench${mobile}@example.in`;
  await c.call('POST', '/api/auth/otp/send', { mobile });
  await c.call('POST', '/api/auth/otp/verify', { mobile, otp: await code(base, mobile) });
  await c.call('POST', '/api/email/send-otp', { email });
  await c.call('POST', '/api/email/verify-otp', { email, otp: await code(base, email) });
  await c.call('POST', '/api/user/create', { firstName: 'Bench', lastName: String(i), mobile, email });
  const addresses = await c.call<{ id: number }[]>('POST', `/api/addresses/${mobile}`, {
    name: 'Bench Shopper',
    phone: '9876543210',
    pincode: '560001',
    locality: 'Indiranagar',
    addressLine: '1 Test Road',
    city: 'Bengaluru',
    state: 'Karnataka',
  });
  return { c, mobile, addressId: addresses.json[0]!.id, productId, variantId };
}

type Prepared = Awaited<ReturnType<typeof prepareShopper>>;

async function checkout(s: Prepared): Promise<number> {
  const added = await s.c.call('POST', '/api/cart', {
    productId: s.productId,
    variantId: s.variantId,
    quantity: 1,
  });
  if (added.status !== 201) throw new Error(`add to cart: ${added.status}`);
  const started = performance.now();
  const probe = await s.c.call<{ amount: number }>('POST', '/api/payment/create-razorpay-order', {
    amount: 1,
    addressId: s.addressId,
  });
  const created = await s.c.call<{ orderId: string }>('POST', '/api/payment/create-razorpay-order', {
    amount: probe.json.amount,
    addressId: s.addressId,
  });
  if (created.status !== 200)
    throw new Error(`create order: ${created.status} ${JSON.stringify(created.json)}`);
  const paid = await s.c.call<Record<string, string>>(
    'POST',
    `/api/payment/simulated/${created.json.orderId}/pay`,
  );
  const placed = await s.c.call('POST', '/api/orders/place', { payment: { mode: 'RAZORPAY', ...paid.json } });
  if (placed.status !== 200) throw new Error(`place: ${placed.status}`);
  return performance.now() - started;
}

async function measure(label: string, databaseUrl: string) {
  const shop = await startShop(databaseUrl);
  try {
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as {
      id: number;
      active: boolean;
      variants: { id: number; stock: number }[];
    }[];
    // The variant with the most stock, so every round can buy.
    const candidates = products.filter((p) => p.active).flatMap((p) => p.variants.map((v) => ({ p, v })));
    const { p, v } = candidates.sort((a, b) => b.v.stock - a.v.stock)[0]!;
    if (v.stock < SHOPPERS * ROUNDS)
      throw new Error(`not enough stock (${v.stock}) for ${SHOPPERS * ROUNDS} checkouts`);
    const shoppers: Prepared[] = [];
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await prepareShopper(shop.url, i, p.id, v.id));
    const rounds: { perSecond: number; p50: number; p99: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const started = performance.now();
      const latencies = (await Promise.all(shoppers.map(checkout))).sort((a, b) => a - b);
      const seconds = (performance.now() - started) / 1000;
      rounds.push({
        perSecond: SHOPPERS / seconds,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
      });
    }
    const best = rounds.sort((a, b) => b.perSecond - a.perSecond)[0]!;
    return [label, round(best.perSecond, 1), round(best.p50, 0), round(best.p99, 0)];
  } finally {
    shop.stop();
    await sleep(500);
  }
}

/** A fresh database on the server for one run, dropped afterwards. */
async function withFreshDatabase<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const name = `bench_checkout_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main() {
  const rows = [await measure('PGlite (memory://)', 'memory://')];
  try {
    rows.push(await withFreshDatabase(POSTGRES, (url) => measure('PostgreSQL 15 (local)', url)));
  } catch (error) {
    console.error(`PostgreSQL run skipped: ${(error as Error).message}`);
  }
  console.log(
    `\nCheckout: ${SHOPPERS} concurrent shoppers, create order + pay + place, best of ${ROUNDS} rounds`,
  );
  console.log(table(['database', 'checkouts/s', 'p50 ms', 'p99 ms'], rows));
}

process.chdir(path.resolve(import.meta.dirname, '..'));
await main();
process.exit(0);
