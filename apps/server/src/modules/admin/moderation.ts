// The back office's moderation writes (review replies and visibility, the inbox's read state),
// each with its audit entry in the same transaction. The API routes and the admin pages both call
// these, so a change is audited whichever way it is made.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { ContactService } from '../contact/service.ts';
import type { ReviewsService } from '../reviews/service.ts';
import type { AuditService } from './audit.ts';

export type ModerationService = ReturnType<typeof createModerationService>;

export function createModerationService(deps: {
  reviews: ReviewsService;
  contact: ContactService;
  audit: AuditService;
}) {
  const { reviews, contact, audit } = deps;
  return {
    replyToReview(admin: UserDto, id: number, reply: string | null) {
      return reviews.setReply(id, reply, (before, after, tx) =>
        audit.audit(
          {
            actorUserId: admin.id,
            action: 'review.reply',
            entity: 'review',
            entityId: id,
            before: { adminReply: before.adminReply },
            after: { adminReply: after.adminReply },
          },
          tx,
        ),
      );
    },

    setReviewHidden(admin: UserDto, id: number, hidden: boolean) {
      return reviews.setHidden(id, hidden, (before, after, tx) =>
        audit.audit(
          {
            actorUserId: admin.id,
            action: hidden ? 'review.hide' : 'review.show',
            entity: 'review',
            entityId: id,
            before: { hidden: before.hidden },
            after: { hidden: after.hidden },
          },
          tx,
        ),
      );
    },

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
