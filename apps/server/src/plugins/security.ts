// The same-origin rule for mutating requests (ARCHITECTURE.md: "Mutating requests check Origin").
// Response headers come from helmet (security-headers.ts).
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerSecurity(app: FastifyInstance): void {
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
