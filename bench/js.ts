// (c) The JavaScript a first visit to the home page loads: every script response (module scripts,
// modulepreloads, dynamic imports) until the network is idle, each body gzipped at level 9.
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import {
  type Bar,
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  fetchRaw,
  heading,
  kB,
  type RunningServer,
  table,
  withTimeout,
} from './lib.ts';

/** The first-load budget of the home page, in either language (issue 15, decision 0017). */
export const JS_MAX_GZIP_BYTES = 125_000;
/**
 * The home page's inline <script>s (React Router's hydration data: the layout's and the page's
 * messages and data, its route manifest), gzip -9 together: a bar of its own (issue 33), since
 * they are part of the document every first visit downloads and parses before it is interactive.
 */
export const INLINE_MAX_GZIP_BYTES = 5_000;
/** The home page in each language: each loads its own language's messages only. */
export const JS_PAGES = ['/', '/hi'] as const;

export interface ScriptFile {
  url: string;
  path: string;
  /** How the browser asked for it: script, modulepreload (a <link>), or found only by the DOM check. */
  via: string;
  status: number;
  rawBytes: number;
  gzipBytes: number;
  /** Body bytes on the wire as the browser received them (the server's own compression). */
  transferBytes: number | null;
}

export interface JsResult {
  page: string;
  files: ScriptFile[];
  totalRawBytes: number;
  totalGzipBytes: number;
  totalTransferBytes: number;
  /** Inline <script> text in the HTML document: its own bar (INLINE_MAX_GZIP_BYTES). */
  inlineScripts: { count: number; rawBytes: number; gzipBytes: number };
}

const isScript = (response: Response) => {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  const pathname = new URL(response.url()).pathname;
  return type === 'script' || /javascript|ecmascript/.test(contentType) || /\.m?js$/.test(pathname);
};

export async function benchJs(shop: RunningServer): Promise<{ result: JsResult[]; bars: Bar[] }> {
  const results: JsResult[] = [];
  const bars: Bar[] = [];
  for (const page of JS_PAGES) {
    const measured = await benchJsPage(shop, page);
    results.push(measured.result);
    bars.push(...measured.bars);
  }
  return { result: results, bars };
}

async function benchJsPage(
  shop: RunningServer,
  pagePath: string,
): Promise<{ result: JsResult; bars: Bar[] }> {
  heading(`(c) JavaScript loaded by a first visit to ${pagePath} (gzip -9 per file)`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    // A fresh context: empty cache, no cookies, no service worker — a first visit.
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending = new Map<string, Promise<ScriptFile>>();
    page.on('response', (response) => {
      if (!isScript(response) || pending.has(response.url())) return;
      pending.set(
        response.url(),
        (async () => {
          // The decoded body; should the browser have dropped it already, fetch the same URL again.
          const body = await response.body().catch(async () => (await fetchRaw(response.url())).body);
          const sizes = await response
            .request()
            .sizes()
            .catch(() => null);
          return {
            url: response.url(),
            path: new URL(response.url()).pathname,
            via: response.request().resourceType(),
            status: response.status(),
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            transferBytes: sizes ? sizes.responseBodySize : null,
          };
        })(),
      );
    });
    const url = `${shop.url}${pagePath}`;
    const main = await withTimeout(
      page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 }),
      90_000,
      'first visit',
    );
    if (main?.status() !== 200) throw new Error(`GET ${pagePath} answered ${main?.status()}`);

    // Cross-check against the document: every <script src> and <link rel=modulepreload> must be counted.
    const declared = await page.$$eval('script[src], link[rel="modulepreload"]', (elements) =>
      elements.map((el) => ({
        href: (el as HTMLScriptElement).src || (el as HTMLLinkElement).href,
        kind: el.tagName === 'LINK' ? 'modulepreload' : 'script',
      })),
    );
    const preloads = new Set(declared.filter((d) => d.kind === 'modulepreload').map((d) => d.href));
    for (const { href } of declared) {
      if (pending.has(href) || new URL(href).origin !== new URL(url).origin) continue;
      pending.set(
        href,
        fetchRaw(href).then((res) => ({
          url: href,
          path: new URL(href).pathname,
          via: 'dom-only',
          status: res.status,
          rawBytes: res.body.length,
          gzipBytes: gzipSync(res.body, { level: 9 }).length,
          transferBytes: null,
        })),
      );
    }
    const inline = await page.$$eval('script:not([src])', (elements) =>
      elements.map((el) => el.textContent ?? ''),
    );
    const inlineText = inline.join('\n');

    const files = (await Promise.all(pending.values()))
      .map((f) => (f.via === 'script' && preloads.has(f.url) ? { ...f, via: 'modulepreload' } : f))
      .toSorted((a, b) => b.gzipBytes - a.gzipBytes);
    const result: JsResult = {
      page: pagePath,
      files,
      totalRawBytes: files.reduce((n, f) => n + f.rawBytes, 0),
      totalGzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
      totalTransferBytes: files.reduce((n, f) => n + (f.transferBytes ?? 0), 0),
      inlineScripts: {
        count: inline.length,
        rawBytes: Buffer.byteLength(inlineText),
        gzipBytes: gzipSync(inlineText, { level: 9 }).length,
      },
    };

    console.log(
      table(
        ['file', 'via', 'status', 'raw', 'gzip -9', 'on the wire'],
        [
          ...files.map((f) => [
            f.path,
            f.via,
            String(f.status),
            kB(f.rawBytes),
            kB(f.gzipBytes),
            f.transferBytes === null ? '?' : kB(f.transferBytes),
          ]),
          [
            `total (${files.length} files)`,
            '',
            '',
            kB(result.totalRawBytes),
            kB(result.totalGzipBytes),
            kB(result.totalTransferBytes),
          ],
        ],
      ),
    );
    console.log(
      `  inline data (own bar): ${result.inlineScripts.count} inline <script> elements in the HTML, ` +
        `${kB(result.inlineScripts.rawBytes)} raw, ${kB(result.inlineScripts.gzipBytes)} gzip -9`,
    );
    // A script that did not load means the page under test was broken (or its assets changed
    // under it): the total would be meaningless.
    const broken = files.filter((f) => f.status !== 200 || f.rawBytes === 0);
    if (broken.length > 0) {
      throw new Error(
        `${broken.length} script(s) did not load: ${broken.map((f) => `${f.path} (${f.status}, ${f.rawBytes} bytes)`).join(', ')}`,
      );
    }
    const bars: Bar[] = [
      {
        benchmark: 'js',
        name: `Home first-load JS, ${pagePath} (gzip -9)`,
        target: `≤ ${kB(JS_MAX_GZIP_BYTES)}`,
        measured: `${kB(result.totalGzipBytes)} in ${files.length} files`,
        pass: result.totalGzipBytes <= JS_MAX_GZIP_BYTES,
      },
      {
        benchmark: 'js',
        name: `Home inline data, ${pagePath} (inline <script>s, gzip -9)`,
        target: `≤ ${kB(INLINE_MAX_GZIP_BYTES)}`,
        measured: `${kB(result.inlineScripts.gzipBytes)} in ${result.inlineScripts.count} scripts`,
        pass: result.inlineScripts.gzipBytes <= INLINE_MAX_GZIP_BYTES,
      },
    ];
    return { result, bars };
  } finally {
    await browser.close();
  }
}
