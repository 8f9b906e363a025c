// (d) Lighthouse with its default config (mobile form factor, simulated throttling) on the home
// page and a product page, run on Debian's Chromium through chrome-launcher. For every category
// under the bar, the audits that do not pass are listed, heaviest first.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { waitForQuiet } from './cpu.ts';
import {
  type Bar,
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  ensureResultsDir,
  heading,
  median,
  table,
  withTimeout,
} from './lib.ts';
import { type LoadSettings, QUIET_LIMIT } from './load.ts';

export const LH_MIN_SCORE = 95;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

export interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  displayValue: string | null;
  weight: number;
  scoreDisplayMode: string;
  /** The first few offending items (URL or element and what they cost), when the audit lists any. */
  items: string[];
}

export interface LighthousePageResult {
  name: string;
  path: string;
  runs: number;
  /** Performance score of every run; the run with the median performance score is reported. */
  performanceRuns: number[];
  /** Runs whose unthrottled first paint came > 500 ms after the load event (see README). */
  heldPaintRuns: number;
  scores: Record<Category, number>;
  metrics: Record<string, { value: number; displayValue: string | null; score: number | null }>;
  observed: Record<string, number | null>;
  failing: Partial<Record<Category, FailingAudit[]>>;
  runWarnings: string[];
  /** Lighthouse's own CPU benchmark of this machine at the time of the reported run (higher is faster). */
  benchmarkIndex: number;
  lighthouseVersion: string;
  userAgent: string;
  reportFile: string;
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  errorMessage?: string;
  details?: unknown;
}
interface Lhr {
  lighthouseVersion: string;
  environment: { hostUserAgent: string; benchmarkIndex: number };
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
}

const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

async function runOnce(url: string, settings: LoadSettings): Promise<{ lhr: Lhr; html: string }> {
  // Simulated throttling scales what it observes: a machine busy with other work skews the score.
  await waitForQuiet(QUIET_LIMIT, settings.quietWait);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: FLAGS,
    logLevel: 'silent',
  });
  try {
    const runnerResult = await withTimeout(
      lighthouse(url, { port: chrome.port, output: ['json', 'html'], logLevel: 'error' }),
      180_000,
      `lighthouse ${url}`,
    );
    if (!runnerResult) throw new Error(`lighthouse returned nothing for ${url}`);
    const lhr = runnerResult.lhr as unknown as Lhr;
    if (lhr.runtimeError)
      throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const report = runnerResult.report as string[];
    return { lhr, html: report[1] ?? '' };
  } finally {
    chrome.kill();
  }
}

const OBSERVED = [
  'observedFirstContentfulPaint',
  'observedLargestContentfulPaint',
  'observedSpeedIndex',
  'observedDomContentLoaded',
  'observedLoad',
] as const;

/**
 * What the unthrottled page load really did (the `metrics` audit). Simulated throttling estimates
 * the mobile figures from this trace, so an observed paint that is late even without throttling
 * points at the page itself, not at the network model.
 */
function observedMetrics(lhr: Lhr): Record<(typeof OBSERVED)[number], number | null> {
  const details = lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined;
  const items = details?.items?.[0] ?? {};
  return Object.fromEntries(OBSERVED.map((k) => [k, items[k] ?? null])) as Record<
    (typeof OBSERVED)[number],
    number | null
  >;
}

interface DetailItem {
  url?: string;
  node?: { snippet?: string; selector?: string };
  wastedBytes?: number;
  wastedMs?: number;
  totalBytes?: number;
  label?: string;
  duration?: number;
}

/** Up to five offending items of an audit, as one line each. */
function auditItems(audit: Audit): string[] {
  const details = audit.details as { items?: (DetailItem & { items?: DetailItem[] })[] } | undefined;
  // Insights nest their tables in list sections; take the first level that has rows.
  const rows = (details?.items ?? []).flatMap((item) => (Array.isArray(item.items) ? item.items : [item]));
  return rows
    .map((row) => {
      const what = row.url ?? row.node?.snippet ?? row.node?.selector ?? row.label;
      if (!what) return '';
      const cost = [
        row.wastedBytes ? `${Math.round(row.wastedBytes / 1000)} kB wasted` : '',
        row.wastedMs ? `${Math.round(row.wastedMs)} ms` : '',
        row.totalBytes && !row.wastedBytes ? `${(row.totalBytes / 1000).toFixed(1)} kB` : '',
        row.duration ? `${Math.round(row.duration)} ms` : '',
      ].filter(Boolean);
      return `${what.replace(/^https?:\/\/127\.0\.0\.1:\d+/, '')}${cost.length ? ` (${cost.join(', ')})` : ''}`;
    })
    .filter(Boolean)
    .slice(0, 5);
}

/** The unthrottled first paint came more than 500 ms after the load event had fired. */
function paintHeld(lhr: Lhr): boolean {
  const o = observedMetrics(lhr);
  return (
    o.observedFirstContentfulPaint !== null &&
    o.observedLoad !== null &&
    o.observedFirstContentfulPaint > o.observedLoad + 500
  );
}

/** Audits of a category that do not pass (score under 0.9, or errored), heaviest weight first. */
export function failingAudits(lhr: Lhr, category: Category): FailingAudit[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const out: FailingAudit[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit) continue;
    const scored = ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode);
    const failed =
      (scored && audit.score !== null && audit.score < 0.9) || audit.scoreDisplayMode === 'error';
    if (!failed) continue;
    out.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      displayValue: audit.displayValue ?? audit.errorMessage ?? null,
      weight: ref.weight,
      scoreDisplayMode: audit.scoreDisplayMode,
      items: auditItems(audit),
    });
  }
  return out.toSorted((a, b) => b.weight - a.weight || (a.score ?? 0) - (b.score ?? 0));
}

async function benchOne(
  name: string,
  baseUrl: string,
  pagePath: string,
  runs: number,
  settings: LoadSettings,
): Promise<LighthousePageResult> {
  const url = `${baseUrl}${pagePath}`;
  const results: { lhr: Lhr; html: string }[] = [];
  for (let i = 1; i <= runs; i++) {
    const started = Date.now();
    const run = await runOnce(url, settings);
    results.push(run);
    const perf = Math.round((run.lhr.categories.performance?.score ?? 0) * 100);
    const observed = observedMetrics(run.lhr);
    console.log(
      `  ${name} ${pagePath} run ${i}/${runs}: performance ${perf}; simulated FCP ${run.lhr.audits['first-contentful-paint']?.displayValue}, ` +
        `LCP ${run.lhr.audits['largest-contentful-paint']?.displayValue}, SI ${run.lhr.audits['speed-index']?.displayValue}; ` +
        `observed (unthrottled) FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, ` +
        `SI ${observed.observedSpeedIndex} ms, load ${observed.observedLoad} ms; benchmarkIndex ${run.lhr.environment.benchmarkIndex} ` +
        `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    if (paintHeld(run.lhr)) {
      console.log(
        '    first paint came long after the load event (held paint, see bench/README.md); this run scores lower',
      );
    }
  }
  const perfOf = (r: { lhr: Lhr }) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100);
  const performanceRuns = results.map(perfOf);
  const mid = median(performanceRuns);
  const chosen = results.reduce((best, r) =>
    Math.abs(perfOf(r) - mid) < Math.abs(perfOf(best) - mid) ? r : best,
  );
  const { lhr } = chosen;

  const dir = ensureResultsDir();
  const reportFile = path.join(dir, `lighthouse-${name}.json`);
  writeFileSync(reportFile, JSON.stringify(lhr, null, 2));
  writeFileSync(path.join(dir, `lighthouse-${name}.html`), chosen.html);

  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failing: LighthousePageResult['failing'] = {};
  for (const c of CATEGORIES) if (scores[c] < LH_MIN_SCORE) failing[c] = failingAudits(lhr, c);
  const metrics = Object.fromEntries(
    METRICS.map((id) => {
      const a = lhr.audits[id];
      return [
        id,
        {
          value: a?.numericValue ?? Number.NaN,
          displayValue: a?.displayValue ?? null,
          score: a?.score ?? null,
        },
      ];
    }),
  );
  return {
    name,
    path: pagePath,
    runs,
    performanceRuns,
    heldPaintRuns: results.filter((r) => paintHeld(r.lhr)).length,
    scores,
    metrics,
    observed: observedMetrics(lhr),
    failing,
    runWarnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
    reportFile: path.relative(process.cwd(), reportFile),
  };
}

export async function benchLighthouse(
  shopUrl: string,
  pages: { name: string; path: string }[],
  runs: number,
  settings: LoadSettings,
): Promise<{ result: LighthousePageResult[]; bars: Bar[] }> {
  heading(`(d) Lighthouse (default config: mobile, simulated throttling), ${runs} run(s) per page`);
  const result: LighthousePageResult[] = [];
  for (const p of pages) result.push(await benchOne(p.name, shopUrl, p.path, runs, settings));

  console.log(
    `\n${table(
      ['page', ...CATEGORIES, 'perf runs', 'held paint'],
      result.map((r) => [
        `${r.name} ${r.path}`,
        ...CATEGORIES.map((c) => r.scores[c]),
        r.performanceRuns.join(' '),
        `${r.heldPaintRuns}/${r.runs}`,
      ]),
    )}`,
  );
  for (const r of result) {
    console.log(
      `\n  ${r.name} metrics: ${METRICS.map((m) => `${m} ${r.metrics[m]?.displayValue ?? '?'}`).join(', ')}`,
    );
    for (const w of r.runWarnings) console.log(`  warning: ${w}`);
    for (const [category, audits] of Object.entries(r.failing)) {
      console.log(
        `\n  ${r.name} ${r.path} — ${category} ${r.scores[category as Category]} < ${LH_MIN_SCORE}; audits not passing:`,
      );
      if (!audits || audits.length === 0) {
        console.log('    (none under 0.9 — the score is low on the weighted metrics themselves)');
        continue;
      }
      const text = table(
        ['id', 'title', 'score', 'displayValue', 'weight'],
        audits.map((a) => [
          a.id,
          a.title.length > 60 ? `${a.title.slice(0, 57)}...` : a.title,
          a.score === null ? 'error' : a.score.toFixed(2),
          a.displayValue ?? '',
          a.weight,
        ]),
      );
      console.log(text.replace(/^/gm, '    '));
      for (const a of audits) {
        if (a.items.length > 0) console.log(`    ${a.id}:\n${a.items.map((i) => `      ${i}`).join('\n')}`);
      }
    }
  }
  const bars: Bar[] = result.flatMap((r) =>
    CATEGORIES.map((c) => ({
      benchmark: 'lighthouse',
      name: `Lighthouse ${r.name} ${c}`,
      target: `≥ ${LH_MIN_SCORE}`,
      measured: String(r.scores[c]),
      pass: r.scores[c] >= LH_MIN_SCORE,
    })),
  );
  return { result, bars };
}
