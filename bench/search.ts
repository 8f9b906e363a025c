// (e) Search over HTTP, as shoppers' browsers use it (issue 33): GET /api/products/search?q= for
// 18 queries in turn at 50 connections, against a bare node:http server sending the same bytes for
// each query (captured from the shop), interleaved rounds. First on the demo catalogue; then the
// catalogue is grown to 5,000 products through the back office's own endpoint (POST
// /api/admin/products, signed in as the demo admin, as a shop owner would), and measured again.
// While it grows, one client keeps searching: no search may wait for the index rebuilds
// (decision 0038); the slowest of those searches is reported. The shop is one of its own
// (PGlite, demo data), so the other benchmarks keep the demo catalogue.
import type { Searchable } from '../apps/server/src/modules/search/search-index.ts';
import {
  type Bar,
  fetchRaw,
  fmtInt,
  heading,
  type RunningServer,
  round,
  startBareServerByPath,
  startShop,
} from './lib.ts';
import { type Comparison, compareThroughput, type LoadSettings } from './load.ts';
import { disturbanceNote, printComparison } from './report.ts';

export const SEARCH_DEMO_MIN_RATIO = 0.8;
export const SEARCH_5000_MIN_RATIO = 0.4;
export const SEARCH_5000_MAX_P99_MS = 20;
export const SEARCH_PRODUCTS = 5000;
const DEMO_ADMIN_MOBILE = '9999900001';

/** What shoppers type: names, Hindi in both scripts, misspellings, description words, misses. */
const QUERIES = [
  'haldi',
  'हल्दी',
  'tumeric',
  'garam masla',
  'chili',
  'masala',
  'jeera',
  'zeera',
  'dhaniya powder',
  'elaichi',
  'kali mirch',
  'मसाला',
  'kitchn king',
  'hing',
  'tur',
  'smoky',
  'qxzjv',
  'लाल मिर्च',
];

const WORDS = [
  'smoky',
  'warm',
  'earthy',
  'tangy',
  'cardamom',
  'cinnamon',
  'cloves',
  'cumin',
  'coriander',
  'turmeric',
  'fennel',
  'ajwain',
  'amchur',
  'black pepper',
  'bay leaf',
  'mace',
  'nutmeg',
  'ginger',
  'mustard',
  'kasuri methi',
  'stone-ground',
  'roasted',
  'Kerala',
  'Rajasthan',
  'Gujarat',
  'dal',
  'sabzi',
  'curry',
  'biryani',
  'chaat',
];
const NAMES = [
  ['Garam Masala', 'गरम मसाला'],
  ['Turmeric (Haldi) Powder', 'हल्दी पाउडर'],
  ['Red Chilli Powder', 'लाल मिर्च पाउडर'],
  ['Coriander (Dhania) Powder', 'धनिया पाउडर'],
  ['Jeera (Cumin) Powder', 'जीरा पाउडर'],
  ['Chaat Masala', 'चाट मसाला'],
  ['Kasuri Methi', 'कसूरी मेथी'],
  ['Tea Masala', 'चाय मसाला'],
  ['Biryani Masala', 'बिरयानी मसाला'],
  ['Sambar Masala', 'सांबर मसाला'],
] as const;

/** 5,000 products: the demo names with regions and pack styles, descriptions of 40 spice words. */
export function generatedCatalogue(count = 5000): Searchable[] {
  let seed = 42;
  const pick = <T>(list: readonly T[]) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return list[seed % list.length]!;
  };
  return Array.from({ length: count }, (_, i) => {
    const [name, nameHi] = NAMES[i % NAMES.length]!;
    const style = `${pick(['Kerala', 'Punjabi', 'Bengali', 'Rajasthani', 'Awadhi', 'Chettinad', 'Malvani'])} ${pick(['Classic', 'Gold', 'Reserve', 'Home', 'Royal'])} ${i}`;
    return {
      id: i + 1,
      name: `${name} ${style}`,
      nameHi: `${nameHi} ${i}`,
      searchKeywords: [pick(WORDS), pick(WORDS)],
      description: Array.from({ length: 40 }, () => pick(WORDS)).join(' '),
      about: [Array.from({ length: 10 }, () => pick(WORDS)).join(' ')],
    };
  });
}

/** A product as the back office's form sends it, from a generated one. */
function adminPayload(p: Searchable, i: number) {
  return {
    name: p.name,
    nameHi: p.nameHi,
    searchKeywords: p.searchKeywords,
    brand: 'Bench',
    description: p.description,
    about: p.about,
    variants: [{ weight: '100 g', price: 100 + (i % 50), mrp: 160, stock: 50, sku: `BENCH-${i}-100` }],
    // A product is published only with its Legal Metrology and FSSAI declarations.
    declarations: {
      genericName: 'Spice blend',
      ingredients: 'Coriander, cumin, black pepper, dry ginger',
      shelfLifeMonths: 12,
    },
  };
}

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The demo admin's session cookie, signed in with the code from the demo outbox. */
async function adminCookie(base: string): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await json(await post('/api/auth/otp/send', { mobile: DEMO_ADMIN_MOBILE }));
  const [latest] = await json<{ code: string }[]>(
    await fetch(`${base}/api/dev/outbox?to=${DEMO_ADMIN_MOBILE}`),
  );
  const res = await post('/api/auth/otp/verify', { mobile: DEMO_ADMIN_MOBILE, otp: latest?.code });
  await json(res);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error('the admin sign-in set no session cookie');
  return cookie.split(';')[0]!;
}

interface Growth {
  added: number;
  seconds: number;
  /** Searches one client made while the catalogue grew, and the slowest of them. */
  searchesDuring: number;
  slowestSearchMs: number;
  /** From the last product saved to the search finding it (the debounced rebuild and its swap). */
  foundAfterMs: number;
}

/** Adds products through POST /api/admin/products until `target` exist, 8 at a time. */
async function grow(base: string, target: number): Promise<Growth> {
  const cookie = await adminCookie(base);
  const existing = (await json<unknown[]>(await fetch(`${base}/api/products`))).length;
  const products = generatedCatalogue(target - existing);
  const started = performance.now();
  let next = 0;
  let growing = true;
  let slowest = 0;
  let searches = 0;
  // One search every 200 ms: each search after a save reloads the catalogue snapshot (all rows),
  // and a client searching without pause made every save pay for one (3 saves/s at 800 products).
  const searcher = (async () => {
    while (growing) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const t0 = performance.now();
      const res = await fetchRaw(`${base}/api/products/search?q=masala`);
      if (res.status !== 200) throw new Error(`search during growth answered ${res.status}`);
      slowest = Math.max(slowest, performance.now() - t0);
      searches++;
    }
  })();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < products.length) {
        const i = next++;
        await json(
          await fetch(`${base}/api/admin/products`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify(adminPayload(products[i]!, i)),
          }),
        );
      }
    }),
  ).finally(async () => {
    growing = false;
    // The searcher ends on its own; a failed save must not leave its rejection unhandled.
    await searcher.catch(() => {});
  });
  await searcher;
  const saved = performance.now();
  const last = products.at(-1)!.name;
  for (;;) {
    const found = await json<{ name: string }[]>(
      await fetch(`${base}/api/products/search?q=${encodeURIComponent(last)}`),
    );
    if (found.some((p) => p.name === last)) break;
    if (performance.now() - saved > 120_000)
      throw new Error(`'${last}' not found 2 minutes after it was saved`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    added: products.length,
    seconds: round((saved - started) / 1000, 1),
    searchesDuring: searches,
    slowestSearchMs: round(slowest, 1),
    foundAfterMs: round(performance.now() - saved, 0),
  };
}

const PATHS = QUERIES.map((q) => `/api/products/search?q=${encodeURIComponent(q)}`);

interface SearchComparison {
  products: number;
  comparison: Comparison;
  /** Shop CPU per search (ms), from its process's CPU over the measured rounds. */
  shopCpuMsPerSearch: number | null;
}

/** The shop against a bare server sending each query's bytes as the shop sent them. */
async function measure(
  shop: RunningServer,
  settings: LoadSettings,
  label: string,
): Promise<SearchComparison> {
  const bodies = new Map<string, Buffer>();
  let contentType = 'application/json; charset=utf-8';
  for (const path of PATHS) {
    const res = await fetchRaw(shop.url + path);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    bodies.set(path, res.body);
    contentType = String(res.headers['content-type'] ?? contentType);
  }
  const products = (await json<unknown[]>(await fetch(`${shop.url}/api/products`))).length;
  const bare = await startBareServerByPath(`search-${products}`, bodies, contentType);
  try {
    for (const path of PATHS) {
      const res = await fetchRaw(bare.url + path);
      if (!res.body.equals(bodies.get(path)!)) throw new Error(`the bare server's ${path} differs`);
    }
    const comparison = await compareThroughput(label, PATHS[0]!, { shop, bare }, settings, undefined, PATHS);
    printComparison(
      `${label}: ${PATHS.length} queries in turn -c ${settings.connections}`,
      'shop',
      comparison,
    );
    const used = comparison.roundsUsed.map((i) => comparison.shop[i - 1]!);
    const perSearch = used.map((r) => {
      const cpu = r.cpu.processes.server;
      return cpu == null || r.requests === 0 ? null : ((cpu / 100) * r.durationS * 1000) / r.requests;
    });
    const shopCpuMsPerSearch = perSearch.every((v) => v !== null)
      ? round(perSearch.reduce((a, b) => a + b!, 0) / perSearch.length, 3)
      : null;
    console.log(`  shop CPU per search: ${shopCpuMsPerSearch ?? '?'} ms (${products} products)`);
    return { products, comparison, shopCpuMsPerSearch };
  } finally {
    await bare.stop();
  }
}

export async function benchSearch(
  buildDir: string,
  settings: LoadSettings,
  target = SEARCH_PRODUCTS,
): Promise<{ result: { demo: SearchComparison; growth: Growth; big: SearchComparison }; bars: Bar[] }> {
  heading(`(e) search over HTTP at ${settings.connections} connections — shop vs bare server, same bytes`);
  const shop = await startShop({
    buildDir,
    env: { DEMO_MODE: 'true', OTP_SENDS_PER_IP_PER_HOUR: '1000000' },
    logName: 'shop-search.log',
  });
  try {
    const demo = await measure(shop, settings, 'search, demo catalogue');
    console.log(`  growing the catalogue to ${fmtInt(target)} products through POST /api/admin/products`);
    const growth = await grow(shop.url, target);
    console.log(
      `  added ${fmtInt(growth.added)} in ${growth.seconds} s; ${fmtInt(growth.searchesDuring)} searches meanwhile, ` +
        `slowest ${growth.slowestSearchMs} ms; the last product found ${growth.foundAfterMs} ms after its save`,
    );
    const big = await measure(shop, settings, `search, ${fmtInt(target)} products`);
    const pct = (r: number) => `${(r * 100).toFixed(1)}%`;
    const measured = (c: SearchComparison) =>
      `${pct(c.comparison.ratio)} (${fmtInt(c.comparison.shopReqPerSec)} / ${fmtInt(c.comparison.bareReqPerSec)} req/s; ` +
      `per CPU-second ${c.comparison.cpuNormalisedRatio === null ? '?' : pct(c.comparison.cpuNormalisedRatio)}; ` +
      `p99 ${c.comparison.shopP99Ms} / ${c.comparison.bareP99Ms} ms; shop ${c.shopCpuMsPerSearch ?? '?'} ms CPU per search` +
      `${disturbanceNote(c.comparison)})`;
    const clean = (c: SearchComparison) => c.comparison.problems.length === 0;
    return {
      result: { demo, growth, big },
      bars: [
        {
          benchmark: 'search',
          name: 'Search, demo catalogue, vs bare server',
          target: `≥ ${SEARCH_DEMO_MIN_RATIO * 100}%`,
          measured: measured(demo),
          pass: clean(demo) && demo.comparison.ratio >= SEARCH_DEMO_MIN_RATIO,
        },
        {
          benchmark: 'search',
          name: `Search, ${fmtInt(big.products)} products, vs bare server`,
          target: `≥ ${SEARCH_5000_MIN_RATIO * 100}%, p99 ≤ ${SEARCH_5000_MAX_P99_MS} ms`,
          measured: measured(big),
          // Only the full catalogue counts: a smaller --search-products run is for trying things.
          pass:
            target >= SEARCH_PRODUCTS &&
            clean(big) &&
            big.comparison.ratio >= SEARCH_5000_MIN_RATIO &&
            big.comparison.shopP99Ms <= SEARCH_5000_MAX_P99_MS,
        },
      ],
    };
  } finally {
    await shop.stop();
  }
}
