import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChallengeState,
  codeMatches,
  decideSend,
  decideVerify,
  generateCode,
  hashCode,
  DEFAULT_OTP_LIMITS as L,
  NUMBER_WINDOW_MS,
} from './otp-rules.ts';

const t0 = new Date('2026-11-21T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const fresh = (over: Partial<ChallengeState> = {}): ChallengeState => ({
  lastSentAt: t0,
  expiresAt: at(L.ttlMs),
  attempts: 0,
  resends: 0,
  consumedAt: null,
  ...over,
});
const noSends = { targetInWindow: 0, oldestInWindow: null };

describe('sending a code', () => {
  it('starts a new login when no code is open', () => {
    expect(decideSend(null, noSends, t0, L)).toEqual({ kind: 'new' });
    expect(decideSend(fresh({ consumedAt: t0 }), noSends, at(40_000), L)).toEqual({ kind: 'new' });
    expect(decideSend(fresh(), noSends, at(L.ttlMs), L)).toEqual({ kind: 'new' });
  });

  it('refuses a resend within 30 s and says how long to wait', () => {
    expect(decideSend(fresh(), noSends, at(10_000), L)).toEqual({ kind: 'too-soon', retryAfterSeconds: 20 });
    expect(decideSend(fresh(), noSends, at(29_999), L)).toEqual({ kind: 'too-soon', retryAfterSeconds: 1 });
  });

  it('allows a resend after 30 s, at most 3 per login', () => {
    expect(decideSend(fresh(), noSends, at(30_000), L)).toEqual({ kind: 'resend', resendsLeft: 2 });
    expect(decideSend(fresh({ resends: 2 }), noSends, at(30_000), L)).toEqual({
      kind: 'resend',
      resendsLeft: 0,
    });
    // Until the login's code expires; then a new login starts.
    expect(decideSend(fresh({ resends: 3 }), noSends, at(30_000), L)).toEqual({
      kind: 'no-resends-left',
      retryAfterSeconds: 270,
    });
  });

  it('caps sends per number over 15 minutes, and says when the oldest leaves the window', () => {
    const sends = (n: number, minutesAgo: number) => ({
      targetInWindow: n,
      oldestInWindow: at(-minutesAgo * 60_000),
    });
    expect(decideSend(null, sends(10, 10), t0, L)).toEqual({ kind: 'rate-limited', retryAfterSeconds: 300 });
    expect(decideSend(null, sends(9, 14), t0, L)).toEqual({ kind: 'new' });
    expect(NUMBER_WINDOW_MS).toBe(15 * 60_000);
  });

  it('never lets a stranger keep a number waiting longer than 15 minutes', () => {
    // Whatever a stranger did to a number (sends spent, resends used, code locked), the wait the
    // owner is told, and so the block, is at most 15 minutes.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: NUMBER_WINDOW_MS - 1 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: L.ttlMs }),
        fc.integer({ min: 30, max: 900 }),
        (sent, oldestAgo, resends, sinceLast, ttlSeconds) => {
          const limits = { ...L, ttlMs: ttlSeconds * 1000 };
          const current = fresh({
            lastSentAt: at(-sinceLast),
            expiresAt: at(limits.ttlMs - sinceLast),
            resends,
            attempts: 5,
          });
          const decision = decideSend(
            current,
            { targetInWindow: sent, oldestInWindow: at(-oldestAgo) },
            t0,
            limits,
          );
          if ('retryAfterSeconds' in decision) {
            expect(decision.retryAfterSeconds).toBeLessThanOrEqual(NUMBER_WINDOW_MS / 1000);
          }
        },
      ),
    );
  });
});

describe('verifying a code', () => {
  it('accepts the right code while open', () => {
    expect(decideVerify(fresh(), true, at(L.ttlMs - 1), L)).toBe('ok');
  });
  it('rejects a wrong code', () => {
    expect(decideVerify(fresh(), false, at(1000), L)).toBe('wrong');
  });
  it('expires after 5 minutes', () => {
    expect(decideVerify(fresh(), true, at(L.ttlMs), L)).toBe('no-code');
  });
  it('is single use', () => {
    expect(decideVerify(fresh({ consumedAt: at(1000) }), true, at(2000), L)).toBe('no-code');
  });
  it('is void after 5 wrong guesses, even for the right code', () => {
    expect(decideVerify(fresh({ attempts: 4 }), true, at(1000), L)).toBe('ok');
    expect(decideVerify(fresh({ attempts: 5 }), true, at(1000), L)).toBe('locked');
  });
  it('has no code to check when none was sent', () => {
    expect(decideVerify(null, true, t0, L)).toBe('no-code');
  });
});

describe('codes', () => {
  it('are always 6 digits', () => {
    for (let i = 0; i < 200; i++) expect(generateCode()).toMatch(/^\d{6}$/);
  });
  it('match only the same code for the same purpose and target', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^\d{6}$/), (code, guess) => {
        const h = hashCode('secret', 'login', '9876543210', code);
        expect(codeMatches(h, 'secret', 'login', '9876543210', guess)).toBe(code === guess);
        expect(codeMatches(h, 'secret', 'login', '9876543211', code)).toBe(false);
        expect(codeMatches(h, 'secret', 'email', '9876543210', code)).toBe(false);
        expect(h).not.toContain(code);
      }),
    );
  });
});
