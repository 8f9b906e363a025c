// (e) Search: p99 of the search itself (the Server-Timing the search route sends) under 50
// connections of search requests, (1) against the shop on the demo catalogue and (2) against a
// node:http server in this process answering from an index over a generated catalogue of 5,000
// products (same buildSearchIndex). End-to-end p99 is printed too: at 50 connections on this 2-core
// machine it is queueing (connections ÷ throughput), not search.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildSearchIndex, type Searchable } from '../apps/server/src/modules/search/search-index.ts';
import { type Bar, fmtInt, heading, percentile, type RunningServer, round } from './lib.ts';
import type { LoadSettings } from './load.ts';

export const SEARCH_P99_DEMO_MS = 5;
export const SEARCH_P99_5000_MS = 20;

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

interface SearchLoad {
  reqPerSec: number;
  httpP99Ms: number;
  searchP50Ms: number;
  searchP99Ms: number;
  samples: number;
}

async function load(url: string, settings: LoadSettings): Promise<SearchLoad> {
  const timings: number[] = [];
  const requests = QUERIES.map((q) => ({
    method: 'GET',
    path: `/api/products/search?q=${encodeURIComponent(q)}`,
    onResponse: (_status: number, _body: string, _context: unknown, headers: Record<string, string>) => {
      const dur = /dur=([\d.]+)/.exec(String(headers?.['server-timing'] ?? ''))?.[1];
      if (dur) timings.push(Number(dur));
    },
  }));
  const run = async (duration: number) =>
    (await autocannon({ url, connections: settings.connections, duration, requests })) as {
      requests: { average: number };
      latency: { p99: number };
    };
  if (settings.warmup > 0) await run(settings.warmup);
  timings.length = 0;
  const result = await run(settings.duration);
  const sorted = [...timings].sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error(`no Server-Timing from ${url}`);
  return {
    reqPerSec: result.requests.average,
    httpP99Ms: result.latency.p99,
    searchP50Ms: round(percentile(sorted, 50), 2),
    searchP99Ms: round(percentile(sorted, 99), 2),
    samples: sorted.length,
  };
}

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

async function startGeneratedServer(): Promise<{ url: string; buildMs: number; stop: () => Promise<void> }> {
  const products = generatedCatalogue();
  const started = performance.now();
  const index = buildSearchIndex(products);
  const buildMs = performance.now() - started;
  const byId = new Map(products.map((p) => [p.id, p]));
  const server = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    const t0 = performance.now();
    const found = index.search(q, 50).map((id) => byId.get(id));
    const dur = performance.now() - t0;
    res.writeHead(200, {
      'content-type': 'application/json',
      'server-timing': `search;dur=${dur.toFixed(2)}`,
    });
    res.end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    buildMs,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function benchSearch(
  shop: RunningServer,
  settings: LoadSettings,
): Promise<{
  result: { demo: SearchLoad; generated: SearchLoad & { products: number; buildMs: number } };
  bars: Bar[];
}> {
  heading(`(e) search — Server-Timing p99 at ${settings.connections} connections`);
  const demo = await load(shop.url, settings);
  console.log(
    `  demo catalogue: search p50 ${demo.searchP50Ms} ms, p99 ${demo.searchP99Ms} ms (${fmtInt(demo.samples)} samples); ${fmtInt(demo.reqPerSec)} req/s, HTTP p99 ${demo.httpP99Ms} ms`,
  );
  const generated = await startGeneratedServer();
  let big: SearchLoad;
  try {
    big = await load(generated.url, settings);
  } finally {
    await generated.stop();
  }
  console.log(
    `  5,000 products (index built in ${round(generated.buildMs, 0)} ms): search p50 ${big.searchP50Ms} ms, p99 ${big.searchP99Ms} ms (${fmtInt(big.samples)} samples); ${fmtInt(big.reqPerSec)} req/s, HTTP p99 ${big.httpP99Ms} ms`,
  );
  return {
    result: { demo, generated: { ...big, products: 5000, buildMs: round(generated.buildMs, 0) } },
    bars: [
      {
        benchmark: 'search',
        name: 'Search p99, demo catalogue',
        target: `< ${SEARCH_P99_DEMO_MS} ms`,
        measured: `${demo.searchP99Ms} ms (HTTP p99 ${demo.httpP99Ms} ms, ${fmtInt(demo.reqPerSec)} req/s)`,
        pass: demo.searchP99Ms < SEARCH_P99_DEMO_MS,
      },
      {
        benchmark: 'search',
        name: 'Search p99, 5,000 products',
        target: `< ${SEARCH_P99_5000_MS} ms`,
        measured: `${big.searchP99Ms} ms (HTTP p99 ${big.httpP99Ms} ms, ${fmtInt(big.reqPerSec)} req/s)`,
        pass: big.searchP99Ms < SEARCH_P99_5000_MS,
      },
    ],
  };
}
