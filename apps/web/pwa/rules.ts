// The service worker's decisions (issue 42), kept apart from the worker so they are tested as plain
// functions: which pages it may keep, which answers it must never store, which page a client
// navigation's data belongs to, and how a kept copy is marked as seen offline.
import { type Lang, pathLang, stripLangPrefix } from '@spice/shared/lang';

/** How long a catalogue page waits for the network before the kept copy is shown. */
export const NETWORK_TIMEOUT_SECONDS = 3;
/** Kept catalogue pages and images: bounded, the least recently used go first. */
export const MAX_PAGES = 60;
export const MAX_IMAGES = 150;

/** The offline pages the build writes (both languages), precached with the build. */
export const OFFLINE_PAGE: Record<Lang, string> = { en: '/offline.html', hi: '/hi/offline.html' };
export const OFFLINE_CHECKOUT_PAGE: Record<Lang, string> = {
  en: '/offline-checkout.html',
  hi: '/hi/offline-checkout.html',
};
export const OFFLINE_CART_PAGE: Record<Lang, string> = {
  en: '/offline-cart.html',
  hi: '/hi/offline-cart.html',
};

/**
 * The catalogue's pages, whose copies the worker keeps (home, categories and search results on
 * /search, products, policies, About). Pages of one shopper (cart, orders, profile, checkout), the
 * back office and everything else are never kept.
 */
const CATALOGUE_PAGE =
  /^\/(?:|product\/[^/]+|search|about|privacy-policy|terms-and-conditions|return-policy|shipping-policy)$/;

export function isCataloguePage(pathname: string): boolean {
  return CATALOGUE_PAGE.test(stripLangPrefix(pathname));
}

/** What the worker shows for a page it cannot fetch and has no copy of. */
export function offlineFallback(pathname: string): string {
  const lang = pathLang(pathname);
  const page = stripLangPrefix(pathname);
  if (page === '/checkout') return OFFLINE_CHECKOUT_PAGE[lang];
  if (page === '/cart') return OFFLINE_CART_PAGE[lang];
  return OFFLINE_PAGE[lang];
}

/**
 * Whether an answer may be kept: a whole 200 that sets no cookie and is neither private nor
 * no-store. The server marks every page rendered for a signed-in shopper, and every page of one
 * shopper, `private, no-store` (lib/page-cache.ts), so none of them is ever kept.
 */
export function isStorable(status: number, headers: { get(name: string): string | null }): boolean {
  if (status !== 200) return false;
  if (headers.get('set-cookie') !== null) return false;
  return !/\b(?:private|no-store)\b/i.test(headers.get('cache-control') ?? '');
}

/**
 * The page a client navigation's data request belongs to ('/product/x.data' → '/product/x',
 * '/_root.data' → '/', '/hi.data' → '/hi'), with React Router's own `_routes` parameter dropped;
 * null when the path is not a data request.
 */
export function pageOfDataRequest(url: URL): string | null {
  if (!url.pathname.endsWith('.data')) return null;
  let pathname = url.pathname.slice(0, -'.data'.length);
  if (pathname === '/_root') pathname = '/';
  else if (pathname.endsWith('/_root')) pathname = pathname.slice(0, -'/_root'.length) || '/';
  const params = new URLSearchParams(url.search);
  params.delete('_routes');
  params.delete('index');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * React Router's answer that makes a client navigation load the page as a document instead
 * (single fetch's redirect with `X-Remix-Reload-Document`): the worker then answers that document,
 * from the network, its kept copy or the offline page, and a page from an older build gets the new
 * one whole.
 */
export function reloadDocumentHeaders(page: string): Record<string, string> {
  return {
    'X-Remix-Redirect': page,
    'X-Remix-Status': '302',
    'X-Remix-Reload-Document': 'true',
    'X-Remix-Replace': 'true',
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);

/** The notice's class: the page's stylesheet knows nothing of it, so its look travels inline. */
export const OFFLINE_NOTICE_CLASS = 'pwa-offline-notice';

const NOTICE_STYLE =
  'position:sticky;top:0;z-index:1000;margin:0;padding:.6rem 1rem;background:#fff4d6;color:#3b2500;' +
  'border-bottom:2px solid #c98a00;font:600 .95rem/1.4 system-ui,sans-serif;text-align:center';

/**
 * A kept page as the worker shows it offline: the notice right after `<body>` (no script: the
 * page's Content-Security-Policy allows none of ours inline). A page without a body is unchanged.
 */
export function withOfflineNotice(html: string, notice: string): string {
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return html;
  const at = body.index + body[0].length;
  const banner = `<p class="${OFFLINE_NOTICE_CLASS}" role="status" style="${NOTICE_STYLE}">${escapeHtml(notice)}</p>`;
  return html.slice(0, at) + banner + html.slice(at);
}
