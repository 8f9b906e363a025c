// The same-origin rule for mutating requests (ARCHITECTURE.md: "Mutating requests check Origin").
// Response headers come from helmet (security-headers.ts).
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** host[:port]: a name, an IPv4 address or a bracketed IPv6 one; never userinfo ('user@'). */
const HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Whether the request names its target sanely: a Host header (or trusted X-Forwarded-Host) that is
 * a host, and a request line in origin form ('/path') or, as HTTP allows, an absolute form without
 * userinfo. Anything else would make the page's own URL unparseable (a Fetch Request refuses
 * credentials in its URL), so it is a 400 rather than a 500 further on.
 */
export function namesItsTargetSanely(rawUrl: string, method: string, host: string | undefined): boolean {
  if (host && !HOST.test(host)) return false;
  if (rawUrl.startsWith('/')) return true;
  if (rawUrl === '*') return method === 'OPTIONS';
  try {
    const absolute = new URL(rawUrl);
    return (
      (absolute.protocol === 'http:' || absolute.protocol === 'https:') &&
      !absolute.username &&
      !absolute.password
    );
  } catch {
    return false;
  }
}

export function registerSecurity(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (namesItsTargetSanely(request.raw.url ?? '/', request.method, request.host)) return done();
    done(new AppError('invalid', 'Invalid request target or Host header.'));
  });

  // The shop's own origin: PUBLIC_URL's scheme and host when set; otherwise the request's Host,
  // where X-Forwarded-Host counts only from a trusted proxy (Fastify's request.host applies
  // TRUST_PROXY), so a client cannot name its own origin as ours.
  const publicUrl = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL) : null;
  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    if (!origin) return done(); // Non-browser clients send none; browsers always do on cross-site POSTs.
    let from: URL;
    try {
      from = new URL(origin);
    } catch {
      return done(new AppError('forbidden', 'Cross-origin request refused.'));
    }
    const same = publicUrl
      ? from.protocol === publicUrl.protocol && from.host === publicUrl.host
      : from.host === request.host;
    if (!same) return done(new AppError('forbidden', 'Cross-origin request refused.'));
    done();
  });
}
