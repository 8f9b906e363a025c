// Stock adjustments from the back office: a change in units with a reason, audited in the same
// transaction; the catalogue snapshot is dropped so the storefront shows the new stock at once.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { StockAdjustmentInput } from '@spice/shared/contracts/admin';
import type { AuditService } from '../admin/audit.ts';
import type { CatalogService } from './service.ts';

export type StockService = ReturnType<typeof createStockService>;

export function createStockService(deps: { catalog: CatalogService; audit: AuditService }) {
  const { catalog, audit } = deps;
  return {
    list: () => catalog.stockList(),
    adjust(admin: UserDto, variantId: number, input: StockAdjustmentInput) {
      return catalog.adjustStock(variantId, input.change, (before, after, tx) =>
        audit.audit(
          {
            actorUserId: admin.id,
            action: 'stock.adjust',
            entity: 'variant',
            entityId: variantId,
            before,
            after: { ...after, change: input.change, reason: input.reason },
          },
          tx,
        ),
      );
    },
  };
}
