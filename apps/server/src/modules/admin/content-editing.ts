// The back office's content writes (policy texts, store name, title and description), each with
// its audit entry in the change's transaction. The API routes and the admin pages both call these.

import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  CheckoutSettingsEditInput,
  PolicyEditInput,
  SettingsEditInput,
} from '@spice/shared/contracts/admin';
import type { PolicyKind } from '@spice/shared/policy';
import type { CheckoutService } from '../checkout/service.ts';
import type { ContentService } from '../content/service.ts';
import type { AuditService } from './audit.ts';

export type ContentEditingService = ReturnType<typeof createContentEditingService>;

export function createContentEditingService(deps: {
  content: ContentService;
  checkout: CheckoutService;
  audit: AuditService;
}) {
  const { content, checkout, audit } = deps;
  return {
    updatePolicy(admin: UserDto, kind: PolicyKind, input: PolicyEditInput) {
      return content.updatePolicy(kind, input, (before, after, tx) =>
        audit.audit(
          {
            actorUserId: admin.id,
            action: 'policy.update',
            entity: 'policy',
            entityId: kind,
            before: { title: before.title, body: before.body, version: before.version },
            after: { title: after.title, body: after.body, version: after.version },
          },
          tx,
        ),
      );
    },

    updateSettings(admin: UserDto, input: SettingsEditInput) {
      return content.updateSettings(input, (before, after, tx) =>
        audit.audit(
          {
            actorUserId: admin.id,
            action: 'settings.update',
            entity: 'site_settings',
            entityId: 1,
            before: { storeName: before.storeName, title: before.title, description: before.description },
            after: { storeName: after.storeName, title: after.title, description: after.description },
          },
          tx,
        ),
      );
    },

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
