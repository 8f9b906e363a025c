// The auth module's part of an erasure (privacy module, decision 0036): every session of the
// account ends, and its number forgets the devices it logged in on and its open codes. And its part
// of the retention job (privacy/retention.ts): sign-in records past their period go.
import { eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { otpChallenges, otpDevices, otpSends, sessions } from './schema.ts';

/** Ends every session of the account at once (a staff member removed, issue 41). */
export async function endSessionsOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export async function forgetLogins(tx: Tx, userId: number, mobile: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(sessions).where(eq(sessions.verifiedMobile, mobile));
  await tx.delete(otpDevices).where(eq(otpDevices.target, mobile));
  await tx.delete(otpChallenges).where(eq(otpChallenges.target, mobile));
}

/**
 * Retention: codes last sent, sends made, devices last logged in on and sessions that expired
 * before `before`. Answers how many rows went.
 */
export async function purgeSignInRecords(tx: Tx, before: Date): Promise<number> {
  const codes = await tx
    .delete(otpChallenges)
    .where(lt(otpChallenges.lastSentAt, before))
    .returning({ id: otpChallenges.id });
  const sends = await tx
    .delete(otpSends)
    .where(lt(otpSends.createdAt, before))
    .returning({ id: otpSends.id });
  const devices = await tx
    .delete(otpDevices)
    .where(lt(otpDevices.lastLoginAt, before))
    .returning({ target: otpDevices.target });
  const ended = await tx
    .delete(sessions)
    .where(lt(sessions.expiresAt, before))
    .returning({ idHash: sessions.idHash });
  return codes.length + sends.length + devices.length + ended.length;
}
