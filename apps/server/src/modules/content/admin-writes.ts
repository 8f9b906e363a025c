// What the back office's content writes share: a write runs in one transaction with its audit entry
// and drops the public content snapshot after commit. Their versioned changes (404 when gone, 409
// when changed) and reorders are lib/versioned.ts's.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditService } from '../admin/audit.ts';

export interface ContentWriter {
  db: Db;
  /** Records the audit entry of a write, in its transaction. */
  record(
    admin: UserDto,
    tx: Tx,
    action: string,
    entity: string,
    entityId: string | number,
    before: unknown,
    after: unknown,
  ): Promise<unknown>;
  /** Runs a write in a transaction, then drops the public snapshot once it committed. */
  write<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

export function createContentWriter(
  db: Db,
  deps: { audit: AuditService; invalidate: () => void },
): ContentWriter {
  const { audit, invalidate } = deps;
  return {
    db,
    record: (admin, tx, action, entity, entityId, before, after) =>
      audit.audit({ actorUserId: admin.id, action, entity, entityId, before, after }, tx),
    async write(work) {
      const result = await db.transaction(work);
      invalidate();
      return result;
    },
  };
}
