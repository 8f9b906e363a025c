// The audit log's writer and reader. Every back-office write calls `audit` inside the same
// transaction as the change, so a change is never saved without its record (or the reverse).
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOf, pageRows } from '../../lib/pagination.ts';
import { userFirstNameById, userFullNameById, userMobileById, userRoleById } from '../accounts/directory.ts';
import { auditLog } from './schema.ts';

export interface AuditEntry {
  /** Null when no person acted (a courier's webhook). */
  actorUserId: number | null;
  action: string;
  entity: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
}

// Spelled out: in a one-table select Drizzle leaves ${auditLog.actorUserId} unqualified.
const actor = sql`"audit_log"."actor_user_id"`;

export type AuditService = ReturnType<typeof createAuditService>;

export function createAuditService(db: Db) {
  return {
    async audit(entry: AuditEntry, executor: Pick<Db, 'insert'> = db): Promise<void> {
      await executor.insert(auditLog).values({
        actorUserId: entry.actorUserId,
        // Who acted and as what, as they are at this moment (issue 41): read in the same statement.
        ...(entry.actorUserId !== null && {
          actorName: userFullNameById(sql`${entry.actorUserId}::int`),
          actorRole: userRoleById(sql`${entry.actorUserId}::int`),
        }),
        action: entry.action,
        entity: entry.entity,
        entityId: String(entry.entityId),
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },

    /** Newest first, one page at a time, with the actor's name and mobile. */
    async list(page: number, size: number) {
      const rows = await pageRows(
        db
          .select({
            id: auditLog.id,
            actorUserId: auditLog.actorUserId,
            // The actor's name and mobile through the accounts module, in this one statement.
            // The name and role kept when the change was made; the account's current name otherwise.
            actorName: sql<string | null>`coalesce("audit_log"."actor_name", ${userFirstNameById(actor)})`,
            actorRole: auditLog.actorRole,
            actorMobile: userMobileById(actor),
            action: auditLog.action,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            before: auditLog.before,
            after: auditLog.after,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id)),
        { page, size },
      );
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
      const content = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
      return pageOf(content, count?.n ?? 0, { page, size });
    },
  };
}
