// The back office's review moderation (replies and visibility), each with its audit entry in the
// same transaction. The API routes and the admin pages both call these, so a change is audited
// whichever way it is made.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { AuditService } from '../admin/audit.ts';
import type { ReviewsService } from './service.ts';

export type ReviewModerationService = ReturnType<typeof createReviewModerationService>;

export function createReviewModerationService(deps: { reviews: ReviewsService; audit: AuditService }) {
  const { reviews, audit } = deps;
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
  };
}
