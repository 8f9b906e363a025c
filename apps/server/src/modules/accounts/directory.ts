// What the other modules need of users and addresses, read here so the tables stay the accounts
// module's (decision 0021). Each function takes the executor to run on: a module inside its own
// transaction passes its `tx`, so the read sees (and locks) what that transaction does.
//
// The SQL expressions at the end are for another module's one-statement reads (the session read,
// the audit list, COD remittance): a correlated subquery by the user id column the caller holds,
// so the caller's query stays one round trip, reads only, and names the users table only here.
import type { UserDto } from '@spice/shared/contracts/accounts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { addresses, users } from './schema.ts';
import { toUserDto } from './service.ts';

export type AddressRow = typeof addresses.$inferSelect;
type Executor = Pick<Db, 'select'>;

const addressById = preparedStatement('address_of_user', (db) =>
  db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, sql.placeholder('id')), eq(addresses.userId, sql.placeholder('userId')))),
);

/**
 * One of the shopper's own addresses (placeholders `id` and `userId`) with the caller's columns
 * beside it, in one statement the caller may prepare; no row when there is no such address.
 */
export function addressWith<T extends Record<string, SQL>>(executor: Db | Tx, beside: T) {
  return executor
    .select({ address: addresses, ...beside })
    .from(addresses)
    .where(and(eq(addresses.id, sql.placeholder('id')), eq(addresses.userId, sql.placeholder('userId'))));
}

/** One of the shopper's own addresses; null when there is none with this id (or it is another's). */
export async function addressOf(executor: Db | Tx, userId: number, id: number): Promise<AddressRow | null> {
  const [address] = await addressById(executor).execute({ id, userId });
  return address ?? null;
}

const userRow = preparedStatement('user_by_id', (db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id'))),
);

export async function userById(executor: Db | Tx, id: number): Promise<UserDto | null> {
  const [u] = await userRow(executor).execute({ id });
  return u ? toUserDto(u) : null;
}

const userLock = preparedStatement('lock_user', (db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .for('no key update'),
);

/**
 * Locks the shopper's row for the rest of the transaction (not against key updates, so their
 * sessions and addresses stay writable): one shopper's placements are decided one at a time.
 */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await userLock(tx).execute({ userId });
}

/** 'First Last' by user id, for the ids that exist. */
export async function userNames(executor: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
}

/** The user a session names, as the shopper's DTO needs it minus phoneNumber; null when none. */
export const userJsonById = (userId: SQL) =>
  sql<Omit<UserDto, 'phoneNumber'> | null>`(select json_build_object('id', u.id, 'firstName', u.first_name,
    'lastName', u.last_name, 'mobile', u.mobile, 'email', u.email, 'role', u.role)
    from users u where u.id = ${userId})`;

export const userFirstNameById = (userId: SQL) =>
  sql<string | null>`(select u.first_name from users u where u.id = ${userId})`;

export const userMobileById = (userId: SQL) =>
  sql<string | null>`(select u.mobile from users u where u.id = ${userId})`;

/** 'First Last', or null when there is no such user or both names are empty. */
export const userFullNameById = (userId: SQL) =>
  sql<
    string | null
  >`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = ${userId})`;

/** The user's role (a staff role or 'customer'), for the audit log's record of who acted as what. */
export const userRoleById = (userId: SQL) =>
  sql<string | null>`(select u.role from users u where u.id = ${userId})`;
