// The services of every module, built once per app around one database handle. Route handlers
// and the storefront's loaders (in-process, through the router context) call these.

import type { Db } from './db/client.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { createAuditService } from './modules/admin/audit.ts';
import { createContentEditingService } from './modules/admin/content-editing.ts';
import { createCustomersService } from './modules/admin/customers.ts';
import { createDashboardService } from './modules/admin/dashboard.ts';
import { createModerationService } from './modules/admin/moderation.ts';
import { createStockService } from './modules/admin/stock.ts';
import { createOtpService } from './modules/auth/otp-service.ts';
import { createSessionStore } from './modules/auth/sessions.ts';
import { createCartService } from './modules/cart/service.ts';
import { createProductEditingService } from './modules/catalog/admin-service.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createCheckoutService } from './modules/checkout/service.ts';
import { createContactService } from './modules/contact/service.ts';
import { createContentAdminService } from './modules/content/admin-service.ts';
import { createContentService } from './modules/content/service.ts';
import { createCouponsAdminService } from './modules/coupons/admin-service.ts';
import { createCouponsService } from './modules/coupons/service.ts';
import { createMediaService } from './modules/media/service.ts';
import { createMediaStorage } from './modules/media/storage.ts';
import { createMessenger } from './modules/messaging/service.ts';
import { createAdminOrdersService } from './modules/orders/admin-service.ts';
import { createCustomerOrderService } from './modules/orders/customer-order.ts';
import { createOrdersService } from './modules/orders/service.ts';
import { variantsInUse } from './modules/orders/variant-usage.ts';
import { createGateway } from './modules/payments/gateway.ts';
import { createPaymentsLedger } from './modules/payments/ledger.ts';
import { createReviewsService } from './modules/reviews/service.ts';
import { createSearchService } from './modules/search/service.ts';
import type { Config } from './plugins/config.ts';

export type Services = ReturnType<typeof createServices>;

export interface ServiceDeps {
  /** Secrets generated once per installation (loaded before the services are built). */
  secrets: { paymentsSimulated: string };
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export function createServices(db: Db, config: Config, deps: ServiceDeps) {
  const ttlMs = config.CATALOG_CACHE_SECONDS * 1000;
  const messenger = createMessenger(db, config);
  const catalog = createCatalogService(db, { ttlMs });
  const checkout = createCheckoutService(db, { ttlMs });
  const coupons = createCouponsService(db);
  const gateway = createGateway(config, () => deps.secrets.paymentsSimulated);
  const audit = createAuditService(db);
  const payments = createPaymentsLedger(db);
  const reviews = createReviewsService(db, { catalog, ttlMs });
  const accounts = createAccountsService(db);
  const customerOrders = createCustomerOrderService(db, { catalog });
  const contact = createContactService(db, messenger, {
    storeEmail: config.STORE_EMAIL,
    log: deps.log,
  });
  const content = createContentService(db, { ttlMs });
  const media = createMediaService(createMediaStorage(config), {
    audit,
    log: deps.log,
    maxUploadMb: config.MEDIA_MAX_UPLOAD_MB,
  });
  return {
    audit,
    media,
    productEditing: createProductEditingService(db, { catalog, audit, media, variantsInUse }),
    contentEditing: createContentEditingService({ content, checkout, audit }),
    contentAdmin: createContentAdminService(db, { audit, invalidate: () => content.invalidate() }),
    couponsAdmin: createCouponsAdminService(db, { audit }),
    stock: createStockService({ catalog, audit }),
    dashboard: createDashboardService(db),
    adminOrders: createAdminOrdersService(db, {
      audit,
      messenger,
      coupons,
      invalidateCatalog: () => catalog.invalidate(),
      log: deps.log,
    }),
    catalog,
    search: createSearchService({ catalog }),
    checkout,
    coupons,
    gateway,
    payments,
    cart: createCartService(db, catalog),
    orders: createOrdersService(db, {
      catalog,
      checkout,
      coupons,
      messenger,
      gateway,
      ledger: payments,
      holdMinutes: config.CHECKOUT_HOLD_MINUTES,
      log: deps.log,
    }),
    customerOrders,
    customers: createCustomersService({ accounts, customerOrders, reviews }),
    messenger,
    accounts,
    sessions: createSessionStore(db, { days: config.SESSION_DAYS, publicUrl: config.PUBLIC_URL }),
    otp: createOtpService(db, messenger, {
      secret: config.OTP_SECRET,
      limits: {
        ttlMs: config.OTP_TTL_SECONDS * 1000,
        maxAttempts: config.OTP_MAX_ATTEMPTS,
        resendAfterMs: config.OTP_RESEND_SECONDS * 1000,
        maxResends: config.OTP_MAX_RESENDS,
        sendsPerTargetPerWindow: config.OTP_SENDS_PER_NUMBER_PER_15_MIN,
      },
    }),
    content,
    reviews,
    contact,
    moderation: createModerationService({ reviews, contact, audit }),
  };
}
