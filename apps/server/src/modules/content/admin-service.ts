// The owner's side of the storefront's managed content: banners, the footer fields of the site
// settings, marketplace links ('Also available on:') and the About page's sections, one file each.
// Every write names the version its form showed (409 when the record changed meanwhile, never a
// silent overwrite), runs with its audit entry in one transaction, and drops the content snapshot
// after commit so the storefront's next request (API and pages) shows it (admin-writes.ts).
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../admin/audit.ts';
import { createBannerAdmin } from './admin-banners.ts';
import { createFooterAdmin } from './admin-footer.ts';
import { createMarketplaceLinkAdmin } from './admin-marketplace-links.ts';
import { createSectionAdmin } from './admin-sections.ts';
import { createContentWriter } from './admin-writes.ts';

export type ContentAdminService = ReturnType<typeof createContentAdminService>;

export function createContentAdminService(db: Db, deps: { audit: AuditService; invalidate: () => void }) {
  const writer = createContentWriter(db, deps);
  return {
    ...createBannerAdmin(writer),
    ...createFooterAdmin(writer),
    ...createMarketplaceLinkAdmin(writer),
    ...createSectionAdmin(writer),
  };
}
