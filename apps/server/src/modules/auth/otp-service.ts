// Issues and checks one-time codes (login by SMS, e-mail validation) under the rules in
// otp-rules.ts. Each target's codes are serialised with a transaction-scoped advisory lock, so
// racing sends or guesses end in one outcome.
import { randomBytes } from 'node:crypto';
import { MESSAGES, tooManyRequestsMessage } from '@spice/shared/messages';
import { and, count, desc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { DeliveryError, type Messenger, type OutgoingMessage } from '../messaging/service.ts';
import {
  codeMatches,
  decideSend,
  decideVerify,
  generateCode,
  hashCode,
  NUMBER_WINDOW_MS,
  type OtpLimits,
  retryAfterLockSeconds,
} from './otp-rules.ts';
import { appSecrets, otpChallenges, otpSends } from './schema.ts';

export type OtpPurpose = 'login' | 'email';

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

const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError('tooMany', tooManyRequestsMessage(retryAfterSeconds), undefined, { retryAfterSeconds });

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

  const targetFilter = (purpose: OtpPurpose, target: string, sessionHash: string | null) =>
    and(
      eq(otpChallenges.purpose, purpose),
      eq(otpChallenges.target, target),
      sessionHash === null ? isNull(otpChallenges.sessionHash) : eq(otpChallenges.sessionHash, sessionHash),
    );

  /**
   * Serialises everything about one target's codes (a transaction-scoped advisory lock) and
   * reads its latest challenge.
   */
  async function lockLatest(tx: Tx, purpose: OtpPurpose, target: string, sessionHash: string | null) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${purpose}:${target}`}))`);
    const [current] = await tx
      .select()
      .from(otpChallenges)
      .where(targetFilter(purpose, target, sessionHash))
      .orderBy(desc(otpChallenges.id))
      .limit(1);
    return current;
  }

  return {
    async issue(args: {
      purpose: OtpPurpose;
      target: string;
      sessionHash?: string | null;
      ip: string;
      messages: OtpMessages;
      compose: (code: string) => OutgoingMessage;
    }): Promise<{ resendAfterSeconds: number; resendsLeft: number }> {
      const key = await getSecret();
      const sessionHash = args.sessionHash ?? null;
      const t = now();
      try {
        return await db.transaction(async (tx) => {
          const current = await lockLatest(tx, args.purpose, args.target, sessionHash);
          const [recent] = await tx
            .select({ n: count(), oldest: min(otpSends.createdAt) })
            .from(otpSends)
            .where(
              and(
                eq(otpSends.purpose, args.purpose),
                eq(otpSends.target, args.target),
                gt(otpSends.createdAt, new Date(t.getTime() - NUMBER_WINDOW_MS)),
              ),
            );
          const decision = decideSend(
            current ?? null,
            { targetInWindow: recent?.n ?? 0, oldestInWindow: recent?.oldest ?? null },
            t,
            limits,
          );
          if ('retryAfterSeconds' in decision) throw tooManyRequests(decision.retryAfterSeconds);

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
              codeHmac,
              lastSentAt: t,
              expiresAt,
              createdAt: t,
            });
          }
          await tx
            .insert(otpSends)
            .values({ purpose: args.purpose, target: args.target, ip: args.ip, createdAt: t });
          // Sent last, inside the transaction: if the provider fails, nothing is stored as sent.
          await messenger.send(args.compose(code), tx);
          return { resendAfterSeconds: Math.ceil(limits.resendAfterMs / 1000), resendsLeft };
        });
      } catch (error) {
        if (error instanceof DeliveryError) throw new AppError('unavailable', args.messages.sendFailed);
        throw error;
      }
    },

    /** Checks a guess; a right one is consumed (single use). Throws with the purpose's message. */
    async verify(args: {
      purpose: OtpPurpose;
      target: string;
      sessionHash?: string | null;
      guess: string;
      messages: OtpMessages;
    }): Promise<void> {
      const key = await getSecret();
      const sessionHash = args.sessionHash ?? null;
      const t = now();
      const outcome = await db.transaction(async (tx) => {
        const current = await lockLatest(tx, args.purpose, args.target, sessionHash);
        const matches = current
          ? codeMatches(current.codeHmac, key, args.purpose, args.target, args.guess)
          : false;
        const decision = decideVerify(current ?? null, matches, t, limits);
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
  };
}
