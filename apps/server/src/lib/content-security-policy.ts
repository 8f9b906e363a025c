// The Content-Security-Policy of the shop. Every response gets the base policy from helmet
// (plugins/security-headers.ts); a server-rendered page gets the same policy plus the hashes of
// the inline scripts its own render wrote (React Router's hydration context and module imports,
// React's streaming scripts), so injected inline script has nothing to run with.
//
// Hashes rather than a nonce, so a page can be rendered once and served to every signed-out
// visitor (lib/page-cache.ts): the policy is computed with the page and stored beside it. The
// render tags its own scripts with a random per-render marker (React's and React Router's `nonce`);
// only scripts with that marker are hashed, so markup that slipped into the page (a stored
// `<script>` in some text) is never hashed, whatever it contains.
import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../plugins/config.ts';

export type Directives = Record<string, string[]>;

type PolicyConfig = Pick<Config, 'ANALYTICS_ID' | 'PUBLIC_URL' | 'RAZORPAY_KEY_ID'> &
  Partial<Pick<Config, 'META_PIXEL_ID'>>;

/** The policy's directives (kebab-case names, as sent). */
export function policyDirectives(config: PolicyConfig, mode: 'production' | 'development'): Directives {
  const razorpay = Boolean(config.RAZORPAY_KEY_ID);
  const analytics = Boolean(config.ANALYTICS_ID);
  // GA4's own list of what gtag.js loads and where it sends hits.
  const gaScript = analytics ? ['https://*.googletagmanager.com'] : [];
  const gaConnect = analytics
    ? ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']
    : [];
  // The Meta Pixel's script and where it sends events (issue 38); only when META_PIXEL_ID is set.
  const pixel = Boolean(config.META_PIXEL_ID);
  const pixelScript = pixel ? ['https://connect.facebook.net'] : [];
  const pixelConnect = pixel ? ['https://connect.facebook.net', 'https://www.facebook.com'] : [];
  const directives: Directives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'", ...(razorpay ? ['https://api.razorpay.com'] : [])],
    'script-src': [
      "'self'",
      ...(razorpay ? ['https://checkout.razorpay.com'] : []),
      ...gaScript,
      ...pixelScript,
    ],
    'script-src-attr': ["'none'"],
    // The stylesheet is inlined into each page (root.tsx) and components set style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Banners and product images may live on any https host the back office accepts.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      // The back office reads a chosen image file (a blob: URL) to check it before uploading.
      'blob:',
      ...(razorpay ? ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'] : []),
      ...gaConnect,
      ...pixelConnect,
      // Vite's hot reload talks over a WebSocket in development.
      ...(mode === 'development' ? ['ws:', 'wss:'] : []),
    ],
    'frame-src': razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : ["'none'"],
    'manifest-src': ["'self'"],
  };
  if (config.PUBLIC_URL?.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => (values.length > 0 ? `${name} ${values.join(' ')}` : name))
    .join('; ');
}

/** A fresh marker for one render's own scripts. */
export function renderMarker(): string {
  return randomBytes(16).toString('base64url');
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** 'sha256-…' sources for the inline scripts in `html` that carry `nonce="<marker>"`. */
export function inlineScriptHashes(html: string, marker: string): string[] {
  const hashes = new Set<string>();
  const own = `nonce="${marker}"`;
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (!attributes.includes(own) || /\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The page with its policy: the base directives with the hashes of the render's own inline
 * scripts. Non-HTML responses (redirects, `.data`, robots.txt) are returned as they are.
 */
export async function withPagePolicy(
  response: Response,
  base: Directives,
  marker: string,
): Promise<Response> {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  const directives = {
    ...base,
    'script-src': [...(base['script-src'] ?? []), ...inlineScriptHashes(html, marker)],
  };
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', serializePolicy(directives));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
