// The auth module's part of an erasure (privacy module, decision 0036): every session of the
// account ends, and its number forgets the devices it logged in on and its open codes.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { otpChallenges, otpDevices, sessions } from './schema.ts';

export async function forgetLogins(tx: Tx, userId: number, mobile: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(sessions).where(eq(sessions.verifiedMobile, mobile));
  await tx.delete(otpDevices).where(eq(otpDevices.target, mobile));
  await tx.delete(otpChallenges).where(eq(otpChallenges.target, mobile));
}
