// The services of every module, built once per app around one database handle. Route handlers
// and the storefront's loaders (in-process, through the router context) call these.

import type { Db } from './db/client.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createCheckoutService } from './modules/checkout/service.ts';
import { createContentService } from './modules/content/service.ts';
import { createCouponsService } from './modules/coupons/service.ts';
import type { Config } from './plugins/config.ts';

export type Services = ReturnType<typeof createServices>;

export function createServices(db: Db, config: Pick<Config, 'CATALOG_CACHE_SECONDS'>) {
  const ttlMs = config.CATALOG_CACHE_SECONDS * 1000;
  return {
    catalog: createCatalogService(db, { ttlMs }),
    content: createContentService(db, { ttlMs }),
    checkout: createCheckoutService(db, { ttlMs }),
    coupons: createCouponsService(db),
  };
}
