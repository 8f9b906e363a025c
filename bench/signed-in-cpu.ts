// CPU per request of the signed-in product page and home, in-process (issue 17): the shop as
// bench/start-shop.ts boots it (production build, PGlite in memory, demo data), one shopper made
// through the public API, then Fastify `inject` requests timed with process.cpuUsage, interleaved
// with the public (signed-out, cached) product page as a reference. No sockets, no load generator:
// what it shows is the shop's own work per request, the part the signed-in bar depends on.
//
//   node bench/signed-in-cpu.ts [--rounds=5] [--requests=400] [--product=<slug>] [--build=<dir>]
//
// Run it under `node --cpu-prof --cpu-prof-dir=<dir>` (then `node bench/profile.ts <file>`) to see
// where that CPU goes.
import { parseArgs } from 'node:util';
import { ROOT } from './lib.ts';
import { makeShopper } from './signed-in.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    requests: { type: 'string', default: '400' },
    product: { type: 'string', default: 'garam-masala' },
    build: { type: 'string', default: `${ROOT}/apps/web/build` },
  },
});
const rounds = Number(values.rounds);
const requests = Number(values.requests);

Object.assign(process.env, {
  NODE_ENV: 'production',
  DATABASE_URL: 'memory://',
  DEMO_MODE: 'true',
  OTP_SENDS_PER_IP_PER_HOUR: '1000000',
  LOG_LEVEL: 'warn',
  JOBS_WORKER: 'false',
});
const { loadConfig } = await import('../apps/server/src/plugins/config.ts');
const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { migrateAndSeed } = await import('../apps/server/src/db/boot.ts');
const { buildApp } = await import('../apps/server/src/app.ts');
const { productionStorefront, registerStorefront } = await import('../apps/server/src/plugins/storefront.ts');

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL);
await migrateAndSeed(database, { seed: true });
const app = await buildApp({
  config,
  database,
  logger: { level: 'warn' },
  storefront: registerStorefront(productionStorefront(values.build)),
  onClose: () => database.close(),
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const shopper = await makeShopper(base);

const cases = [
  { name: 'signed-in product page', url: `/product/${values.product}`, cookie: shopper.cookie },
  { name: 'signed-in home', url: '/', cookie: shopper.cookie },
  { name: 'public product page (cached)', url: `/product/${values.product}`, cookie: '' },
];
const get = async (url: string, cookie: string) => {
  const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode}`);
  return res;
};
for (const c of cases) {
  const res = await get(c.url, c.cookie);
  const cache = res.headers['x-page-cache'];
  if (c.cookie && cache !== 'template') throw new Error(`${c.name} is not from a template (${cache})`);
  for (let i = 0; i < 200; i++) await get(c.url, c.cookie); // warm up
}

const perRequestMs = new Map<string, number[]>(cases.map((c) => [c.name, []]));
for (let round = 0; round < rounds; round++) {
  for (const c of cases) {
    const start = process.cpuUsage();
    for (let i = 0; i < requests; i++) await get(c.url, c.cookie);
    const used = process.cpuUsage(start);
    perRequestMs.get(c.name)!.push((used.user + used.system) / 1000 / requests);
  }
}
for (const [name, ms] of perRequestMs) {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `${name.padEnd(30)} median ${median.toFixed(3)} ms CPU/request (rounds: ${ms.map((m) => m.toFixed(3)).join(', ')})`,
  );
}
await app.close();
