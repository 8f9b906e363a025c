// One-time code rules, pure and clock-driven so they can be tested exactly: 6 digits, valid
// 5 minutes, single use, void after 5 wrong guesses, a resend replaces the code, no resend
// within 30 s, at most 3 resends per login.
//
// Who may ask for a number's code (decision 0028): each requesting client (one address, an IPv6
// one by its /64, or one device cookie) gets a few sends per number in 15 minutes, and all of
// them together a ceiling per number an hour, so strangers can spend little SMS on one number.
// A device the number has logged in on before is held by none of that: only by the resend rules,
// on a code of its own, so no stranger can make the owner wait.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export interface OtpLimits {
  ttlMs: number;
  maxAttempts: number;
  resendAfterMs: number;
  maxResends: number;
  /** Sends one client may ask for one number within NUMBER_WINDOW_MS. */
  sendsPerClientPerWindow: number;
  /** Sends to one number within TARGET_WINDOW_MS, whoever asked (known devices are not refused). */
  sendsPerTargetPerHour: number;
}

/** The per-client window, and so the longest one client is held up for one number. */
export const NUMBER_WINDOW_MS = 15 * 60_000;
/** The window of the per-number ceiling. */
export const TARGET_WINDOW_MS = 60 * 60_000;

export const DEFAULT_OTP_LIMITS: OtpLimits = {
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 30_000,
  maxResends: 3,
  sendsPerClientPerWindow: 10,
  sendsPerTargetPerHour: 30,
};

/** A code sent to the number within the last TARGET_WINDOW_MS: when, and who asked. */
export interface RecentSend {
  at: Date;
  /** The asking address (lib/client-address.ts addressKey). */
  address: string;
  /** The asking device cookie's hash, if it sent one. */
  device: string | null;
}

/** Who asks: their address, their device cookie, and whether that device has logged in to the number. */
export interface Requester {
  address: string;
  device: string | null;
  knownDevice: boolean;
}

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
 * Seconds until fewer than `cap` of `times` are within `windowMs` of now; null while under the cap.
 * It is the cap-th newest that has to leave.
 */
function waitUnderCap(times: readonly Date[], cap: number, windowMs: number, now: Date): number | null {
  const inWindow = times
    .map((t) => t.getTime())
    .filter((t) => t > now.getTime() - windowMs)
    .sort((a, b) => b - a);
  if (inWindow.length < cap) return null;
  return secondsUntil(inWindow[cap - 1]! + windowMs, now);
}

/** The resend rules of one challenge. */
function decideResend(current: ChallengeState | null, now: Date, limits: OtpLimits): SendDecision {
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
 * `current` is the requester's challenge (a known device's own, otherwise the number's shared
 * one); `recent` every send to the number within the last TARGET_WINDOW_MS.
 */
export function decideSend(
  current: ChallengeState | null,
  recent: readonly RecentSend[],
  requester: Requester,
  now: Date,
  limits: OtpLimits,
): SendDecision {
  if (!requester.knownDevice) {
    const mine = recent.filter(
      (s) => s.address === requester.address || (requester.device !== null && s.device === requester.device),
    );
    const wait =
      waitUnderCap(
        mine.map((s) => s.at),
        limits.sendsPerClientPerWindow,
        NUMBER_WINDOW_MS,
        now,
      ) ??
      waitUnderCap(
        recent.map((s) => s.at),
        limits.sendsPerTargetPerHour,
        TARGET_WINDOW_MS,
        now,
      );
    if (wait !== null) return { kind: 'rate-limited', retryAfterSeconds: wait };
  }
  return decideResend(current, now, limits);
}

/**
 * How long until a code voided by wrong guesses can be replaced: the resend wait, or the login's
 * end when its resends are used up.
 */
export function retryAfterLockSeconds(current: ChallengeState, now: Date, limits: OtpLimits): number {
  const next = decideResend(current, now, limits);
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
