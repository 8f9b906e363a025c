// The services of every module, built once per app around one database handle. Route handlers
// and the storefront's loaders (in-process, through the router context) call these.

import type { Db } from './db/client.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { createOtpService } from './modules/auth/otp-service.ts';
import { createSessionStore } from './modules/auth/sessions.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createCheckoutService } from './modules/checkout/service.ts';
import { createContentService } from './modules/content/service.ts';
import { createCouponsService } from './modules/coupons/service.ts';
import { createMessenger } from './modules/messaging/service.ts';
import type { Config } from './plugins/config.ts';

export type Services = ReturnType<typeof createServices>;

export function createServices(db: Db, config: Config) {
  const ttlMs = config.CATALOG_CACHE_SECONDS * 1000;
  const messenger = createMessenger(db, config);
  return {
    messenger,
    accounts: createAccountsService(db),
    sessions: createSessionStore(db, { days: config.SESSION_DAYS }),
    otp: createOtpService(db, messenger, {
      secret: config.OTP_SECRET,
      limits: {
        ttlMs: config.OTP_TTL_SECONDS * 1000,
        maxAttempts: config.OTP_MAX_ATTEMPTS,
        resendAfterMs: config.OTP_RESEND_SECONDS * 1000,
        maxResends: config.OTP_MAX_RESENDS,
        sendsPerTargetPerDay: config.OTP_SENDS_PER_NUMBER_PER_DAY,
        sendsPerIpPerHour: config.OTP_SENDS_PER_IP_PER_HOUR,
      },
    }),
    catalog: createCatalogService(db, { ttlMs }),
    content: createContentService(db, { ttlMs }),
    checkout: createCheckoutService(db, { ttlMs }),
    coupons: createCouponsService(db),
  };
}
