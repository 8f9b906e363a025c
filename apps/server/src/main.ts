// Boots the shop: validates configuration (refusing a real shop without message providers or a
// grievance officer), opens and migrates the database, in demo mode seeds the demo data once,
// serves API and storefront, and shuts down gracefully on SIGTERM/SIGINT (lib/shutdown.ts).
import path from 'node:path';
import { buildApp } from './app.ts';
import { migrateAndSeed } from './db/boot.ts';
import { DEFAULT_DATA_DIR, openDatabase } from './db/client.ts';
import { holdDataDir } from './db/holder.ts';
import { handleShutdown } from './lib/shutdown.ts';
import { grievanceOfficerAtBoot } from './modules/grievances/boot.ts';
import { bootWarnings, type Config, ConfigError, loadConfig } from './plugins/config.ts';
import type { StorefrontOptions } from './plugins/storefront.ts';
import { registerStorefront } from './plugins/storefront.ts';

/** Plain lines for a person watching the first start (npm start); the JSON logs are for machines. */
export interface StartOutput {
  /** A short step: migrating, seeding, where it listens. */
  progress: (line: string) => void;
  /** The one last line, once the shop listens: where to open it. */
  ready: (line: string) => void;
}

const quiet: StartOutput = { progress: () => {}, ready: () => {} };

/** The address to open in a browser: a wildcard or loopback host is localhost. */
export function shopUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The last line of a start: where the shop is and, in demo mode, how to get in. */
export function readyLine(config: Pick<Config, 'HOST' | 'PORT' | 'DEMO_MODE'>, adminMobile: string): string {
  const url = shopUrl(config.HOST, config.PORT);
  return config.DEMO_MODE
    ? `Shop ready at ${url} (demo mode: codes at /dev/outbox, admin ${adminMobile})`
    : `Shop ready at ${url}`;
}

export async function main(
  makeStorefront: (config: Config) => Promise<StorefrontOptions> | StorefrontOptions,
  output: StartOutput = quiet,
) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
  // Traces only with an OTLP endpoint; without one the tracing code is never loaded.
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await (await import('./lib/tracing.ts')).startTracing({
        endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
        serviceName: config.OTEL_SERVICE_NAME,
      })
    : null;
  // The embedded database runs on a worker thread unless PGLITE_WORKER=false (decision 0025).
  const database = await openDatabase(config.DATABASE_URL, {
    worker: config.PGLITE_WORKER !== false,
    ...(tracing ? { tracer: tracing.tracer } : {}),
  });
  // An embedded database on disk is this process's alone: `npm run backup` checks this mark.
  const releaseDataDir =
    database.kind === 'pglite' && config.DATABASE_URL !== 'memory://'
      ? holdDataDir(path.resolve(config.DATABASE_URL || DEFAULT_DATA_DIR))
      : () => {};
  // However the process ends (a shutdown that timed out, a close that failed), the mark goes with it.
  process.once('exit', releaseDataDir);
  const { seeded, demoAdminRevoked } = await migrateAndSeed(database, {
    seed: config.DEMO_MODE,
    progress: output.progress,
  });
  if (config.DEMO_MODE) {
    output.progress(
      process.env.HOST
        ? `Demo mode: listening on ${config.HOST} as HOST says; anyone who reaches it can read login codes at /dev/outbox.`
        : `Demo mode: listening on ${config.HOST} only (this computer); set HOST=0.0.0.0 to open it to your network, where anyone could read login codes at /dev/outbox.`,
    );
  }

  const storefront = await makeStorefront(config);
  let stopJobs = async () => {};
  const app = await buildApp({
    config,
    database,
    logger,
    storefront: registerStorefront(storefront),
    ...(tracing ? { tracer: tracing.tracer } : {}),
    onClose: async () => {
      // The running job finishes, or goes back to the queue for another instance, before the database closes.
      try {
        await stopJobs();
        await database.close();
      } finally {
        releaseDataDir();
      }
      // The last spans (the shutdown's own requests and jobs) are sent before the process ends.
      await tracing?.shutdown();
    },
  });
  // A real shop names its grievance officer or does not start (decision 0036).
  try {
    if ((await grievanceOfficerAtBoot(config, app.services.grievances)) === 'from-settings')
      app.log.info('Grievance officer saved from the GRIEVANCE_OFFICER_* settings.');
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    await app.close();
    process.exit(1);
  }
  app.log.info(
    {
      database: database.kind,
      dataDir: database.kind === 'pglite' ? config.DATABASE_URL || '.data/pglite' : undefined,
      pgliteWorker: database.kind === 'pglite' ? config.PGLITE_WORKER !== false : undefined,
      seeded,
    },
    'database ready',
  );

  if (config.DEMO_MODE) {
    app.log.warn(
      'DEMO MODE: this is a demo shop, not for real customers. Demo data is seeded once, messages without a provider go to the dev outbox that anyone can read at /dev/outbox (login codes included), and payments are simulated unless Razorpay keys are set. Set DEMO_MODE=false and configure SMS_PROVIDER, SMTP_URL and Razorpay to run a real shop.',
    );
    for (const channel of ['sms', 'email'] as const) {
      if (app.services.messenger.usesOutbox(channel)) {
        app.log.warn(
          { channel },
          `No ${channel === 'sms' ? 'SMS provider (SMS_PROVIDER)' : 'SMTP server (SMTP_URL)'} configured: ${channel} messages go to the dev outbox at /dev/outbox and are NOT delivered`,
        );
      }
    }
  } else {
    app.log.info('Demo mode is off: no demo data, no dev outbox, no simulated payments.');
    if (!app.services.messenger.available('whatsapp'))
      app.log.info('No WHATSAPP_TOKEN: order messages go by e-mail and SMS only.');
    if (demoAdminRevoked) {
      app.log.warn(
        'The demo admin account (9999900001) left from demo mode is no longer an admin. Use npm run admin:grant -- <mobile> for the real admin.',
      );
    }
  }
  for (const warning of bootWarnings(config)) app.log.warn(warning);

  if (config.JOBS_WORKER !== false) {
    app.jobWorker.start();
    stopJobs = () => app.jobWorker.stop(Math.floor(config.SHUTDOWN_TIMEOUT_MS / 2));
  }
  // The search index is built before the shop listens, so no shopper's search waits for it.
  await app.services.search.ready();
  // Before listening: a SIGTERM as soon as the shop answers (a supervisor, a test) drains and
  // closes it, rather than Node's default of ending the process where it stands.
  handleShutdown(app, {
    drainMs: config.SHUTDOWN_DRAIN_SECONDS * 1000,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  });
  await app.listen({ host: config.HOST, port: config.PORT });
  const { DEMO_ADMIN } = await import('./seed/demo-seed.ts');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // The start's JSON lines first (the logger writes asynchronously), so the plain 'Shop ready'
  // line is the last one of the start.
  await new Promise<void>((resolve) =>
    (app.log as unknown as { flush(cb: () => void): void }).flush(resolve),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  output.ready(readyLine({ ...config, PORT: port }, DEMO_ADMIN.mobile));
  return app;
}
