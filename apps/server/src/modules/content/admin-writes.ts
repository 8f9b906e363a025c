// What the back office's content writes share: a write runs in one transaction with its audit entry
// and drops the public content snapshot after commit; a versioned row changes only at the version
// its form showed (404 when gone, 409 when changed); a reorder checks the whole list it was shown.
import type { UserDto } from '@spice/shared/contracts/accounts';
import { CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import type { ReorderInputData } from '@spice/shared/contracts/admin-site';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';

export const LIST_CHANGED_MEANWHILE =
  'The list was changed meanwhile by someone else (an item was added or removed). Reload and try again.';

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

/** Which of the two refusals a write that matched no row gets: gone (404) or changed (409). */
function missingOrChanged(found: unknown, what: string): never {
  if (!found) throw new AppError('notFound', `${what} not found. It may have been deleted meanwhile.`);
  throw new AppError('conflict', CHANGED_MEANWHILE);
}

/**
 * Changes (updates or deletes) one versioned row: `lock` selects it for update, then `change`
 * writes it only where id and version still match. Nothing matched: 404 when the row is gone, 409
 * when its version moved on. Returns the row as it was and as the change returned it.
 */
export async function changeVersioned<Row>(
  lock: () => PromiseLike<Row[]>,
  change: () => PromiseLike<Row[]>,
  what: string,
): Promise<{ before: Row; row: Row }> {
  const [before] = await lock();
  const [row] = await change();
  if (!row) missingOrChanged(before, what);
  return { before: before!, row };
}

/**
 * Puts a whole list in the order the page sent, checked against its rows as locked in the
 * transaction (in their current order): the same items (none added or removed meanwhile) at the
 * versions the page showed. Every row gets its place 1..n (the stored places may have been
 * anything); `setPlace` writes one, and should bump the version only of a row that moved.
 */
export async function reorderLocked(
  locked: { id: number; version: number }[],
  order: ReorderInputData['order'],
  setPlace: (id: number, place: number, moved: boolean) => PromiseLike<unknown>,
): Promise<void> {
  const byId = new Map(locked.map((r, index) => [r.id, { version: r.version, place: index + 1 }]));
  if (locked.length !== order.length || order.some((i) => !byId.has(i.id))) {
    throw new AppError('conflict', LIST_CHANGED_MEANWHILE);
  }
  if (order.some((i) => byId.get(i.id)?.version !== i.version)) {
    throw new AppError('conflict', CHANGED_MEANWHILE);
  }
  for (const [index, item] of order.entries()) {
    await setPlace(item.id, index + 1, byId.get(item.id)?.place !== index + 1);
  }
}
