// The store team (issue 41, decision 0045): who is staff and in what role, kept in users.role, and
// the owner's limit on support's refunds (staff_settings). Invite, change and remove each run in
// one transaction with their audit entry; removing someone ends their sessions at once. The shop
// always keeps one owner: the member's and the owners' rows are locked in one statement, in id
// order, before one is demoted or removed, so two owners demoting each other at once end with one
// of them refused (409), not a deadlock.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { StaffInviteInput, StaffMemberDto } from '@spice/shared/contracts/staff';
import { rupeesToPaise, toRupees } from '@spice/shared/money';
import { isStaffRole, permissionsOf, STAFF_MESSAGES, STAFF_ROLES, type StaffRole } from '@spice/shared/staff';
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import { staffSettings, users } from './schema.ts';

type UserRow = typeof users.$inferSelect;

/** An invitee without an account gets this address until they set their own: '.invalid' never delivers (RFC 2606). */
export const invitedEmail = (mobile: string) => `staff-${mobile}@invited.invalid`;

const toMember = (u: UserRow): StaffMemberDto => ({
  userId: u.id,
  name: `${u.firstName} ${u.lastName}`.trim(),
  mobile: u.mobile,
  role: u.role as StaffRole,
  permissions: permissionsOf(u.role),
});

function splitName(name: string): { firstName: string; lastName: string } {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

export type StaffService = ReturnType<typeof createStaffService>;

export function createStaffService(
  db: Db,
  deps: {
    audit: AuditService;
    /** The auth module's: every session of the user goes, in this transaction. */
    endSessions: (tx: Tx, userId: number) => Promise<void>;
    /** Told after a user's row changed (the session store drops what it keeps of them). */
    onUserChanged?: (userId: number) => void;
  },
) {
  const audit = (tx: Tx, actor: UserDto, action: string, entityId: number, before: unknown, after: unknown) =>
    deps.audit.audit({ actorUserId: actor.id, action, entity: 'staff', entityId, before, after }, tx);

  /**
   * The staff member and every owner, locked in one statement in id order (so two owners changing
   * each other at once wait for one another instead of deadlocking; the second then reads the
   * first one's change): 404 for anyone who is not staff. Answers how many other owners remain.
   */
  async function lockedMember(tx: Tx, userId: number): Promise<{ member: UserRow; otherOwners: number }> {
    const rows = await tx
      .select()
      .from(users)
      .where(or(eq(users.id, userId), eq(users.role, 'OWNER')))
      .orderBy(asc(users.id))
      .for('update');
    const member = rows.find((u) => u.id === userId);
    if (!member || !isStaffRole(member.role)) throw new AppError('notFound', STAFF_MESSAGES.notStaff);
    return { member, otherOwners: rows.filter((u) => u.role === 'OWNER' && u.id !== userId).length };
  }

  /** The shop always keeps an owner. */
  function keepAnOwner(locked: { member: UserRow; otherOwners: number }): void {
    if (locked.member.role === 'OWNER' && locked.otherOwners === 0)
      throw new AppError('conflict', STAFF_MESSAGES.lastOwner);
  }

  async function supportRefundLimitPaise(executor: Pick<Db, 'select'> = db): Promise<number> {
    const [row] = await executor.select().from(staffSettings).where(eq(staffSettings.id, 1));
    return row?.supportRefundLimitPaise ?? 0;
  }

  return {
    async list() {
      const rows = await db
        .select()
        .from(users)
        .where(inArray(users.role, [...STAFF_ROLES]))
        .orderBy(asc(users.firstName), asc(users.id));
      return { content: rows.map(toMember), supportRefundLimit: toRupees(await supportRefundLimitPaise()) };
    },

    /**
     * Makes the mobile's account staff with the role; an account is made for a number that has none
     * (the name given, an undeliverable placeholder e-mail), so the invitee's usual OTP sign-in
     * lands in the back office.
     */
    async invite(actor: UserDto, input: StaffInviteInput): Promise<StaffMemberDto> {
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(users).where(eq(users.mobile, input.mobile)).for('update');
        if (existing && isStaffRole(existing.role))
          throw new AppError('conflict', STAFF_MESSAGES.alreadyStaff);
        const now = new Date();
        const [row] = existing
          ? await tx
              .update(users)
              .set({ role: input.role, updatedAt: now })
              .where(eq(users.id, existing.id))
              .returning()
          : await tx
              .insert(users)
              .values({
                mobile: input.mobile,
                ...splitName(input.name),
                email: invitedEmail(input.mobile),
                role: input.role,
              })
              .returning();
        const member = toMember(row!);
        await audit(tx, actor, 'staff.invite', member.userId, existing ? { role: existing.role } : null, {
          name: member.name,
          mobile: member.mobile,
          role: member.role,
          newAccount: !existing,
        });
        deps.onUserChanged?.(member.userId);
        return member;
      });
    },

    async changeRole(actor: UserDto, userId: number, role: StaffRole): Promise<StaffMemberDto> {
      const member = await db.transaction(async (tx) => {
        const locked = await lockedMember(tx, userId);
        const current = locked.member;
        if (role !== 'OWNER') keepAnOwner(locked);
        const [row] = await tx
          .update(users)
          .set({ role, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        await audit(tx, actor, 'staff.role', userId, { role: current.role }, { role });
        return toMember(row!);
      });
      deps.onUserChanged?.(userId);
      return member;
    },

    /** Back to a shopper's account, and every session of it ends at once. */
    async remove(actor: UserDto, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const locked = await lockedMember(tx, userId);
        const current = locked.member;
        keepAnOwner(locked);
        await tx.update(users).set({ role: 'customer', updatedAt: new Date() }).where(eq(users.id, userId));
        await deps.endSessions(tx, userId);
        await audit(tx, actor, 'staff.remove', userId, { role: current.role }, { role: 'customer' });
      });
      deps.onUserChanged?.(userId);
    },

    async settings() {
      return { supportRefundLimit: toRupees(await supportRefundLimitPaise()) };
    },

    async saveSettings(actor: UserDto, input: { supportRefundLimit: number }) {
      const paise = rupeesToPaise(input.supportRefundLimit);
      await db.transaction(async (tx) => {
        const before = await supportRefundLimitPaise(tx);
        await tx
          .insert(staffSettings)
          .values({ id: 1, supportRefundLimitPaise: paise })
          .onConflictDoUpdate({
            target: staffSettings.id,
            set: { supportRefundLimitPaise: paise, updatedAt: new Date() },
          });
        await audit(
          tx,
          actor,
          'staff.settings',
          1,
          { supportRefundLimit: toRupees(before) },
          { supportRefundLimit: toRupees(paise) },
        );
      });
      return { supportRefundLimit: toRupees(paise) };
    },

    /**
     * The most this staff member may refund at once, read in the refund's transaction: null for no
     * cap (owner, manager), the owner's limit for support.
     */
    async refundCapPaise(tx: Tx, user: UserDto): Promise<number | null> {
      return user.role === 'SUPPORT' ? supportRefundLimitPaise(tx) : null;
    },
  };
}
