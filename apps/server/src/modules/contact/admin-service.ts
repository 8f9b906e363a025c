// The back office's inbox write (a message's read state), with its audit entry in the same
// transaction. The API route and the admin page both call it, so a change is audited either way.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { AuditService } from '../admin/audit.ts';
import type { ContactService } from './service.ts';

export type InboxService = ReturnType<typeof createInboxService>;

export function createInboxService(deps: { contact: ContactService; audit: AuditService }) {
  const { contact, audit } = deps;
  return {
    setMessageRead(admin: UserDto, id: number, read: boolean) {
      return contact.setRead(id, read, (before, after, tx) =>
        audit.audit(
          {
            actorUserId: admin.id,
            action: read ? 'message.read' : 'message.unread',
            entity: 'contact_message',
            entityId: id,
            before: { read: before.read },
            after: { read: after.read },
          },
          tx,
        ),
      );
    },
  };
}
