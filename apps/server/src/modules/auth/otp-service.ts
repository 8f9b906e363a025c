// Issues and checks one-time codes (login by SMS, e-mail validation) under the rules in
// otp-rules.ts. Each target's codes are serialised with a transaction-scoped advisory lock, so
// racing sends or guesses end in one outcome.
import { randomBytes } from 'node:crypto';
import { MESSAGES, tooManyRequestsMessage } from '@spice/shared/messages';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { DeliveryError, type Messenger, type OutgoingMessage } from '../messaging/service.ts';
import {
  codeMatches,
  decideSend,
  decideVerify,
  generateCode,
  hashCode,
  isOpen,
  type OtpLimits,
  retryAfterLockSeconds,
  TARGET_WINDOW_MS,
} from './otp-rules.ts';
import { appSecrets, otpChallenges, otpDevices, otpSends } from './schema.ts';

export type OtpPurpose = 'login' | 'email' | 'erasure';

// A send or guess refused for a while answers 429 with the wait, in words and in Retry-After
// (tooManyRequestsMessage); these are the purpose's other texts.
export interface OtpMessages {
  /** The provider failed. */
  sendFailed: string;
  /** A wrong, expired or missing code. */
  wrong: string;
}

export const LOGIN_MESSAGES: OtpMessages = {
  sendFailed: MESSAGES.otpSendFailed,
  wrong: MESSAGES.wrongOtp,
};

export const EMAIL_MESSAGES: OtpMessages = {
  sendFailed: MESSAGES.emailOtpFailed,
  wrong: MESSAGES.emailOtpWrong,
};

/**
 * `codeSent` marks the one refusal that means a code is on its way: one went to this target within
 * the resend wait, so the page asks for it (contracts/accounts.ts OtpSendRefused).
 */
const tooManyRequests = (retryAfterSeconds: number, codeSent = false) =>
  new AppError('tooMany', tooManyRequestsMessage(retryAfterSeconds), undefined, {
    retryAfterSeconds,
    ...(codeSent ? { codeSent: true } : {}),
  });

export function createOtpService(
  db: Db,
  messenger: Messenger,
  options: { limits: OtpLimits; secret?: string | undefined; now?: () => Date },
) {
  const { limits } = options;
  const now = options.now ?? (() => new Date());
  let secret: Promise<string> | null = options.secret ? Promise.resolve(options.secret) : null;

  /** The HMAC key: configured, or generated once per installation and kept in the database. */
  function getSecret(): Promise<string> {
    secret ??= (async () => {
      await db
        .insert(appSecrets)
        .values({ name: 'otp', value: randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'otp'));
      return row!.value;
    })();
    return secret;
  }

  const targetFilter = (
    purpose: OtpPurpose,
    target: string,
    sessionHash: string | null,
    deviceHash: string | null,
  ) =>
    and(
      eq(otpChallenges.purpose, purpose),
      eq(otpChallenges.target, target),
      sessionHash === null ? isNull(otpChallenges.sessionHash) : eq(otpChallenges.sessionHash, sessionHash),
      deviceHash === null ? isNull(otpChallenges.deviceHash) : eq(otpChallenges.deviceHash, deviceHash),
    );

  /** Serialises everything about one target's codes (a transaction-scoped advisory lock). */
  async function lockTarget(tx: Tx, purpose: OtpPurpose, target: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${purpose}:${target}`}))`);
  }

  /** The latest challenge: a known device's own (deviceHash), or the target's shared one (null). */
  async function latest(
    tx: Tx,
    purpose: OtpPurpose,
    target: string,
    sessionHash: string | null,
    deviceHash: string | null,
  ) {
    const [current] = await tx
      .select()
      .from(otpChallenges)
      .where(targetFilter(purpose, target, sessionHash, deviceHash))
      .orderBy(desc(otpChallenges.id))
      .limit(1);
    return current ?? null;
  }

  /** Whether this device has logged in to this number before (login codes only). */
  async function isKnownDevice(
    executor: Pick<Db, 'select'>,
    purpose: OtpPurpose,
    target: string,
    deviceHash: string | null,
  ) {
    if (purpose !== 'login' || deviceHash === null) return false;
    const [row] = await executor
      .select({ target: otpDevices.target })
      .from(otpDevices)
      .where(and(eq(otpDevices.deviceHash, deviceHash), eq(otpDevices.target, target)));
    return row !== undefined;
  }

  return {
    async issue(args: {
      purpose: OtpPurpose;
      target: string;
      sessionHash?: string | null;
      /** Who asks: the address as limits count it, and the device cookie's hash if any. */
      client: { address: string; deviceHash: string | null };
      messages: OtpMessages;
      compose: (code: string) => OutgoingMessage;
    }): Promise<{ resendAfterSeconds: number; resendsLeft: number }> {
      const key = await getSecret();
      const sessionHash = args.sessionHash ?? null;
      const { address, deviceHash } = args.client;
      const t = now();
      try {
        return await db.transaction(async (tx) => {
          await lockTarget(tx, args.purpose, args.target);
          const knownDevice = await isKnownDevice(tx, args.purpose, args.target, deviceHash);
          const ownDevice = knownDevice ? deviceHash : null;
          const current = await latest(tx, args.purpose, args.target, sessionHash, ownDevice);
          const recent = await tx
            .select({ at: otpSends.createdAt, address: otpSends.ip, device: otpSends.deviceHash })
            .from(otpSends)
            .where(
              and(
                eq(otpSends.purpose, args.purpose),
                eq(otpSends.target, args.target),
                gt(otpSends.createdAt, new Date(t.getTime() - TARGET_WINDOW_MS)),
              ),
            );
          const decision = decideSend(
            current,
            recent,
            { address, device: deviceHash, knownDevice },
            t,
            limits,
          );
          if ('retryAfterSeconds' in decision)
            throw tooManyRequests(decision.retryAfterSeconds, decision.kind === 'too-soon');

          const code = generateCode();
          const codeHmac = hashCode(key, args.purpose, args.target, code);
          const expiresAt = new Date(t.getTime() + limits.ttlMs);
          let resendsLeft = limits.maxResends;
          if (decision.kind === 'resend' && current) {
            resendsLeft = decision.resendsLeft;
            await tx
              .update(otpChallenges)
              .set({ codeHmac, attempts: 0, resends: current.resends + 1, lastSentAt: t, expiresAt })
              .where(eq(otpChallenges.id, current.id));
          } else {
            await tx.insert(otpChallenges).values({
              purpose: args.purpose,
              target: args.target,
              sessionHash,
              deviceHash: ownDevice,
              codeHmac,
              lastSentAt: t,
              expiresAt,
              createdAt: t,
            });
          }
          await tx.insert(otpSends).values({
            purpose: args.purpose,
            target: args.target,
            ip: address,
            deviceHash,
            knownDevice,
            createdAt: t,
          });
          // Sent last, inside the transaction: if the provider fails, nothing is stored as sent.
          await messenger.send(args.compose(code), tx);
          return { resendAfterSeconds: Math.ceil(limits.resendAfterMs / 1000), resendsLeft };
        });
      } catch (error) {
        if (error instanceof DeliveryError) throw new AppError('unavailable', args.messages.sendFailed);
        throw error;
      }
    },

    /**
     * Checks a guess; a right one is consumed (single use). Throws with the purpose's message. A
     * known device's guess is checked against its own code while that is open.
     */
    async verify(args: {
      purpose: OtpPurpose;
      target: string;
      sessionHash?: string | null;
      deviceHash?: string | null;
      guess: string;
      messages: OtpMessages;
    }): Promise<void> {
      const key = await getSecret();
      const sessionHash = args.sessionHash ?? null;
      const deviceHash = args.deviceHash ?? null;
      const t = now();
      const outcome = await db.transaction(async (tx) => {
        await lockTarget(tx, args.purpose, args.target);
        const own = (await isKnownDevice(tx, args.purpose, args.target, deviceHash))
          ? await latest(tx, args.purpose, args.target, sessionHash, deviceHash)
          : null;
        const current = isOpen(own, t) ? own : await latest(tx, args.purpose, args.target, sessionHash, null);
        const matches = current
          ? codeMatches(current.codeHmac, key, args.purpose, args.target, args.guess)
          : false;
        const decision = decideVerify(current, matches, t, limits);
        if (decision === 'wrong' && current) {
          await tx
            .update(otpChallenges)
            .set({ attempts: current.attempts + 1 })
            .where(eq(otpChallenges.id, current.id));
        }
        if (decision === 'ok' && current) {
          await tx.update(otpChallenges).set({ consumedAt: t }).where(eq(otpChallenges.id, current.id));
        }
        if (decision === 'locked' && current)
          return { decision, wait: retryAfterLockSeconds(current, t, limits) };
        return { decision, wait: 0 };
      });
      if (outcome.decision === 'locked') throw tooManyRequests(outcome.wait);
      if (outcome.decision !== 'ok')
        throw new AppError('invalid', args.messages.wrong, { otp: args.messages.wrong });
    },

    /** Whether this device has logged in to this number before (its login codes always come). */
    async knowsDevice(target: string, deviceHash: string | null): Promise<boolean> {
      return isKnownDevice(db, 'login', target, deviceHash);
    },

    /** A number logged in on this device: from now on it always gets its login codes. */
    async rememberDevice(deviceHash: string, target: string): Promise<void> {
      const t = now();
      await db
        .insert(otpDevices)
        .values({ deviceHash, target, createdAt: t, lastLoginAt: t })
        .onConflictDoUpdate({ target: [otpDevices.deviceHash, otpDevices.target], set: { lastLoginAt: t } });
    },
  };
}
