// One-time code rules, pure and clock-driven so they can be tested exactly: 6 digits, valid
// 5 minutes, single use, void after 5 wrong guesses, a resend replaces the code, no resend
// within 30 s, at most 3 resends per login, and a cap per number over 15 minutes. The window is
// short on purpose: a stranger who spends a number's sends or locks its code holds that number up
// for 15 minutes at most. Per-address caps (plugins/rate-limit.ts) carry the rest.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export interface OtpLimits {
  ttlMs: number;
  maxAttempts: number;
  resendAfterMs: number;
  maxResends: number;
  /** Sends per number within NUMBER_WINDOW_MS. */
  sendsPerTargetPerWindow: number;
}

/** The per-number window, and so the longest a stranger can keep one number from logging in. */
export const NUMBER_WINDOW_MS = 15 * 60_000;

export const DEFAULT_OTP_LIMITS: OtpLimits = {
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 30_000,
  maxResends: 3,
  sendsPerTargetPerWindow: 10,
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
  | { kind: 'no-resends-left'; retryAfterSeconds: number }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/**
 * `sends` are this number's sends within the last NUMBER_WINDOW_MS: how many, and when the oldest
 * went (it leaves the window first).
 */
export function decideSend(
  current: ChallengeState | null,
  sends: { targetInWindow: number; oldestInWindow: Date | null },
  now: Date,
  limits: OtpLimits,
): SendDecision {
  if (sends.targetInWindow >= limits.sendsPerTargetPerWindow) {
    const oldest = sends.oldestInWindow?.getTime() ?? now.getTime();
    return { kind: 'rate-limited', retryAfterSeconds: secondsUntil(oldest + NUMBER_WINDOW_MS, now) };
  }
  if (!isOpen(current, now)) return { kind: 'new' };
  const waited = now.getTime() - current.lastSentAt.getTime();
  if (waited < limits.resendAfterMs) {
    return { kind: 'too-soon', retryAfterSeconds: Math.ceil((limits.resendAfterMs - waited) / 1000) };
  }
  // The login ends when its code expires (at most 15 minutes, OTP_TTL_SECONDS): then a new one starts.
  if (current.resends >= limits.maxResends) {
    return { kind: 'no-resends-left', retryAfterSeconds: secondsUntil(current.expiresAt.getTime(), now) };
  }
  return { kind: 'resend', resendsLeft: limits.maxResends - current.resends - 1 };
}

/**
 * How long until a code voided by wrong guesses can be replaced: the resend wait, or the login's
 * end when its resends are used up.
 */
export function retryAfterLockSeconds(current: ChallengeState, now: Date, limits: OtpLimits): number {
  const next = decideSend(current, { targetInWindow: 0, oldestInWindow: null }, now, limits);
  return 'retryAfterSeconds' in next ? next.retryAfterSeconds : 1;
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
