// Baseline response headers and the same-origin rule for mutating requests (ARCHITECTURE.md:
// "Mutating requests check Origin").
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerSecurity(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return; // Non-browser clients send none; browsers always do on cross-site POSTs.
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new AppError('forbidden', 'Cross-origin request refused.');
    }
    const expected = request.headers['x-forwarded-host'] ?? request.headers.host;
    if (host !== expected) throw new AppError('forbidden', 'Cross-origin request refused.');
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
  });
}
