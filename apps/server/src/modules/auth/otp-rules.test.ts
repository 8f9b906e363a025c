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
  type RecentSend,
  type Requester,
  retryAfterLockSeconds,
  TARGET_WINDOW_MS,
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
const noSends: RecentSend[] = [];
const stranger: Requester = { address: '203.0.113.9', device: null, knownDevice: false };
const owner: Requester = { address: '198.51.100.7', device: 'owner-device', knownDevice: true };
/** `n` sends from `who`, the oldest `oldestMinutesAgo` ago, the rest spread after it. */
const sendsFrom = (who: Partial<RecentSend>, n: number, oldestMinutesAgo: number): RecentSend[] =>
  Array.from({ length: n }, (_, i) => ({
    at: at(-oldestMinutesAgo * 60_000 + i * 1000),
    address: who.address ?? stranger.address,
    device: who.device ?? null,
  }));

describe('sending a code', () => {
  it('starts a new login when no code is open', () => {
    expect(decideSend(null, noSends, stranger, t0, L)).toEqual({ kind: 'new' });
    expect(decideSend(fresh({ consumedAt: t0 }), noSends, stranger, at(40_000), L)).toEqual({ kind: 'new' });
    expect(decideSend(fresh(), noSends, stranger, at(L.ttlMs), L)).toEqual({ kind: 'new' });
  });

  it('refuses a resend within 30 s and says how long to wait', () => {
    expect(decideSend(fresh(), noSends, stranger, at(10_000), L)).toEqual({
      kind: 'too-soon',
      retryAfterSeconds: 20,
    });
    expect(decideSend(fresh(), noSends, owner, at(29_999), L)).toEqual({
      kind: 'too-soon',
      retryAfterSeconds: 1,
    });
  });

  it('allows a resend after 30 s, at most 3 per login', () => {
    expect(decideSend(fresh(), noSends, stranger, at(30_000), L)).toEqual({ kind: 'resend', resendsLeft: 2 });
    expect(decideSend(fresh({ resends: 2 }), noSends, stranger, at(30_000), L)).toEqual({
      kind: 'resend',
      resendsLeft: 0,
    });
    // Until the login's code expires; then a new login starts.
    expect(decideSend(fresh({ resends: 3 }), noSends, owner, at(30_000), L)).toEqual({
      kind: 'no-resends-left',
      retryAfterSeconds: 270,
    });
  });

  it('caps one client at 10 sends per number over 15 minutes, by address or by device cookie', () => {
    expect(decideSend(null, sendsFrom({}, 10, 10), stranger, t0, L)).toEqual({
      kind: 'rate-limited',
      retryAfterSeconds: 300,
    });
    expect(decideSend(null, sendsFrom({}, 9, 14), stranger, t0, L)).toEqual({ kind: 'new' });
    // Sends older than 15 minutes no longer count.
    expect(decideSend(null, sendsFrom({}, 10, 16), stranger, t0, L)).toEqual({ kind: 'new' });
    // The same device cookie from another address is the same client.
    const roaming = { ...stranger, device: 'stranger-device', address: '192.0.2.1' };
    expect(decideSend(null, sendsFrom({ device: 'stranger-device' }, 10, 10), roaming, t0, L).kind).toBe(
      'rate-limited',
    );
    // Another client is not held up by them.
    const other: Requester = { address: '192.0.2.50', device: null, knownDevice: false };
    expect(decideSend(null, sendsFrom({}, 10, 10), other, t0, L)).toEqual({ kind: 'new' });
    expect(NUMBER_WINDOW_MS).toBe(15 * 60_000);
  });

  it('caps all clients together at 30 sends per number an hour, and says when one slot frees', () => {
    const many = [0, 1, 2].flatMap((k) => sendsFrom({ address: `192.0.2.${k}` }, 10, 50 - k * 10));
    const other: Requester = { address: '192.0.2.50', device: null, knownDevice: false };
    // The 30th newest (the oldest here, 50 minutes ago) leaves in 10 minutes.
    expect(decideSend(null, many, other, t0, L)).toEqual({ kind: 'rate-limited', retryAfterSeconds: 600 });
    expect(decideSend(null, many.slice(1), other, t0, L)).toEqual({ kind: 'new' });
    expect(TARGET_WINDOW_MS).toBe(60 * 60_000);
  });

  it("never holds up the number's known device for others' sends, only by its own resend rules", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            ago: fc.integer({ min: 0, max: TARGET_WINDOW_MS - 1 }),
            address: fc.constantFrom('192.0.2.1', '192.0.2.2', '2001:db8:1:1::/64', owner.address),
            device: fc.constantFrom(null, 'x', 'owner-device'),
          }),
          { maxLength: 200 },
        ),
        (sends) => {
          const recent = sends.map((s) => ({ at: at(-s.ago), address: s.address, device: s.device }));
          expect(decideSend(null, recent, owner, t0, L)).toEqual({ kind: 'new' });
          expect(decideSend(fresh({ lastSentAt: at(-30_000) }), recent, owner, t0, L)).toEqual({
            kind: 'resend',
            resendsLeft: 2,
          });
        },
      ),
    );
  });

  it('never lets strangers keep a number waiting longer than an hour, or one client longer than 15 minutes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            ago: fc.integer({ min: 0, max: TARGET_WINDOW_MS - 1 }),
            address: fc.constantFrom('192.0.2.1', '192.0.2.2', stranger.address),
          }),
          { maxLength: 80 },
        ),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: L.ttlMs }),
        fc.integer({ min: 30, max: 900 }),
        (sends, resends, sinceLast, ttlSeconds) => {
          const limits = { ...L, ttlMs: ttlSeconds * 1000 };
          const current = fresh({
            lastSentAt: at(-sinceLast),
            expiresAt: at(limits.ttlMs - sinceLast),
            resends,
            attempts: 5,
          });
          const recent = sends.map((s) => ({ at: at(-s.ago), address: s.address, device: null }));
          const decision = decideSend(current, recent, stranger, t0, limits);
          if ('retryAfterSeconds' in decision) {
            expect(decision.retryAfterSeconds).toBeLessThanOrEqual(TARGET_WINDOW_MS / 1000);
          }
          const mine = recent.filter((s) => s.address === stranger.address);
          const justMine = decideSend(null, mine, stranger, t0, limits);
          if ('retryAfterSeconds' in justMine) {
            expect(justMine.retryAfterSeconds).toBeLessThanOrEqual(NUMBER_WINDOW_MS / 1000);
          }
        },
      ),
    );
  });

  it('says how long a code voided by wrong guesses holds the login: the resend wait or its end', () => {
    expect(retryAfterLockSeconds(fresh({ attempts: 5 }), at(10_000), L)).toBe(20);
    expect(retryAfterLockSeconds(fresh({ attempts: 5, resends: 3 }), at(60_000), L)).toBe(240);
    expect(retryAfterLockSeconds(fresh({ attempts: 5 }), at(40_000), L)).toBe(1);
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
