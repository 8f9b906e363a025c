// (g) Signed-in shoppers (issue 17): the per-shopper API reads and the pages a signed-in shopper
// gets, measured side by side in one run.
//
// - API reads (cart, addresses, orders list, me) on PostgreSQL against bench/floor-server.ts
//   (node:http + pg running the same SQL on the same database, same pool size); bar ≥ 80%.
// - The same reads on the embedded PGlite (memory://) at 50 connections: p99 ≤ 50 ms, no errors.
// - The signed-in product page and home (PGlite shop) against a bare server sending the same
//   HTML; bar ≥ 20%.
//
// Each shop gets one shopper made through the public API (login code from the demo outbox,
// signup, an address, an order, two cart lines); every request carries that shopper's session.
import {
  type Bar,
  fetchRaw,
  fmtInt,
  heading,
  type RunningServer,
  startBareServer,
  startFloorServer,
  startShop,
} from './lib.ts';
import { type CannonSummary, type Comparison, cannon, compareThroughput, type LoadSettings } from './load.ts';
import { disturbanceNote, printComparison } from './report.ts';

export const SIGNED_IN_API_MIN_RATIO = 0.8;
export const SIGNED_IN_PGLITE_MAX_P99_MS = 50;
export const SIGNED_IN_PAGE_MIN_RATIO = 0.2;

export const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

const SHOP_ENV = {
  DEMO_MODE: 'true',
  // The shopper signs in from 127.0.0.1 like every other bench client.
  OTP_SENDS_PER_IP_PER_HOUR: '1000000',
};

export interface Shopper {
  mobile: string;
  cookie: string;
}

async function call<T>(
  base: string,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: T; cookie: string }> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.get('set-cookie');
  return {
    status: res.status,
    json: (await res.json().catch(() => null)) as T,
    cookie: set?.startsWith('sid=') ? set.split(';')[0]! : cookie,
  };
}

async function outboxCode(base: string, to: string): Promise<string> {
  const res = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const list = (await res.json()) as { code: string }[];
  if (!list[0]?.code) throw new Error(`no code in the outbox for ${to}`);
  return list[0].code;
}

/** A shopper with an account, an address, one placed order and two lines in the cart. */
export async function makeShopper(base: string): Promise<Shopper> {
  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const email = `bench${mobile}@example.in`;
  let cookie = '';
  const step = async <T>(method: string, url: string, body?: unknown, ok = [200, 201]) => {
    const res = await call<T>(base, cookie, method, url, body);
    cookie = res.cookie;
    if (!ok.includes(res.status))
      throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json;
  };
  await step('POST', '/api/auth/otp/send', { mobile });
  await step('POST', '/api/auth/otp/verify', { mobile, otp: await outboxCode(base, mobile) });
  await step('POST', '/api/email/send-otp', { email });
  await step('POST', '/api/email/verify-otp', { email, otp: await outboxCode(base, email) });
  await step('POST', '/api/user/create', { firstName: 'Bench', lastName: 'Shopper', mobile, email });
  const addresses = await step<{ id: number }[]>('POST', `/api/addresses/${mobile}`, {
    name: 'Bench Shopper',
    phone: '9876543210',
    pincode: '560001',
    locality: 'Indiranagar',
    addressLine: '1 Test Road',
    city: 'Bengaluru',
    state: 'Karnataka',
  });
  const products = (await (await fetch(`${base}/api/products`)).json()) as {
    id: number;
    active: boolean;
    variants: { id: number; stock: number; price: number }[];
  }[];
  const lines = products
    .filter((p) => p.active)
    .flatMap((p) => p.variants.filter((v) => v.stock > 5 && v.price > 0).map((v) => ({ p, v })))
    .slice(0, 3);
  if (lines.length < 3) throw new Error('the demo catalogue has too few products in stock');
  // One order (cash on delivery, the simulated gateway's path is the checkout bench's).
  await step('POST', '/api/cart', { productId: lines[0]!.p.id, variantId: lines[0]!.v.id, quantity: 1 });
  const addressId = addresses[0]!.id;
  const probe = await call<{ amount: number }>(base, cookie, 'POST', '/api/orders/place-cod', {
    addressId,
    amount: 0,
  });
  await step('POST', '/api/orders/place-cod', { addressId, amount: probe.json.amount });
  for (const line of lines.slice(1)) {
    await step('POST', '/api/cart', { productId: line.p.id, variantId: line.v.id, quantity: 1 });
  }
  return { mobile, cookie };
}

export function readPaths(mobile: string): { name: string; path: string }[] {
  return [
    { name: 'cart', path: `/api/cart/user/${mobile}` },
    { name: 'addresses', path: `/api/addresses/${mobile}` },
    { name: 'orders', path: `/api/orders/customer/${mobile}` },
    { name: 'me', path: '/api/auth/me' },
  ];
}

/** A fresh database on the PostgreSQL server for one run, dropped afterwards. */
export async function withFreshDatabase<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const name = `bench_signed_in_${Date.now()}`;
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

export interface SignedInResult {
  postgres: { name: string; path: string; comparison: Comparison }[];
  pglite: { name: string; path: string; run: CannonSummary }[];
  pages: { name: string; path: string; htmlBytes: number; comparison: Comparison }[];
}

async function checkRead(server: RunningServer, path: string, cookie: string) {
  const res = await fetchRaw(`${server.url}${path}`, 10_000, undefined, { cookie });
  if (res.status !== 200) throw new Error(`${server.name} GET ${path} answered ${res.status}: ${res.body}`);
  return res;
}

export async function benchSignedIn(
  pgliteShop: RunningServer,
  buildDir: string,
  settings: LoadSettings,
  slug: string,
  postgresServer: string,
): Promise<{ result: SignedInResult; bars: Bar[] }> {
  const result: SignedInResult = { postgres: [], pglite: [], pages: [] };
  const bars: Bar[] = [];
  const pct = (r: number) => `${(r * 100).toFixed(1)}%`;

  heading('(g) signed-in API reads on PostgreSQL — shop vs node:http + pg running the same queries');
  await withFreshDatabase(postgresServer, async (databaseUrl) => {
    const shop = await startShop({
      buildDir,
      env: { ...SHOP_ENV, DATABASE_URL: databaseUrl },
      logName: 'shop-postgres.log',
    });
    let floor: RunningServer | undefined;
    try {
      const shopper = await makeShopper(shop.url);
      floor = await startFloorServer(databaseUrl);
      for (const { name, path } of readPaths(shopper.mobile)) {
        await checkRead(shop, path, shopper.cookie);
        await checkRead(floor, path, shopper.cookie);
        const comparison = await compareThroughput(
          `signed-in ${name}`,
          path,
          { shop, bare: floor },
          settings,
          { cookie: shopper.cookie },
        );
        printComparison(`GET ${path} -c ${settings.connections} (PostgreSQL)`, 'shop (Fastify)', comparison);
        result.postgres.push({ name, path, comparison });
        bars.push({
          benchmark: 'signed-in',
          name: `Signed-in ${name} on PostgreSQL vs floor`,
          target: `≥ ${SIGNED_IN_API_MIN_RATIO * 100}%`,
          measured: `${pct(comparison.ratio)} (${fmtInt(comparison.shopReqPerSec)} / ${fmtInt(comparison.bareReqPerSec)} req/s; p99 ${comparison.shopP99Ms} / ${comparison.bareP99Ms} ms${disturbanceNote(comparison)})`,
          pass: comparison.problems.length === 0 && comparison.ratio >= SIGNED_IN_API_MIN_RATIO,
        });
      }
    } finally {
      await floor?.stop();
      await shop.stop();
    }
  });

  heading('(g) signed-in API reads on embedded PGlite — p99 at 50 connections');
  const shopper = await makeShopper(pgliteShop.url);
  for (const { name, path } of readPaths(shopper.mobile)) {
    await checkRead(pgliteShop, path, shopper.cookie);
    const run = await cannon(`signed-in ${name} pglite`, pgliteShop, path, settings, {
      cookie: shopper.cookie,
    });
    result.pglite.push({ name, path, run });
    const problems = run.errors + run.timeouts + run.non2xx;
    bars.push({
      benchmark: 'signed-in',
      name: `Signed-in ${name} on PGlite p99`,
      target: `≤ ${SIGNED_IN_PGLITE_MAX_P99_MS} ms, no errors`,
      measured: `${run.latencyMs.p99} ms (${fmtInt(run.reqPerSec)} req/s, ${problems} errors/non-2xx${run.disturbed ? '; disturbed by other programs' : ''})`,
      pass: problems === 0 && run.requests > 0 && run.latencyMs.p99 <= SIGNED_IN_PGLITE_MAX_P99_MS,
    });
  }

  heading('(g) signed-in pages (PGlite shop) — shop vs bare server sending the same HTML');
  for (const { name, path } of [
    { name: 'product page', path: `/product/${slug}` },
    { name: 'home', path: '/' },
  ]) {
    const real = await checkRead(pgliteShop, path, shopper.cookie);
    const html = real.body.toString('utf8');
    if (!html.includes('</html>')) throw new Error(`GET ${path} did not answer a full HTML document`);
    // The page must really be the signed-in one (the header offers the profile, not the login).
    if (!html.includes('href="/profile"')) throw new Error(`GET ${path} with the session is not signed in`);
    const contentType = String(real.headers['content-type'] ?? 'text/html');
    const bare = await startBareServer(`signed-in-${name.replace(/\W+/g, '-')}`, real.body, contentType);
    try {
      const comparison = await compareThroughput(
        `signed-in ${name}`,
        path,
        { shop: pgliteShop, bare },
        settings,
        { cookie: shopper.cookie },
      );
      printComparison(`${path} signed in -c ${settings.connections}`, 'shop (SSR)', comparison);
      result.pages.push({ name, path, htmlBytes: real.body.length, comparison });
      bars.push({
        benchmark: 'signed-in',
        name: `Signed-in ${name} vs bare server`,
        target: `≥ ${SIGNED_IN_PAGE_MIN_RATIO * 100}%`,
        measured: `${pct(comparison.ratio)} (${fmtInt(comparison.shopReqPerSec)} / ${fmtInt(comparison.bareReqPerSec)} req/s; p99 ${comparison.shopP99Ms} ms${disturbanceNote(comparison)})`,
        pass: comparison.problems.length === 0 && comparison.ratio >= SIGNED_IN_PAGE_MIN_RATIO,
      });
    } finally {
      await bare.stop();
    }
  }
  return { result, bars };
}
