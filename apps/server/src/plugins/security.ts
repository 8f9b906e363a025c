// The same-origin rule for mutating requests (ARCHITECTURE.md: "Mutating requests check Origin").
// Response headers come from helmet (security-headers.ts).
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerSecurity(app: FastifyInstance): void {
  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    if (!origin) return done(); // Non-browser clients send none; browsers always do on cross-site POSTs.
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return done(new AppError('forbidden', 'Cross-origin request refused.'));
    }
    const expected = request.headers['x-forwarded-host'] ?? request.headers.host;
    if (host !== expected) return done(new AppError('forbidden', 'Cross-origin request refused.'));
    done();
  });
}
