// The back office's optimistic writes: a form sends the version it loaded, and the row changes
// only if it is still that version (then the version goes up by one). Nothing changed means
// someone saved in between: 409 with the text the form shows. One UPDATE, so two saves racing
// end in one winner.
import { CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { AppError } from '../plugins/errors.ts';

type Versioned = PgTable & { version: AnyPgColumn };

export async function updateAtVersion<T extends Versioned>(
  executor: Pick<Db, 'update'>,
  table: T,
  /** Which row (its key). */
  where: SQL | undefined,
  /** The version the form loaded. */
  version: number,
  set: PgUpdateSetSource<T>,
  message: string = CHANGED_MEANWHILE,
): Promise<T['$inferSelect']> {
  // Drizzle's builder cannot follow a generic table's columns; the signature above keeps callers typed.
  const update = executor.update(table as PgTable) as unknown as {
    set(values: object): { where(w: SQL | undefined): { returning(): Promise<T['$inferSelect'][]> } };
  };
  const [row] = await update
    .set({ ...set, version: sql`${table.version} + 1` })
    .where(and(where, eq(table.version, version)))
    .returning();
  if (!row) throw new AppError('conflict', message);
  return row;
}
