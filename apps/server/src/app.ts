// Builds the Fastify app: infrastructure plugins, the API modules under /api and, when given, the
// storefront (static assets and server-rendered pages). Tests build it without the storefront.
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { Tracer } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import { loadAppSecret } from './lib/app-secrets.ts';
import { createFrontCache, type FrontCache } from './lib/front-cache.ts';
import { openInvalidationBus } from './lib/invalidation-bus.ts';
import { registerLifecycle } from './lib/shutdown.ts';
import { dataGeneration } from './lib/snapshot.ts';
import { adminCustomerRoutes } from './modules/accounts/admin-routes.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { adminStaffRoutes } from './modules/accounts/staff-routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { adminAlertRoutes } from './modules/alerts/routes.ts';
import { OWNER_ALERTS_SCAN_JOB } from './modules/alerts/service.ts';
import { adminAnalyticsRoutes } from './modules/analytics/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { adminProductRoutes } from './modules/catalog/admin-routes.ts';
import { adminStockRoutes } from './modules/catalog/admin-stock-routes.ts';
import { adminBatchRoutes } from './modules/catalog/batch-routes.ts';
import { STOCK_ALERTS_JOB } from './modules/catalog/batches.ts';
import { productsCsvRoutes } from './modules/catalog/products-csv-routes.ts';
import { recallRoutes } from './modules/catalog/recall-routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { adminCheckoutSettingsRoutes } from './modules/checkout/admin-routes.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { adminContactRoutes } from './modules/contact/admin-routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { adminPolicyRoutes } from './modules/content/admin-policy-routes.ts';
import { adminSiteRoutes } from './modules/content/admin-routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { adminCouponRoutes } from './modules/coupons/admin-routes.ts';
import { couponRoutes } from './modules/coupons/routes.ts';
import { deliveryRoutes } from './modules/delivery/routes.ts';
import { adminFeedRoutes, feedRoutes } from './modules/feeds/routes.ts';
import { adminGrievanceRoutes } from './modules/grievances/admin-routes.ts';
import { grievanceRoutes } from './modules/grievances/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { adminJobRoutes } from './modules/jobs/routes.ts';
import { createJobWorker, type JobHandler, type JobWorker } from './modules/jobs/worker.ts';
import { adminMarketingRoutes, devMarketingRoutes, marketingRoutes } from './modules/marketing/routes.ts';
import { mediaRoutes, registerMediaFiles } from './modules/media/routes.ts';
import { outboxRoutes } from './modules/messaging/routes.ts';
import { whatsappWebhookRoutes } from './modules/messaging/whatsapp-routes.ts';
import { adminOfferRoutes } from './modules/offers/admin-routes.ts';
import { quoteRoutes } from './modules/offers/quote-routes.ts';
import { adminOrderRoutes } from './modules/orders/admin-routes.ts';
import { bulkOrderRoutes } from './modules/orders/bulk-routes.ts';
import { codConfirmationRoutes } from './modules/orders/cod-confirmation-routes.ts';
import { adminCodRemittanceRoutes } from './modules/orders/cod-remittance-routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { salesBySourceRoutes } from './modules/orders/sales-by-source-routes.ts';
import { adminPaymentRoutes } from './modules/payments/routes.ts';
import { RETENTION_EVERY_MS, RETENTION_JOB } from './modules/privacy/retention.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { adminReviewRoutes } from './modules/reviews/admin-routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { deliveryIssueRoutes } from './modules/shipping/delivery-issue-routes.ts';
import { shippingRoutes } from './modules/shipping/routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { guardBackOffice, registerAuth } from './plugins/auth.ts';
import type { Config } from './plugins/config.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { type ObserveAnswer, type ObserveResponse, registerMetrics } from './plugins/metrics.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { namesItsTargetSanely, registerSecurity } from './plugins/security.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { createServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    services: Services;
    /** Runs the background jobs; main.ts starts it, tests call runDue(). */
    jobWorker: JobWorker;
    /** Public answers replayed before the framework (lib/front-cache.ts). */
    frontCache: FrontCache;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Registers the storefront; called last so its catch-all route sees every API route first. */
  storefront?: (app: FastifyInstance) => Promise<void>;
  /** Runs after in-flight requests finished on close (the server closes its database here). */
  onClose?: () => Promise<void>;
  /** With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT, lib/tracing.ts): request and job spans. */
  tracer?: Tracer;
  /** Sees every answer once sent (the test apps fail a test on an unexpected 5xx with it). */
  onResponse?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;
/** The levels at which the per-request line is written. */
const INFO_LOGGED = new Set(['trace', 'debug', 'info']);

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many hops nearest the server, as
 * Express does (Fastify itself now trusts no hop when given a bare number): with 1, the client's
 * address is the one the proxy appended to X-Forwarded-For, and whatever the client wrote before
 * it is ignored. Addresses/CIDRs trust only those peers.
 */
export function trustProxyOption(setting: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** A sane X-Request-Id the client sent (a proxy's), or a new one. */
function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // Made before the app, so the HTTP server's own handler can answer from it (decision 0051).
  let log: FastifyInstance['log'] | null = null;
  let observeFront: ObserveAnswer | null = null;
  const front = createFrontCache({
    ttlMs: config.CATALOG_CACHE_SECONDS * 1000,
    maxBytes: 16 * 1024 * 1024,
    generation: dataGeneration,
    requestId: requestIdOf,
    // Behind a proxy the Host the checks read may be X-Forwarded-Host: such requests go through.
    accepts: (request) =>
      request.headers['x-forwarded-host'] === undefined &&
      namesItsTargetSanely(request.url ?? '/', 'GET', request.headers.host),
    answered: (request, statusCode, started, route) => {
      observeFront?.(request.method ?? 'GET', route, statusCode, (performance.now() - started) / 1000);
      if (log && INFO_LOGGED.has(log.level))
        log.info(
          {
            method: request.method,
            url: request.url,
            statusCode,
            ms: Math.round(performance.now() - started),
          },
          'request',
        );
    },
  });
  const app = Fastify({
    // The server Fastify would make (its keep-alive and timeouts below), with the front cache first.
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        if (!front.answer(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    logger: options.logger ?? false,
    // Fastify's two lines per request are replaced by one line in onResponse below.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: requestIdOf,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  log = app.log;
  app.decorate('frontCache', front);
  // Closing: new requests get the framework's 503, none a kept answer.
  app.addHook('preClose', (done) => {
    front.close();
    done();
  });
  app.decorate('config', config);
  app.decorate('database', database);
  registerLifecycle(app);
  const paymentsSimulated = await loadAppSecret(database.db, 'payments-simulated');
  // Before the services: their caches subscribe to it. Closed after in-flight requests finished.
  const bus = await openInvalidationBus({
    databaseUrl: database.url,
    databaseKind: database.kind,
    redisUrl: config.REDIS_URL,
    log: app.log,
    notify: (channel, text) => database.db.execute(sql`select pg_notify(${channel}, ${text})`),
  });
  app.addHook('onClose', async () => bus.close());
  app.decorate(
    'services',
    createServices(database.db, config, {
      secrets: { paymentsSimulated },
      log: app.log,
      bus,
      // PGlite is one process: its sessions can be kept in memory (decision 0020).
      sessionCacheMs: database.kind === 'pglite' ? 60_000 : 0,
      shared: database.shared,
    }),
  );
  // The storefront's counts noted since the last batch are written before the database closes.
  app.addHook('onClose', async () => app.services.analytics.counter.close());

  // One log line per request, with its id, once the response is sent. Hooks on every request are
  // callback-style: an async hook costs a promise and a microtask per request on the hot path.
  // With METRICS_TOKEN set the same hook observes the request's latency (plugins/metrics.ts).
  const metrics = config.METRICS_TOKEN ? registerMetrics(app, config.METRICS_TOKEN) : null;
  const observe: ObserveResponse | null = metrics?.observe ?? null;
  observeFront = metrics?.observeAnswer ?? null;
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    if (observe) observe(request, reply);
    done();
  });

  // Loaded only with a tracer: without one, no tracing code runs on any request.
  const tracing = options.tracer ? await import('./lib/tracing.ts') : null;
  if (tracing && options.tracer) tracing.registerHttpTracing(app, options.tracer);

  registerErrorHandling(app);
  // Before the checks that refuse a request: a refusal carries the security headers too.
  await registerSecurityHeaders(app, config);
  registerSecurity(app);
  // Brotli at a low quality: most of the size win for a fraction of the CPU of the default (11).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerDocs(app);
  await registerAuth(app, app.services.sessions);
  await registerRateLimits(app);
  app.decorate(
    'jobWorker',
    createWorker(
      app,
      tracing && options.tracer ? (h) => tracing.traceJobHandlers(options.tracer!, h) : (h) => h,
    ),
  );

  await app.register(
    async (api) => {
      guardBackOffice(api, app.services.accounts);
      await api.register(healthRoutes);
      await api.register(catalogRoutes);
      await api.register(contentRoutes);
      await api.register(checkoutRoutes);
      await api.register(couponRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      // Only a demo shop has an outbox to read; elsewhere /api/dev/outbox is an unknown path (404).
      if (config.DEMO_MODE) await api.register(outboxRoutes);
      // The marketing module's dev clock: demo only, like the outbox.
      if (config.DEMO_MODE) await api.register(devMarketingRoutes);
      await api.register(marketingRoutes);
      await api.register(pushRoutes);
      await api.register(adminMarketingRoutes);
      await api.register(adminAlertRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes);
      await api.register(quoteRoutes);
      await api.register(adminOfferRoutes);
      await api.register(codConfirmationRoutes);
      await api.register(whatsappWebhookRoutes);
      await api.register(invoiceRoutes);
      await api.register(reviewRoutes);
      await api.register(adminReviewRoutes);
      await api.register(contactRoutes);
      await api.register(adminContactRoutes);
      await api.register(grievanceRoutes);
      await api.register(adminGrievanceRoutes);
      await api.register(privacyRoutes);
      await api.register(adminOrderRoutes);
      await api.register(bulkOrderRoutes);
      await api.register(adminRoutes);
      await api.register(adminAnalyticsRoutes);
      await api.register(adminPolicyRoutes);
      await api.register(adminStockRoutes);
      await api.register(adminBatchRoutes);
      await api.register(recallRoutes);
      await api.register(adminCheckoutSettingsRoutes);
      await api.register(adminProductRoutes);
      await api.register(productsCsvRoutes);
      await api.register(mediaRoutes);
      await api.register(adminSiteRoutes);
      await api.register(adminCouponRoutes);
      await api.register(adminCustomerRoutes);
      await api.register(adminStaffRoutes);
      await api.register(adminPaymentRoutes);
      await api.register(adminCodRemittanceRoutes);
      await api.register(shippingRoutes);
      await api.register(deliveryIssueRoutes);
      await api.register(adminJobRoutes);
      await api.register(deliveryRoutes);
      await api.register(adminFeedRoutes);
      await api.register(salesBySourceRoutes);
      await api.register(subscriptionRoutes);
      // Unknown /api paths answer JSON, never the storefront's HTML 404. Not an operation of the
      // API, so not in its document (whose OpenAPI 3.1 has no QUERY or TRACE operations either).
      api.all('/*', { schema: { hide: true } }, async (request, reply) =>
        reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` }),
      );
    },
    { prefix: '/api' },
  );

  // The product feeds for Google Merchant Center and Meta (issue 38), beside the storefront's pages.
  await app.register(feedRoutes);

  // Uploaded images on local disk; with S3 storage they are served from the bucket's URL.
  if (app.services.media.storageKind === 'disk') await registerMediaFiles(app, config.MEDIA_DIR);

  if (options.storefront) await options.storefront(app);
  const { onClose, onResponse } = options;
  if (onClose) app.addHook('onClose', async () => onClose());
  if (onResponse) app.addHook('onResponse', onResponse);
  await app.ready();
  return app;
}

/**
 * The job worker: every module's handlers, and the periodic upkeep as schedules (each runs once
 * per period across all instances): unpaid checkouts give back their stock; expired sessions,
 * ended rate-limit windows and finished jobs older than a week are deleted; once a day, personal
 * data past its retention period goes (privacy/retention.ts).
 */
function createWorker(
  app: FastifyInstance,
  traced: (handlers: Record<string, JobHandler>) => Record<string, JobHandler>,
): JobWorker {
  const { config, services } = app;
  const sweeps = {
    'release-expired-checkouts': async () => {
      await services.orders.releaseExpired();
    },
    'purge-expired-sessions': async () => {
      await services.sessions.purgeExpired();
    },
    'purge-rate-limit-windows': () => app.limits.purgeExpired(),
    // Issue 37: abandoned carts found and settled, back-in-stock batches sent.
    'marketing-scan': async () => {
      await services.marketing.scan();
    },
    // Issue 41: the owner's alerts found and enqueued (sent by the 'owner-alert' jobs).
    [OWNER_ALERTS_SCAN_JOB]: async () => {
      await services.alerts.scan();
    },
    // Issue 43: charge dates passed skipped or paused.
    'subscriptions-pass-due': async () => {
      await services.subscriptions.passDue();
    },
    // Issue 39: batches whose best-before came within the minimum shelf life stop being sellable.
    'batch-expiry-sweep': async () => {
      await services.batches.sweep();
    },
    'purge-finished-jobs': async () => {
      await services.jobs.purgeDone(new Date(Date.now() - 7 * 24 * 3_600_000));
    },
  };
  return createJobWorker(services.jobs, {
    handlers: traced({ ...services.jobHandlers, ...sweeps }),
    schedules: [
      { name: 'release-expired-checkouts', everyMs: config.SWEEP_CHECKOUTS_SECONDS * 1000 },
      { name: 'purge-expired-sessions', everyMs: 3_600_000 },
      { name: 'purge-rate-limit-windows', everyMs: 600_000 },
      { name: 'purge-finished-jobs', everyMs: 3_600_000 },
      { name: 'subscriptions-pass-due', everyMs: 600_000 },
      { name: 'batch-expiry-sweep', everyMs: 3_600_000 },
      // Issue 39: the owner's stock alerts, once a day.
      { name: STOCK_ALERTS_JOB, everyMs: 24 * 3_600_000 },
      { name: RETENTION_JOB, everyMs: RETENTION_EVERY_MS },
      { name: 'marketing-scan', everyMs: config.MARKETING_SCAN_SECONDS * 1000 },
      { name: OWNER_ALERTS_SCAN_JOB, everyMs: config.ALERTS_SCAN_SECONDS * 1000 },
    ],
    pollMs: config.JOBS_POLL_MS,
    leaseMs: config.JOBS_LEASE_SECONDS * 1000,
    log: app.log,
  });
}
