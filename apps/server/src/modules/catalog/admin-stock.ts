// Stock adjustments from the back office: a change in units with a reason, audited in the same
// transaction; the catalogue snapshot is dropped so the storefront shows the new stock at once.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { StockAdjustmentInput } from '@spice/shared/contracts/admin';
import type { Tx } from '../../db/client.ts';
import type { AuditService } from '../admin/audit.ts';
import type { BatchService } from './batches.ts';
import type { CatalogService } from './service.ts';

export type StockService = ReturnType<typeof createStockService>;

export function createStockService(deps: {
  catalog: CatalogService;
  /** Stock is batches (decision 0044): an unnamed change becomes a dated batch or a FEFO take. */
  batches: Pick<BatchService, 'adjustUnnamed'>;
  audit: AuditService;
  /** Stock went from none to some, in the change's transaction (back-in-stock alerts, issue 37). */
  restocked?: (variantId: number, tx: Tx) => Promise<void>;
}) {
  const { catalog } = deps;
  return {
    list: () => catalog.stockList(),
    adjust(admin: UserDto, variantId: number, input: StockAdjustmentInput) {
      return deps.batches.adjustUnnamed(admin, variantId, input);
    },
  };
}
