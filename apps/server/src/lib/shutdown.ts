// Graceful shutdown of one instance behind a load balancer (decision 0022). On SIGTERM:
// 1. Drain: for SHUTDOWN_DRAIN_SECONDS the instance keeps serving everything, but its health check
//    answers 503 `draining`, so the balancer's health checks take it out of rotation while no
//    shopper's request is refused. 0 (the default, and `npm start` on a laptop) skips this step.
// 2. Close: Fastify stops accepting connections, closes idle keep-alive ones (and each busy one
//    once its answer is sent), answers 503 to a request that still arrives on a busy one
//    (`return503OnClosing`), and waits for every request in flight; then the onClose hooks stop the job worker (the running job finishes or goes back
//    to the queue), the invalidation bus and the database.
// 3. If that takes longer than SHUTDOWN_TIMEOUT_MS, the process exits anyway (status 1).
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when a shutdown began: the health check answers 503 `draining`. */
    lifecycle: { draining: boolean };
  }
}

export function registerLifecycle(app: FastifyInstance) {
  app.decorate('lifecycle', { draining: false });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drains for `drainMs`, then closes the app (in-flight requests finish first). */
export async function drainAndClose(app: FastifyInstance, drainMs: number): Promise<void> {
  app.lifecycle.draining = true;
  if (drainMs > 0) {
    app.log.info({ drainMs }, 'draining: the health check answers 503 while requests are still served');
    await sleep(drainMs);
  }
  // Fastify closes the connections idle when close starts; one busy then would stay open after
  // its answer until the keep-alive timeout (5 s) and hold the exit up. Close each as it idles.
  const idle = setInterval(() => app.server.closeIdleConnections(), 50);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
  }
}

/** SIGTERM drains then closes; SIGINT (Ctrl-C) closes at once; either way exits when done. */
export function handleShutdown(app: FastifyInstance, options: { drainMs: number; timeoutMs: number }) {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const drainMs = signal === 'SIGTERM' ? options.drainMs : 0;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, drainMs + options.timeoutMs);
    timer.unref();
    drainAndClose(app, drainMs).then(
      () => {
        app.log.info('shutdown complete');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
