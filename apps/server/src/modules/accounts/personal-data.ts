// The accounts module's part of a shopper's data rights (privacy module, decision 0036): what it
// holds on them for the export, and its part of an erasure. The users row is kept as a blank
// tombstone (orders kept for tax law point at it), so the real mobile and e-mail are free again;
// the retention job deletes a tombstone once no order points at it.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { addresses, messagePreferences, users } from './schema.ts';

export async function accountDataOf(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [addressRows, [preferences]] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.userId, userId)),
    db.select().from(messagePreferences).where(eq(messagePreferences.userId, userId)),
  ]);
  return {
    profile: user
      ? {
          firstName: user.firstName,
          lastName: user.lastName,
          mobile: user.mobile,
          email: user.email,
          createdAt: user.createdAt.toISOString(),
          updatedAt: user.updatedAt.toISOString(),
        }
      : null,
    addresses: addressRows.map(({ userId: _u, ...a }) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    messagePreferences: preferences
      ? {
          email: preferences.email,
          whatsapp: preferences.whatsapp,
          whatsappOptedInAt: preferences.whatsappOptedInAt?.toISOString() ?? null,
          whatsappOptedOutAt: preferences.whatsappOptedOutAt?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * Deletes the addresses and message choices and blanks the account: no name, mobile or e-mail is
 * left. Orders must no longer name the addresses (orders/personal-data.ts detachOrders runs first).
 */
export async function eraseAccount(tx: Tx, userId: number, at: Date): Promise<void> {
  await tx.delete(addresses).where(eq(addresses.userId, userId));
  await tx.delete(messagePreferences).where(eq(messagePreferences.userId, userId));
  await tx
    .update(users)
    .set({
      firstName: 'Erased customer',
      lastName: '',
      mobile: `erased-${userId}`,
      email: `erased-${userId}`,
      role: 'customer',
      erasedAt: at,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
}

/** The blank rows erased accounts left (retention: deleted once nothing points at them). */
export async function erasedAccountIds(tx: Tx): Promise<number[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(isNotNull(users.erasedAt));
  return rows.map((r) => r.id);
}

/** Deletes these erased accounts' blank rows (never a live account). */
export async function deleteErasedAccounts(tx: Tx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await tx
    .delete(users)
    .where(and(inArray(users.id, ids), isNotNull(users.erasedAt)))
    .returning({ id: users.id });
  return gone.length;
}
