// The job queue in the back office: the list by status, and Retry for a dead job (audited, in the
// same transaction as the change).
import type { UserDto } from '@spice/shared/contracts/accounts';
import {
  type AdminJobPageDto,
  type AdminJobsQueryInput,
  JOB_NOT_DEAD,
} from '@spice/shared/contracts/admin-jobs';
import type { Db } from '../../db/client.ts';
import { pageOf } from '../../lib/pagination.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import type { JobQueue } from './queue.ts';
import type { JobRow } from './schema.ts';

const toDto = (j: JobRow) => ({
  id: j.id,
  name: j.name,
  payload: j.payload,
  status: j.status,
  attempts: j.attempts,
  maxAttempts: j.maxAttempts,
  runAt: j.runAt.toISOString(),
  lastError: j.lastError,
  updatedAt: j.updatedAt.toISOString(),
});

export function createJobsAdmin(db: Db, deps: { jobs: JobQueue; audit: AuditService }) {
  return {
    async list(query: AdminJobsQueryInput): Promise<AdminJobPageDto> {
      const { rows, byStatus, routine, total } = await deps.jobs.list(query);
      return {
        ...pageOf(rows.map(toDto), total, query),
        counts: {
          queued: byStatus.queued ?? 0,
          running: byStatus.running ?? 0,
          done: byStatus.done ?? 0,
          dead: byStatus.dead ?? 0,
          routine,
        },
      };
    },

    async retry(admin: UserDto, id: number) {
      const row = await db.transaction(async (tx) => {
        const queued = await deps.jobs.retry(id, tx);
        if (!queued) return null;
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'job.retry',
            entity: 'job',
            entityId: String(queued.id),
            before: { status: 'dead' },
            after: { status: queued.status, name: queued.name },
          },
          tx,
        );
        return queued;
      });
      if (row) return toDto(row);
      // Read after the transaction: the embedded database has one connection, held by it.
      if (!(await deps.jobs.find(id))) throw new AppError('notFound', 'Job not found.');
      throw new AppError('conflict', JOB_NOT_DEAD);
    },
  };
}
