// The back office's optimistic writes: a form sends the version it loaded, and the row changes
// only if it is still that version (then the version goes up by one). Nothing changed means
// someone saved in between: 409 with the text the form shows (or 404 when the row is gone, for a
// caller that tells the two apart). One conditional statement, so two saves racing end in one winner.
import { CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { AppError } from '../plugins/errors.ts';

type Versioned = PgTable & { version: AnyPgColumn };
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** The 404 of a versioned row deleted since its form loaded. */
export const deletedMeanwhile = (what: string) => `${what} not found. It may have been deleted meanwhile.`;

/** A reorder refused because items were added or removed since the page loaded its list. */
export const LIST_CHANGED_MEANWHILE =
  'The list was changed meanwhile by someone else (an item was added or removed). Reload and try again.';

/** A row's next version, for a change made outside a form, so a form loaded before it gets 409. */
export const nextVersion = (table: Versioned): SQL => sql`${table.version} + 1`;

export interface AtVersionOptions {
  /** The 409's text (default CHANGED_MEANWHILE). */
  changed?: string;
  /** The 404's text when no row has the key at all: a deleted row is gone, not changed. Without it, 409. */
  notFound?: string;
}

export interface UpdateAtVersionOptions<T extends Versioned> extends AtVersionOptions {
  /**
   * A row that may not exist yet (a settings row never saved, its form showing version 0): at
   * version 0 these values are inserted at version 1 instead; a row already there is a 409.
   */
  insert?: PgInsertValue<T>;
}

// Drizzle's builders cannot follow a generic table's columns; the signatures keep callers typed.
type Returning<R> = { returning(): Promise<R[]> };
const untyped = (executor: Executor) =>
  executor as unknown as {
    update(t: PgTable): {
      set(v: object): { where(w: SQL | undefined): Returning<unknown> & PromiseLike<unknown> };
    };
    insert(t: PgTable): { values(v: object): { onConflictDoNothing(): Returning<unknown> } };
    delete(t: PgTable): { where(w: SQL | undefined): Returning<unknown> };
    select(f: object): {
      from(t: PgTable): { where(w: SQL | undefined): { limit(n: number): Promise<unknown[]> } };
    };
  };

/** Nothing matched the key at this version: 404 when the caller asked and no row has the key, else 409. */
async function refuse(
  executor: Executor,
  table: Versioned,
  where: SQL | undefined,
  options: AtVersionOptions,
) {
  if (options.notFound !== undefined) {
    const found = await untyped(executor).select({ one: sql`1` }).from(table).where(where).limit(1);
    if (found.length === 0) return new AppError('notFound', options.notFound);
  }
  return new AppError('conflict', options.changed ?? CHANGED_MEANWHILE);
}

/** Changes the row with this key if it is still at `version`, moving it on by one; returns it as saved. */
export async function updateAtVersion<T extends Versioned>(
  executor: Executor,
  table: T,
  /** Which row (its key). */
  where: SQL | undefined,
  /** The version the form loaded. */
  version: number,
  set: PgUpdateSetSource<T>,
  options: UpdateAtVersionOptions<T> = {},
): Promise<T['$inferSelect']> {
  const [row] =
    version === 0 && options.insert
      ? await untyped(executor)
          .insert(table)
          .values({ ...options.insert, version: 1 })
          .onConflictDoNothing()
          .returning()
      : await untyped(executor)
          .update(table)
          .set({ ...set, version: nextVersion(table) })
          .where(and(where, eq(table.version, version)))
          .returning();
  if (!row) throw await refuse(executor, table, where, options);
  return row as T['$inferSelect'];
}

/** Deletes the row with this key if it is still at `version`; returns it as it was. */
export async function deleteAtVersion<T extends Versioned>(
  executor: Executor,
  table: T,
  where: SQL | undefined,
  version: number,
  options: AtVersionOptions = {},
): Promise<T['$inferSelect']> {
  const [row] = await untyped(executor)
    .delete(table)
    .where(and(where, eq(table.version, version)))
    .returning();
  if (!row) throw await refuse(executor, table, where, options);
  return row as T['$inferSelect'];
}

/**
 * Puts a whole list in the order a page sent, checked against its rows as the caller locked them
 * (in their current order): the same items (else 409 LIST_CHANGED_MEANWHILE) at the versions the
 * page showed (else 409). Every row gets its place 1..n (the stored places may have been anything);
 * only a row whose place changed gets a new version (and `moved`'s columns), so a form open on a
 * row that stayed put still saves.
 */
export async function reorderAtVersions<T extends Versioned & { id: AnyPgColumn }>(
  executor: Executor,
  table: T,
  locked: { id: number; version: number }[],
  order: { id: number; version: number }[],
  /** The columns that hold a row's place, e.g. `(n) => ({ position: n })`. */
  place: (n: number) => PgUpdateSetSource<T>,
  moved: PgUpdateSetSource<T> = {},
): Promise<void> {
  const byId = new Map(locked.map((r, index) => [r.id, { version: r.version, place: index + 1 }]));
  if (locked.length !== order.length || order.some((i) => !byId.has(i.id))) {
    throw new AppError('conflict', LIST_CHANGED_MEANWHILE);
  }
  if (order.some((i) => byId.get(i.id)?.version !== i.version)) {
    throw new AppError('conflict', CHANGED_MEANWHILE);
  }
  for (const [index, item] of order.entries()) {
    const stays = byId.get(item.id)?.place === index + 1;
    await untyped(executor)
      .update(table)
      .set({ ...place(index + 1), ...(stays ? {} : { ...moved, version: nextVersion(table) }) })
      .where(eq(table.id, item.id));
  }
}
