// The back office's checkout settings write (platform fee and shipping milestones), with its audit
// entry in the change's transaction. The API route and the admin page both call it.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { CheckoutSettingsEditInput } from '@spice/shared/contracts/admin';
import type { AuditService } from '../admin/audit.ts';
import type { CheckoutService } from './service.ts';

export type CheckoutAdminService = ReturnType<typeof createCheckoutAdminService>;

export function createCheckoutAdminService(deps: { checkout: CheckoutService; audit: AuditService }) {
  const { checkout, audit } = deps;
  return {
    updateCheckoutSettings(admin: UserDto, input: CheckoutSettingsEditInput) {
      return checkout.updateSettings(input, (before, after, tx) =>
        audit.audit(
          {
            actorUserId: admin.id,
            action: 'checkout-settings.update',
            entity: 'checkout_settings',
            entityId: 1,
            before,
            after,
          },
          tx,
        ),
      );
    },
  };
}
