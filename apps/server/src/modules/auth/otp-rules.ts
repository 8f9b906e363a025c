// One-time code rules, pure and clock-driven so they can be tested exactly: 6 digits, valid
// 5 minutes, single use, void after 5 wrong guesses, a resend replaces the code, no resend
// within 30 s, at most 3 resends per login, daily caps per number and hourly caps per IP.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export interface OtpLimits {
  ttlMs: number;
  maxAttempts: number;
  resendAfterMs: number;
  maxResends: number;
  sendsPerTargetPerDay: number;
  sendsPerIpPerHour: number;
}

export const DEFAULT_OTP_LIMITS: OtpLimits = {
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 30_000,
  maxResends: 3,
  sendsPerTargetPerDay: 10,
  sendsPerIpPerHour: 20,
};

export interface ChallengeState {
  lastSentAt: Date;
  expiresAt: Date;
  attempts: number;
  resends: number;
  consumedAt: Date | null;
}

/** A challenge still in play: neither used nor expired. */
export function isOpen(c: ChallengeState | null, now: Date): c is ChallengeState {
  return c !== null && c.consumedAt === null && c.expiresAt.getTime() > now.getTime();
}

export type SendDecision =
  | { kind: 'new' }
  | { kind: 'resend'; resendsLeft: number }
  | { kind: 'too-soon'; retryAfterSeconds: number }
  | { kind: 'no-resends-left' }
  | { kind: 'rate-limited' };

export function decideSend(
  current: ChallengeState | null,
  sends: { targetToday: number; ipThisHour: number },
  now: Date,
  limits: OtpLimits,
): SendDecision {
  if (sends.targetToday >= limits.sendsPerTargetPerDay || sends.ipThisHour >= limits.sendsPerIpPerHour) {
    return { kind: 'rate-limited' };
  }
  if (!isOpen(current, now)) return { kind: 'new' };
  const waited = now.getTime() - current.lastSentAt.getTime();
  if (waited < limits.resendAfterMs) {
    return { kind: 'too-soon', retryAfterSeconds: Math.ceil((limits.resendAfterMs - waited) / 1000) };
  }
  if (current.resends >= limits.maxResends) return { kind: 'no-resends-left' };
  return { kind: 'resend', resendsLeft: limits.maxResends - current.resends - 1 };
}

export type VerifyDecision = 'ok' | 'wrong' | 'locked' | 'no-code';

/** `matches` is whether the guess equals the code; the caller computes it in constant time. */
export function decideVerify(
  current: ChallengeState | null,
  matches: boolean,
  now: Date,
  limits: OtpLimits,
): VerifyDecision {
  if (!isOpen(current, now)) return 'no-code';
  if (current.attempts >= limits.maxAttempts) return 'locked';
  return matches ? 'ok' : 'wrong';
}

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Codes are stored only as an HMAC bound to their purpose and target. */
export function hashCode(secret: string, purpose: string, target: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${target}:${code}`).digest('hex');
}

export function codeMatches(
  expectedHmac: string,
  secret: string,
  purpose: string,
  target: string,
  guess: string,
): boolean {
  const actual = Buffer.from(hashCode(secret, purpose, target, guess), 'hex');
  const expected = Buffer.from(expectedHmac, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
