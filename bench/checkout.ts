// (h) Checkout throughput (issue 17): 50 signed-in shoppers buy at once, each in a loop for the
// measured time: add one item to the cart, then the checkout as the storefront's page makes it
// (apps/web/app/routes/checkout.tsx, issue 33): create the payment order at the total it shows,
// pay in the simulated gateway's dialog, read the cart, place the order with the body the page
// sends (buyer, address, lines, price details, payment). Once on the
// embedded PGlite and once on a fresh database on the local PostgreSQL server, each in a shop of
// its own. Reports completed checkouts per second and the checkout's latency (create → placed),
// and checks afterwards that the stock taken equals the orders placed (nothing lost or doubled).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { postgresPids, processCpuSeconds, threadCpuSeconds } from './cpu.ts';
import {
  type Bar,
  fmtInt,
  heading,
  median,
  percentile,
  type RunningServer,
  round,
  sleep,
  startShop,
} from './lib.ts';
import type { LoadSettings } from './load.ts';
import { printProfile, summarizeProfile } from './profile.ts';
import { withFreshDatabase } from './signed-in.ts';

export const CHECKOUT_PG_MIN_PER_SECOND = 300;
export const CHECKOUT_PG_MAX_P99_MS = 200;
export const CHECKOUT_PGLITE_MIN_PER_SECOND = 100;
export const CHECKOUT_PG_MAX_CPU_MS_PER_ORDER = 6;
const SHOPPERS = 50;
const DEMO_ADMIN_MOBILE = '9999900001';

const SHOP_ENV = {
  DEMO_MODE: 'true',
  // Every shopper signs in from 127.0.0.1.
  OTP_SENDS_PER_IP_PER_HOUR: '1000000',
  LOG_LEVEL: 'error',
};

// One keep-alive agent: a shopper's requests follow each other on a kept connection, as a browser's do.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

interface Reply<T> {
  status: number;
  json: T;
  setCookie: string | undefined;
}

function request<T>(base: string, method: string, url: string, cookie: string, body?: unknown) {
  return new Promise<Reply<T>>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(cookie ? { cookie } : {}),
          origin: base,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {}
          const set = res.headers['set-cookie']?.find((c) => c.startsWith('sid='));
          resolve({ status: res.statusCode ?? 0, json: json as T, setCookie: set?.split(';')[0] });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

class Client {
  cookie = '';
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }
  async call<T>(method: string, url: string, body?: unknown, ok: number[] = [200, 201]): Promise<T> {
    const res = await request<T>(this.base, method, url, this.cookie, body);
    if (res.setCookie) this.cookie = res.setCookie;
    if (!ok.includes(res.status))
      throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json;
  }
  async signIn(mobile: string) {
    await this.call('POST', '/api/auth/otp/send', { mobile });
    await this.call('POST', '/api/auth/otp/verify', { mobile, otp: await code(this.base, mobile) });
  }
}

async function code(base: string, to: string): Promise<string> {
  const list = (
    await request<{ code: string }[]>(base, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`, '')
  ).json;
  if (!list[0]?.code) throw new Error(`no code in the outbox for ${to}`);
  return list[0].code;
}

interface Item {
  productId: number;
  variantId: number;
}

interface Address {
  id: number;
  name: string;
  phone: string;
  addressType: string;
  addressLine: string;
  locality: string;
  city: string;
  state: string;
  pincode: string;
}

interface CartLine {
  productId: number;
  productName: string;
  variant: string;
  quantity: number;
  price: number;
  mrp: number;
}

interface Shopper {
  c: Client;
  mobile: string;
  email: string;
  address: Address;
  addressId: number;
  /** The total the checkout page shows for one unit of the item (learnt once, as the page would). */
  amount: number;
}

async function prepareShopper(base: string, item: Item): Promise<Shopper> {
  const c = new Client(base);
  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const email = `checkout${mobile}@example.in`;
  await c.signIn(mobile);
  await c.call('POST', '/api/email/send-otp', { email });
  await c.call('POST', '/api/email/verify-otp', { email, otp: await code(base, email) });
  await c.call('POST', '/api/user/create', { firstName: 'Bench', lastName: 'Shopper', mobile, email });
  const addresses = await c.call<Address[]>('POST', `/api/addresses/${mobile}`, {
    name: 'Bench Shopper',
    phone: '9876543210',
    pincode: '560001',
    locality: 'Indiranagar',
    addressLine: '1 Test Road',
    city: 'Bengaluru',
    state: 'Karnataka',
  });
  const addressId = addresses[0]!.id;
  await c.call('POST', '/api/cart', { ...item, quantity: 1 });
  const probe = await c.call<{ amount: number }>(
    'POST',
    '/api/payment/create-razorpay-order',
    { amount: 1, addressId },
    [409],
  );
  const shopper = { c, mobile, email, address: addresses[0]!, addressId, amount: probe.amount };
  await checkout(shopper); // the first purchase warms this shopper's path; its cart is empty again
  return shopper;
}

/** One checkout as the page makes it; answers its latency in ms (create → placed). */
async function checkout(s: Shopper): Promise<number> {
  const started = performance.now();
  const order = await s.c.call<{ orderId: string; amount: number }>(
    'POST',
    '/api/payment/create-razorpay-order',
    { amount: s.amount, addressId: s.addressId, couponCode: null, gstin: null },
  );
  const paid = await s.c.call<Record<string, string>>(
    'POST',
    `/api/payment/simulated/${encodeURIComponent(order.orderId)}/pay`,
    {},
  );
  const items = await s.c.call<CartLine[]>('GET', `/api/cart/user/${s.mobile}`);
  await s.c.call('POST', '/api/orders/place', placingBody(s, items, order.amount, paid));
  return performance.now() - started;
}

/**
 * The body checkout.tsx's placeOrder sends (the server recomputes every figure and reads only the
 * payment; the rest is sent as the page sends it). `amountPaise`: the payment order's amount.
 */
function placingBody(s: Shopper, items: CartLine[], amountPaise: number, paid: Record<string, string>) {
  const a = s.address;
  const rupees = (n: number) => Math.round(n * 100) / 100;
  const subtotal = rupees(items.reduce((sum, i) => sum + i.price * i.quantity, 0));
  const finalAmount = amountPaise / 100;
  return {
    userName: 'Bench Shopper',
    userMobile: `+91${s.mobile}`,
    userEmail: s.email,
    deliveryAddress: {
      name: a.name,
      phone: a.phone,
      type: a.addressType,
      fullAddress: [a.addressLine, a.locality, a.city, a.state, a.pincode].join(', '),
    },
    orderItems: items.map((i) => ({
      productId: i.productId,
      productName: i.productName,
      variant: i.variant,
      quantity: i.quantity,
      sellingPrice: i.price,
      mrp: i.mrp,
    })),
    priceDetails: {
      totalMrp: rupees(items.reduce((sum, i) => sum + i.mrp * i.quantity, 0)),
      appliedCouponCode: null,
      discount: 0,
      subtotal,
      // Delivery and the platform fee together: the bench does not split what the server decides.
      deliveryCharges: rupees(finalAmount - subtotal),
      platformFee: 0,
      finalAmount,
    },
    payment: { mode: 'RAZORPAY', ...paid },
  };
}

async function emptyCart(s: Shopper) {
  const cart = await s.c.call<{ items: { id: number }[] } | { id: number }[]>(
    'GET',
    `/api/cart/user/${s.mobile}`,
  );
  const lines = Array.isArray(cart) ? cart : cart.items;
  for (const line of lines) await s.c.call('DELETE', `/api/cart/${line.id}`);
}

export interface CheckoutRun {
  database: 'pglite' | 'postgres';
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  checkouts: number;
  errors: number;
  firstError: string | null;
  /** Units taken from stock minus orders placed (0 when nothing was lost or doubled). */
  stockMismatch: number;
  /**
   * CPU milliseconds per checkout in the measured window: the shop, its PostgreSQL backends, and
   * this load generator. Unlike the rate, these barely move when other work shares the machine,
   * so they compare two versions of the code on a busy machine; 2,000 / their sum is the rate
   * two cores could reach.
   */
  cpuMsPerCheckout: { shop: number; database: number; loadGenerator: number; shopMainThread: number };
  /**
   * PostgreSQL only: shop + PostgreSQL CPU ms per order from the start of the measured window until
   * the jobs the orders started (the order message: SMS, e-mail, WhatsApp, the invoice read for
   * it) have all run, divided by the orders placed from the window's start to the end of the load.
   * The bar is on this figure (issue 33: ≤ 6 ms).
   */
  cpuMsPerOrderWithJobs: number | null;
  /** Order-message jobs waiting when the window opened and when the load stopped. */
  jobBacklog: { atStart: number; atEnd: number } | null;
}

/** user+system CPU seconds of the shop, of the PostgreSQL processes serving `database`, and of this process. */
function cpuNow(shopPid: number, database: string | null) {
  let db = 0;
  if (database) {
    for (const pid of postgresPids()) {
      try {
        // A backend's title names its database ("postgres: user db 127.0.0.1(…) idle").
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `))
          db += processCpuSeconds(pid) ?? 0;
      } catch {}
    }
  }
  const self = process.cpuUsage();
  return {
    shop: processCpuSeconds(shopPid) ?? 0,
    // Of which the shop's main thread (the rest: a PGlite worker, libuv's pool, V8's helpers).
    shopMainThread: threadCpuSeconds(shopPid, shopPid) ?? 0,
    database: db,
    loadGenerator: (self.user + self.system) / 1e6,
  };
}

async function variantStock(base: string, item: Item): Promise<number> {
  const products = (
    await request<{ id: number; variants: { id: number; stock: number }[] }[]>(
      base,
      'GET',
      '/api/products',
      '',
    )
  ).json;
  return products.find((p) => p.id === item.productId)!.variants.find((v) => v.id === item.variantId)!.stock;
}

async function runLoad(
  shop: RunningServer,
  database: CheckoutRun['database'],
  settings: LoadSettings,
  databaseUrl?: string,
) {
  const products = (
    await request<{ id: number; active: boolean; variants: { id: number; price: number }[] }[]>(
      shop.url,
      'GET',
      '/api/products',
      '',
    )
  ).json;
  const product = products.find((p) => p.active && p.variants.some((v) => v.price > 0))!;
  const item = { productId: product.id, variantId: product.variants.find((v) => v.price > 0)!.id };
  // Enough stock for every checkout of the run, added as the shop owner would.
  const admin = new Client(shop.url);
  await admin.signIn(DEMO_ADMIN_MOBILE);
  await admin.call('POST', `/api/admin/variants/${item.variantId}/stock`, {
    change: 100_000,
    reason: 'Benchmark stock',
  });
  const shoppers: Shopper[] = [];
  for (let i = 0; i < SHOPPERS; i += 10) {
    shoppers.push(...(await Promise.all(Array.from({ length: 10 }, () => prepareShopper(shop.url, item)))));
  }
  const stockBefore = await variantStock(shop.url, item);
  const measureFrom = performance.now() + settings.warmup * 1000;
  const measureUntil = measureFrom + settings.duration * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let placed = 0;
  const databaseName = database === 'postgres' ? new URL(databaseUrl!).pathname.slice(1) : null;
  let cpuFrom: ReturnType<typeof cpuNow> | null = null;
  let cpuUntil: ReturnType<typeof cpuNow> | null = null;
  let placedAtFrom = 0;
  const jobs = databaseUrl ? await orderJobsGauge(databaseUrl) : null;
  let backlogAtStart: Promise<number> | null = null;
  const cpuTimers = [
    setTimeout(() => {
      cpuFrom = cpuNow(shop.pid, databaseName);
      placedAtFrom = placed;
      backlogAtStart = jobs?.waiting() ?? null;
    }, measureFrom - performance.now()),
    setTimeout(() => (cpuUntil = cpuNow(shop.pid, databaseName)), measureUntil - performance.now()),
  ];
  await Promise.all(
    shoppers.map(async (s) => {
      while (performance.now() < measureUntil) {
        try {
          await s.c.call('POST', '/api/cart', { ...item, quantity: 1 });
          const ms = await checkout(s);
          placed++;
          const done = performance.now();
          if (done >= measureFrom && done < measureUntil) latencies.push(ms);
        } catch (error) {
          errors++;
          firstError ??= (error as Error).message;
          // The cart may hold the unit still; empty it so the next round's total is the same.
          await emptyCart(s).catch(() => {});
          await sleep(100);
        }
      }
    }),
  );
  cpuTimers.forEach(clearTimeout);
  // The order messages still queued run now; their CPU is the orders' too.
  const placedAtEnd = placed;
  const backlogAtEnd = jobs ? await jobs.waiting() : 0;
  if (jobs) await jobs.drained();
  const cpuDrained = jobs ? cpuNow(shop.pid, databaseName) : null;
  await jobs?.close();
  const perCheckout = (k: 'shop' | 'database' | 'loadGenerator' | 'shopMainThread') =>
    cpuFrom && cpuUntil && latencies.length > 0
      ? round((1000 * (cpuUntil[k] - cpuFrom[k])) / latencies.length, 2)
      : 0;
  await sleep(500);
  const stockAfter = await variantStock(shop.url, item);
  latencies.sort((a, b) => a - b);
  const run: CheckoutRun = {
    database,
    perSecond: round(latencies.length / settings.duration, 1),
    p50Ms: round(percentile(latencies, 50), 0),
    p99Ms: round(percentile(latencies, 99), 0),
    checkouts: latencies.length,
    errors,
    firstError,
    stockMismatch: stockBefore - stockAfter - placed,
    cpuMsPerOrderWithJobs:
      cpuFrom && cpuDrained && placedAtEnd > placedAtFrom
        ? round(
            (1000 *
              (cpuDrained.shop -
                (cpuFrom as ReturnType<typeof cpuNow>).shop +
                cpuDrained.database -
                (cpuFrom as ReturnType<typeof cpuNow>).database)) /
              (placedAtEnd - placedAtFrom),
            2,
          )
        : null,
    jobBacklog: jobs ? { atStart: (await backlogAtStart) ?? 0, atEnd: backlogAtEnd } : null,
    cpuMsPerCheckout: {
      shop: perCheckout('shop'),
      database: perCheckout('database'),
      loadGenerator: perCheckout('loadGenerator'),
      shopMainThread: perCheckout('shopMainThread'),
    },
  };
  const cpu = run.cpuMsPerCheckout;
  console.log(
    `  ${database}: ${fmtInt(run.perSecond)} checkouts/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms ` +
      `(${run.checkouts} in ${settings.duration} s; errors ${errors}${firstError ? `, first: ${firstError}` : ''}; ` +
      `stock taken − orders placed: ${run.stockMismatch})`,
  );
  console.log(
    `    CPU per checkout: shop ${cpu.shop} ms (main thread ${cpu.shopMainThread} ms), PostgreSQL ${cpu.database} ms, load generator ${cpu.loadGenerator} ms ` +
      `(two cores allow ${fmtInt(2000 / Math.max(0.01, cpu.shop + cpu.database + cpu.loadGenerator))}/s)`,
  );
  if (run.cpuMsPerOrderWithJobs !== null)
    console.log(
      `    shop + PostgreSQL CPU per order with its jobs run: ${run.cpuMsPerOrderWithJobs} ms ` +
        `(order-message jobs queued at the window's start ${run.jobBacklog?.atStart}, at the load's end ${run.jobBacklog?.atEnd})`,
    );
  return run;
}

/** The order-message jobs waiting on the shop's PostgreSQL database, read beside the shop. */
async function orderJobsGauge(databaseUrl: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const waiting = async () =>
    (
      await client.query<{ n: number }>(
        "select count(*)::int as n from jobs where name = 'order-message' and status in ('queued', 'running')",
      )
    ).rows[0]!.n;
  return {
    waiting,
    async drained() {
      const until = performance.now() + 120_000;
      while ((await waiting()) > 0) {
        if (performance.now() > until)
          throw new Error('order messages still queued 2 minutes after the load');
        await sleep(100);
      }
    },
    close: () => client.end(),
  };
}

async function withShop<T>(
  buildDir: string,
  env: Record<string, string>,
  name: string,
  profileDir: string | undefined,
  run: (shop: RunningServer) => Promise<T>,
): Promise<T> {
  const dir = profileDir && path.join(profileDir, name);
  if (dir) mkdirSync(dir, { recursive: true });
  const shop = await startShop({
    buildDir,
    env: { ...SHOP_ENV, ...env },
    logName: `${name}.log`,
    ...(dir ? { profileDir: dir } : {}),
  });
  try {
    return await run(shop);
  } finally {
    await shop.stop();
    const file = dir && readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (dir && file) {
      heading(`CPU profile of the ${name} shop`);
      printProfile(summarizeProfile(path.join(dir, file), 25, shop.readyAfterMs));
    }
  }
}

export async function benchCheckout(
  buildDir: string,
  settings: LoadSettings,
  postgresServer: string,
  profileDir?: string,
): Promise<{ result: CheckoutRun[]; bars: Bar[] }> {
  heading(`(h) checkout: ${SHOPPERS} shoppers each adding an item and buying it, in a loop`);
  const runs: CheckoutRun[] = [];
  runs.push(
    await withShop(buildDir, { DATABASE_URL: 'memory://' }, 'checkout-pglite', profileDir, (shop) =>
      runLoad(shop, 'pglite', settings),
    ),
  );
  runs.push(
    await withFreshDatabase(postgresServer, (url) =>
      withShop(buildDir, { DATABASE_URL: url }, 'checkout-postgres', profileDir, (shop) =>
        runLoad(shop, 'postgres', settings, url),
      ),
    ),
  );
  const clean = (r: CheckoutRun) => r.errors === 0 && r.stockMismatch === 0;
  const detail = (r: CheckoutRun) =>
    `${fmtInt(r.perSecond)}/s, p99 ${r.p99Ms} ms, errors ${r.errors}, stock − orders ${r.stockMismatch}`;
  const [pglite, postgres] = runs as [CheckoutRun, CheckoutRun];
  const bars: Bar[] = [
    {
      benchmark: 'checkout',
      name: 'Checkout on PostgreSQL, 50 shoppers',
      target: `≥ ${CHECKOUT_PG_MIN_PER_SECOND}/s, p99 ≤ ${CHECKOUT_PG_MAX_P99_MS} ms`,
      measured: detail(postgres),
      pass:
        clean(postgres) &&
        postgres.perSecond >= CHECKOUT_PG_MIN_PER_SECOND &&
        postgres.p99Ms <= CHECKOUT_PG_MAX_P99_MS,
    },
    {
      benchmark: 'checkout',
      name: 'Checkout on PostgreSQL: shop + PostgreSQL CPU per order, its jobs included',
      target: `≤ ${CHECKOUT_PG_MAX_CPU_MS_PER_ORDER} ms`,
      measured: `${postgres.cpuMsPerOrderWithJobs ?? '?'} ms (in the window alone: shop ${postgres.cpuMsPerCheckout.shop} + PostgreSQL ${postgres.cpuMsPerCheckout.database} ms)`,
      pass:
        clean(postgres) &&
        postgres.cpuMsPerOrderWithJobs !== null &&
        postgres.cpuMsPerOrderWithJobs <= CHECKOUT_PG_MAX_CPU_MS_PER_ORDER,
    },
    {
      benchmark: 'checkout',
      name: 'Checkout on PGlite, 50 shoppers',
      target: `≥ ${CHECKOUT_PGLITE_MIN_PER_SECOND}/s`,
      measured: detail(pglite),
      pass: clean(pglite) && pglite.perSecond >= CHECKOUT_PGLITE_MIN_PER_SECOND,
    },
  ];
  return { result: runs, bars };
}

export interface PgliteWorkerRun extends CheckoutRun {
  placement: 'thread' | 'worker';
  startedAt: string;
  /** The 1-minute load average as the run started (the machine is shared). */
  loadAverage: number;
}

/**
 * `npm run bench -- pglite-worker`: the PGlite checkout with the database in the shop's thread
 * (PGLITE_WORKER=false) and on its worker thread, alternating A/B/A/B (--rounds pairs), so both
 * see the same moments of a shared machine (decision 0025).
 */
export async function benchPgliteWorker(
  buildDir: string,
  settings: LoadSettings,
  profileDir?: string,
): Promise<{ result: PgliteWorkerRun[]; bars: Bar[] }> {
  heading(`(h') checkout on PGlite, ${SHOPPERS} shoppers: in the shop's thread vs on a worker, alternating`);
  const runs: PgliteWorkerRun[] = [];
  for (let pair = 1; pair <= settings.rounds; pair++) {
    for (const placement of ['thread', 'worker'] as const) {
      const startedAt = new Date().toISOString();
      const loadAverage = round(os.loadavg()[0]!, 2);
      console.log(`  round ${pair}, ${placement} (${startedAt}, load average ${loadAverage})`);
      const env = { DATABASE_URL: 'memory://', PGLITE_WORKER: placement === 'worker' ? 'true' : 'false' };
      const run = await withShop(buildDir, env, `checkout-pglite-${placement}-${pair}`, profileDir, (shop) =>
        runLoad(shop, 'pglite', settings),
      );
      runs.push({ ...run, placement, startedAt, loadAverage });
    }
  }
  const of = (placement: PgliteWorkerRun['placement']) => runs.filter((r) => r.placement === placement);
  const summary = (placement: PgliteWorkerRun['placement']) => {
    const mine = of(placement);
    const cpu = (k: keyof CheckoutRun['cpuMsPerCheckout']) => median(mine.map((r) => r.cpuMsPerCheckout[k]));
    return (
      `median ${fmtInt(median(mine.map((r) => r.perSecond)))}/s (${mine.map((r) => r.perSecond).join(', ')}), ` +
      `p99 median ${fmtInt(median(mine.map((r) => r.p99Ms)))} ms, shop CPU per checkout ${round(cpu('shop'), 1)} ms ` +
      `(main thread ${round(cpu('shopMainThread'), 1)} ms), load generator ${round(cpu('loadGenerator'), 1)} ms`
    );
  };
  console.log(`  in the shop's thread: ${summary('thread')}`);
  console.log(`  on a worker:          ${summary('worker')}`);
  const clean = runs.every((r) => r.errors === 0 && r.stockMismatch === 0);
  const worker = median(of('worker').map((r) => r.perSecond));
  return {
    result: runs,
    bars: [
      {
        benchmark: 'pglite-worker',
        name: 'Checkout on PGlite on a worker, 50 shoppers (median)',
        target: `≥ ${CHECKOUT_PGLITE_MIN_PER_SECOND}/s`,
        measured: `${summary('worker')}; in-thread ${summary('thread')}`,
        pass: clean && worker >= CHECKOUT_PGLITE_MIN_PER_SECOND,
      },
    ],
  };
}
