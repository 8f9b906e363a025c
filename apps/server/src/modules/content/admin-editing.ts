// The back office's content writes (policy texts, store name, title and description), each with
// its audit entry in the change's transaction. The API routes and the admin pages both call these.

import type { UserDto } from '@spice/shared/contracts/accounts';
import type { PolicyEditInput, SettingsEditInput } from '@spice/shared/contracts/admin';
import type { PolicyKind } from '@spice/shared/policy';
import type { AuditService } from '../admin/audit.ts';
import type { AdminPolicyDto, AdminSettingsDto, ContentService } from './service.ts';

/** What the audit log keeps of a policy and of the store texts: each text in both languages. */
const policyAudit = (p: AdminPolicyDto) => ({
  title: p.title,
  body: p.body,
  titleHi: p.titleHi,
  bodyHi: p.bodyHi,
  version: p.version,
});
const settingsAudit = (s: AdminSettingsDto) => ({
  storeName: s.storeName,
  title: s.title,
  description: s.description,
  storeNameHi: s.storeNameHi,
  titleHi: s.titleHi,
  descriptionHi: s.descriptionHi,
});

export type ContentEditingService = ReturnType<typeof createContentEditingService>;

export function createContentEditingService(deps: { content: ContentService; audit: AuditService }) {
  const { content, audit } = deps;
  return {
    updatePolicy(admin: UserDto, kind: PolicyKind, input: PolicyEditInput) {
      return content.updatePolicy(kind, input, (before, after, tx) =>
        audit.audit(
          {
            actorUserId: admin.id,
            action: 'policy.update',
            entity: 'policy',
            entityId: kind,
            before: policyAudit(before),
            after: policyAudit(after),
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
            before: settingsAudit(before),
            after: settingsAudit(after),
          },
          tx,
        ),
      );
    },
  };
}
