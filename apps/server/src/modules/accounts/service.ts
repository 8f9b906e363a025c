// Shoppers and their addresses. Owns the users and addresses tables. Every address operation
// is scoped to the shopper the session names; another shopper's address is simply not found.
import type { AddressDto, AddressInput, UserDto } from '@spice/shared/contracts/accounts';
import type { Lang } from '@spice/shared/lang';
import { MESSAGES } from '@spice/shared/messages';
import { STAFF_ROLES, type UserRole } from '@spice/shared/staff';
import { withCountryCode } from '@spice/shared/validators';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { type PageRequest, pageRows } from '../../lib/pagination.ts';
import { AppError } from '../../plugins/errors.ts';
import { addresses, users } from './schema.ts';

type UserRow = typeof users.$inferSelect;

/** What the signup form chose besides the account itself, with the form's language and time. */
export interface SignupChoices {
  whatsapp: boolean;
  lang: Lang;
  at: Date;
}
type AddressRow = typeof addresses.$inferSelect;
type AddressValues = z.output<typeof AddressInput>;

export const toUserDto = (u: UserRow): UserDto => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  mobile: u.mobile,
  phoneNumber: withCountryCode(u.mobile),
  email: u.email,
  role: u.role,
});

const toAddressDto = (a: AddressRow): AddressDto => ({
  id: a.id,
  name: a.name,
  phone: a.phone,
  pincode: a.pincode,
  locality: a.locality,
  addressLine: a.addressLine,
  city: a.city,
  state: a.state,
  landmark: a.landmark,
  alternatePhone: a.alternatePhone,
  addressType: a.addressType,
  isDefault: a.isDefault,
  default: a.isDefault,
});

/**
 * The address is referenced by an order: a foreign-key violation, or (orders' ON DELETE RESTRICT)
 * a restrict violation.
 */
const REFERENCED = new Set(['23503', '23001']);
const UNIQUE_VIOLATION = '23505';

function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(
  db: Db,
  deps: {
    /** The delivery module's check of pincode and state; answers the address as it is saved. */
    checkAddress?: <T extends { pincode: string; state: string }>(input: T) => Promise<T>;
    /** Told after a user's row changed (the session store drops what it keeps of them). */
    onUserChanged?: (userId: number) => void;
    /**
     * The choices made on the signup form (WhatsApp's opt-in), saved in the account's own
     * transaction: the account and the consent record exist together or not at all.
     */
    signupChoices?: (tx: Tx, user: UserDto, choices: SignupChoices) => Promise<void>;
  } = {},
) {
  const checked = (input: AddressValues) => deps.checkAddress?.(input) ?? Promise.resolve(input);

  // The shopper's addresses, one prepared statement (the signed-in reads: bench/README.md).
  const addressesOf = db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, sql.placeholder('userId')))
    .orderBy(desc(addresses.isDefault), asc(addresses.id))
    .prepare('user_addresses');

  async function listAddresses(userId: number): Promise<AddressDto[]> {
    const rows = await addressesOf.execute({ userId });
    return rows.map(toAddressDto);
  }

  const service = {
    async findById(id: number): Promise<UserDto | null> {
      const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return u ? toUserDto(u) : null;
    },
    async findByMobile(mobile: string): Promise<UserDto | null> {
      const [u] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
      return u ? toUserDto(u) : null;
    },
    /**
     * The back office's staff (every staff role), oldest first: the owner's alerts choose among
     * them by permission (alerts/service.ts).
     */
    async staff(): Promise<UserDto[]> {
      const rows = await db
        .select()
        .from(users)
        .where(and(inArray(users.role, [...STAFF_ROLES]), isNull(users.erasedAt)))
        .orderBy(users.id);
      return rows.map(toUserDto);
    },
    /** Grants or revokes a back-office role (npm run admin:grant / admin:revoke); null if no such user. */
    async setRole(mobile: string, role: UserRole): Promise<UserDto | null> {
      const [u] = await db
        .update(users)
        .set({ role, updatedAt: new Date() })
        .where(eq(users.mobile, mobile))
        .returning();
      if (u) deps.onUserChanged?.(u.id);
      return u ? toUserDto(u) : null;
    },
    async findByEmail(email: string): Promise<UserDto | null> {
      const [u] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return u ? toUserDto(u) : null;
    },

    /** Creates the account for a verified mobile; the e-mail must not belong to another mobile. */
    async createUser(
      input: {
        firstName: string;
        lastName: string;
        mobile: string;
        email: string;
      },
      choices?: SignupChoices,
    ): Promise<UserDto> {
      const taken = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email), ne(users.mobile, input.mobile)))
        .limit(1);
      if (taken.length > 0)
        throw new AppError('conflict', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
      try {
        return await db.transaction(async (tx) => {
          const [u] = await tx.insert(users).values(input).returning();
          const user = toUserDto(u!);
          if (choices) await deps.signupChoices?.(tx, user, choices);
          return user;
        });
      } catch (error) {
        if (pgCode(error) === UNIQUE_VIOLATION) {
          const existing = await db.select().from(users).where(eq(users.mobile, input.mobile)).limit(1);
          if (existing[0])
            throw new AppError('conflict', 'An account already exists for this mobile. Please log in.');
          throw new AppError('conflict', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
        }
        throw error;
      }
    },

    /**
     * Signup's e-mail step: an address that another mobile's account uses is refused before a
     * code is sent to it (the shopper's own address, signing up again, is not).
     */
    async assertEmailFree(email: string, verifiedMobile: string): Promise<void> {
      const owner = await service.findByEmail(email);
      if (owner && owner.mobile !== verifiedMobile) {
        throw new AppError('conflict', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
      }
    },

    /**
     * Completes signup: only for the mobile this session verified, once, and with the e-mail this
     * session validated. The caller then ties the session to the new account.
     */
    async signUp(
      session: { verifiedMobile: string; userId: number | null; validatedEmail: string | null },
      input: { firstName: string; lastName: string; mobile: string; email: string; whatsapp?: boolean },
      context: { lang: Lang; at?: Date } = { lang: 'en' },
    ): Promise<UserDto> {
      if (session.verifiedMobile !== input.mobile)
        throw new AppError('forbidden', 'Verify this mobile number before signing up.');
      if (session.userId !== null) throw new AppError('conflict', 'You already have an account.');
      if (session.validatedEmail !== input.email) {
        throw new AppError('invalid', MESSAGES.signupValidateEmail, { email: MESSAGES.signupValidateEmail });
      }
      const { whatsapp = false, ...account } = input;
      return service.createUser(account, { whatsapp, lang: context.lang, at: context.at ?? new Date() });
    },

    listAddresses,

    /**
     * The back office's customer search, newest accounts first: q matches part of the mobile
     * (a leading +91 or 0 is ignored), of 'first last' or of the e-mail. No limit: every match.
     * Erased accounts' blank rows ('Erased customer', kept only for their orders) are no customers.
     */
    async searchUsers(q: string | undefined, page?: PageRequest) {
      const where = and(isNull(users.erasedAt), userSearch(q));
      const query = db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id));
      const [rows, [total]] = await Promise.all([
        page ? pageRows(query, page) : query,
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A customer's row; none for an erased account's blank row. */
    async findUserRow(id: number) {
      const [u] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.erasedAt)))
        .limit(1);
      return u ?? null;
    },

    async addressCounts(userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: addresses.userId, n: count() })
        .from(addresses)
        .where(inArray(addresses.userId, userIds))
        .groupBy(addresses.userId);
      return new Map(rows.map((r) => [r.userId, r.n]));
    },

    /** Adds an address and answers the new list. The first address becomes the default. */
    async addAddress(userId: number, typed: AddressValues): Promise<AddressDto[]> {
      const input = await checked(typed);
      await db.transaction(async (tx) => {
        const existing = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .for('update');
        const makeDefault = existing.length === 0 || input.isDefault;
        if (makeDefault)
          await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
        await tx.insert(addresses).values({ ...input, userId, isDefault: makeDefault });
      });
      return listAddresses(userId);
    },

    async updateAddress(userId: number, id: number, typed: AddressValues): Promise<AddressDto> {
      const input = await checked(typed);
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(addresses)
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
          .for('update');
        if (!current) throw new AppError('notFound', 'Address not found.');
        // Saving with isDefault moves the default here; the current default stays default otherwise.
        const isDefault = current.isDefault || input.isDefault;
        if (isDefault && !current.isDefault) {
          await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
        }
        const [row] = await tx
          .update(addresses)
          .set({ ...input, isDefault })
          .where(eq(addresses.id, id))
          .returning();
        return toAddressDto(row!);
      });
    },

    async setDefault(userId: number, id: number): Promise<AddressDto> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(addresses)
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
          .for('update');
        if (!current) throw new AppError('notFound', 'Address not found.');
        await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
        const [row] = await tx
          .update(addresses)
          .set({ isDefault: true })
          .where(eq(addresses.id, id))
          .returning();
        return toAddressDto(row!);
      });
    },

    /** Deletes an address; if it was the default, the oldest remaining one becomes default. */
    async deleteAddress(userId: number, id: number): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const [gone] = await tx
            .delete(addresses)
            .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
            .returning();
          if (!gone) throw new AppError('notFound', 'Address not found.');
          if (gone.isDefault) {
            const [next] = await tx
              .select({ id: addresses.id })
              .from(addresses)
              .where(eq(addresses.userId, userId))
              .orderBy(asc(addresses.id))
              .limit(1);
            if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
          }
        });
      } catch (error) {
        if (REFERENCED.has(pgCode(error) ?? '')) {
          throw new AppError('conflict', 'This address is linked to existing orders and cannot be deleted.');
        }
        throw error;
      }
    },
  };
  return service;
}

function userSearch(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = text.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, '');
  return or(
    ilike(users.mobile, like(digits)),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like(text)),
    ilike(users.email, like(text)),
  );
}
