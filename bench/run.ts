// npm run bench [-- api|page|js|lighthouse|pincodes|search|signed-in|checkout|pglite-worker|analytics|slow-network ...] [--no-build] [--connections=50] [--duration=10]
//   [--warmup=2] [--rounds=3] [--attempts=3] [--quiet-wait=30] [--lh-runs=5] [--product=<slug>]
//   [--profile] [--postgres=postgres://postgres@127.0.0.1:5432/postgres]
//
// Builds the storefront (unless --no-build), starts the shop on a free loopback port as a child
// process, runs the chosen benchmarks (all by default), prints PASS/FAIL against the bars, writes
// bench/results/latest.json and stops every server it started. Exit code: 0 when every bar passed,
// 1 when one failed, 2 when a benchmark could not run.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchAnalytics } from './analytics.ts';
import { benchApi } from './api.ts';
import { benchCheckout, benchPgliteWorker } from './checkout.ts';
import { benchJs } from './js.ts';
import {
  type Bar,
  buildStorefront,
  ensureResultsDir,
  gitState,
  heading,
  machineInfo,
  RESULTS_DIR,
  ROOT,
  type RunningServer,
  snapshotBuild,
  startShop,
  table,
} from './lib.ts';
import { benchLighthouse } from './lighthouse.ts';
import type { LoadSettings } from './load.ts';
import { benchPage, pickProduct } from './page.ts';
import { benchPincodes } from './pincodes.ts';
import { printProfile, summarizeProfile } from './profile.ts';
import { benchSearch } from './search.ts';
import { benchSignedIn, DEFAULT_POSTGRES } from './signed-in.ts';
import { benchSlowNetwork } from './slow-network.ts';

const ALL = [
  'api',
  'page',
  'js',
  'lighthouse',
  'pincodes',
  'search',
  'signed-in',
  'checkout',
  'pglite-worker',
  'analytics',
  'slow-network',
] as const;
/** Run only when named: a comparison for a decision (0025), not a bar of the shop. */
const ON_REQUEST: readonly Name[] = ['pglite-worker'];
type Name = (typeof ALL)[number];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'no-build': { type: 'boolean', default: false },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    attempts: { type: 'string', default: '3' },
    'quiet-wait': { type: 'string', default: '30' },
    'lh-runs': { type: 'string', default: '5' },
    product: { type: 'string' },
    // The catalogue search grows to through the back office [5000] (the bar counts only at 5,000).
    'search-products': { type: 'string', default: '5000' },
    // The orders the analytics bench seeds [100000] (the bars count only at 100,000).
    'analytics-orders': { type: 'string', default: '100000' },
    profile: { type: 'boolean', default: false },
    // The PostgreSQL server for the signed-in bench (it creates and drops a database of its own).
    postgres: { type: 'string', default: process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(
    'usage: npm run bench -- [api|page|js|lighthouse|pincodes|search|signed-in|checkout|pglite-worker|analytics|slow-network ...] [--analytics-orders=100000] [--no-build] [--connections=50] [--duration=10] [--warmup=2] [--rounds=3] [--attempts=3] [--quiet-wait=30] [--lh-runs=5] [--product=<slug>] [--profile] [--postgres=<server url>]',
  );
  process.exit(0);
}

const unknown = positionals.filter((p) => !(ALL as readonly string[]).includes(p));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${ALL.join(', ')}`);
  process.exit(2);
}
const selected: Name[] =
  positionals.length > 0
    ? ALL.filter((n) => positionals.includes(n))
    : ALL.filter((n) => !ON_REQUEST.includes(n));

function positiveInt(name: string, value: string | undefined, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    console.error(`--${name} must be an integer between 0 and ${max}`);
    process.exit(2);
  }
  return n;
}
// Load tests stay bounded: at most 60 s per autocannon run, 5 rounds.
const settings: LoadSettings = {
  connections: Math.max(1, positiveInt('connections', values.connections, 500)),
  duration: Math.max(1, positiveInt('duration', values.duration, 60)),
  warmup: positiveInt('warmup', values.warmup, 30),
  rounds: Math.max(1, positiveInt('rounds', values.rounds, 5)),
  attempts: Math.max(1, positiveInt('attempts', values.attempts, 5)),
  quietWait: positiveInt('quiet-wait', values['quiet-wait'], 120),
};
const lhRuns = Math.max(1, positiveInt('lh-runs', values['lh-runs'], 9));

const startedAt = new Date();
const output: Record<string, unknown> = {
  startedAt: startedAt.toISOString(),
  machine: machineInfo(),
  git: gitState(),
  settings: { ...settings, lighthouseRunsPerPage: lhRuns, build: !values['no-build'] },
  benchmarks: selected,
};
const m = output.machine as ReturnType<typeof machineInfo>;
console.log(
  `${startedAt.toISOString()} — ${m.cpus} × ${m.cpuModel}, ${m.memoryGB} GB, ${m.platform}, Node ${m.node}, ` +
    `${m.tools.chromium}, autocannon ${m.tools.autocannon}, lighthouse ${m.tools.lighthouse}, playwright ${m.tools.playwright}`,
);
const git = output.git as ReturnType<typeof gitState>;
console.log(
  `commit ${git.commit}${git.uncommittedFiles > 0 ? ` + ${git.uncommittedFiles} uncommitted files outside bench/ (work in progress is measured too)` : ''}`,
);
const bars: Bar[] = [];
// --profile: the shop runs under node --cpu-prof; the profile is summarised once it stops.
const profileDir = values.profile
  ? path.join(ensureResultsDir(), 'profiles', startedAt.toISOString().replace(/[:.]/g, '-'))
  : undefined;
if (profileDir) mkdirSync(profileDir, { recursive: true });
const errors: { benchmark: Name; message: string }[] = [];

let shop: RunningServer | undefined;
try {
  if (!values['no-build']) {
    heading('npm run build');
    await buildStorefront();
  }
  heading('starting the shop');
  const build = await snapshotBuild();
  console.log(
    `  serving a private copy of the build (${build.assets} hashed assets) from ${path.relative(process.cwd(), build.dir)}`,
  );
  output.build = { copy: path.relative(ROOT, build.dir), assets: build.assets };
  // search, checkout and pglite-worker start shops of their own: the shared one only when needed.
  const ownShops: readonly Name[] = ['search', 'checkout', 'pglite-worker', 'analytics'];
  let slug = values.product ?? '';
  if (selected.some((n) => !ownShops.includes(n))) {
    shop = await startShop({ buildDir: build.dir, ...(profileDir ? { profileDir } : {}) });
    console.log(`  shop (pid ${shop.pid}) at ${shop.url}`);
    slug = await pickProduct(shop.url, values.product);
  }

  const steps: Record<Name, () => Promise<{ result: unknown; bars: Bar[] }>> = {
    api: () => benchApi(shop!, settings),
    pincodes: () => benchPincodes(shop!, settings),
    search: () =>
      benchSearch(
        build.dir,
        settings,
        Math.max(20, positiveInt('search-products', values['search-products'], 20_000)),
      ),
    'signed-in': () => benchSignedIn(shop!, build.dir, settings, slug, values.postgres!),
    checkout: () => benchCheckout(build.dir, settings, values.postgres!, profileDir),
    'pglite-worker': () => benchPgliteWorker(build.dir, settings, profileDir),
    analytics: () =>
      benchAnalytics(
        values.postgres!,
        Math.max(100, positiveInt('analytics-orders', values['analytics-orders'], 1_000_000)),
      ),
    page: () => benchPage(shop!, settings, slug),
    js: () => benchJs(shop!),
    'slow-network': () =>
      benchSlowNetwork(
        shop!.url,
        [
          { name: 'home', path: '/' },
          { name: 'product', path: `/product/${slug}` },
        ],
        lhRuns,
        settings,
      ),
    lighthouse: () =>
      benchLighthouse(
        shop!.url,
        [
          { name: 'home', path: '/' },
          { name: 'product', path: `/product/${slug}` },
        ],
        lhRuns,
        settings,
      ),
  };
  for (const name of selected) {
    try {
      const outcome = await steps[name]();
      output[name] = outcome.result;
      bars.push(...outcome.bars);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`\n${name} FAILED TO RUN: ${message}`);
      errors.push({ benchmark: name, message });
    }
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\nbench could not run: ${message}`);
  errors.push({ benchmark: selected[0]!, message });
} finally {
  if (shop) await shop.stop();
  if (shop && profileDir) {
    const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
    if (files.length === 0) {
      console.error(`no CPU profile was written to ${profileDir}`);
    } else {
      heading(
        `CPU profile of the shop (from ${Math.round(shop.readyAfterMs / 1000)} s after start: start-up left out)`,
      );
      const summary = summarizeProfile(path.join(profileDir, files[0]!), 25, shop.readyAfterMs);
      printProfile(summary);
      output.profile = summary;
    }
  }
}

heading('bars');
if (bars.length > 0) {
  console.log(
    table(
      ['bar', 'target', 'measured', ''],
      bars.map((b) => [b.name, b.target, b.measured, b.pass ? 'PASS' : 'FAIL']),
    ),
  );
}
for (const e of errors) console.log(`${e.benchmark}: did not run (${e.message})`);

const finishedAt = new Date();
output.finishedAt = finishedAt.toISOString();
output.bars = bars;
output.errors = errors;
const file = path.join(ensureResultsDir(), 'latest.json');
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
// Every run is also kept under results/history/, named by its start time.
mkdirSync(path.join(RESULTS_DIR, 'history'), { recursive: true });
writeFileSync(
  path.join(RESULTS_DIR, 'history', `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`),
  `${JSON.stringify(output, null, 2)}\n`,
);
console.log(
  `\n${bars.filter((b) => b.pass).length}/${bars.length} bars passed in ${Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000)} s; results in ${path.relative(process.cwd(), file)}`,
);
process.exit(errors.length > 0 ? 2 : bars.every((b) => b.pass) ? 0 : 1);
