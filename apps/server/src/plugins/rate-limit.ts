// Per-address and per-shopper limits through @fastify/rate-limit, counted in a store every
// instance shares: Redis when REDIS_URL is set, otherwise a table in the app's database
// (modules/rate-limits). Routes and the storefront's form actions call the same named limits, so
// a form posted without JavaScript counts against the same cap as the API.
import rateLimit from '@fastify/rate-limit';
import { couponWaitMessage, tooManyRequestsMessage } from '@spice/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { addressKey } from '../lib/client-address.ts';
import { createPgCounters, pgStoreClass } from '../modules/rate-limits/pg-store.ts';
import { AppError } from './errors.ts';

export type LimitName =
  | 'contact'
  | 'grievance'
  | 'otpSend'
  | 'emailOtpSend'
  | 'otpVerify'
  | 'couponAddress'
  | 'couponShopper';

interface Rule {
  max: number;
  windowMs: number;
  message: (retryAfterSeconds: number) => string;
  /** The counter's key; '' when the rule does not apply to this request (no shopper). */
  key: (request: FastifyRequest) => Promise<string> | string;
}

export interface Limits {
  /** Counts this request; over the cap it answers 429 (AppError 'tooMany' with retryAfterSeconds). */
  take(name: LimitName, request: FastifyRequest): Promise<void>;
  /** Refuses (429) when the cap is already reached, without counting. */
  check(name: LimitName, request: FastifyRequest): Promise<void>;
  /** Counts without refusing (e.g. a wrong coupon code, counted after the answer is known). */
  count(name: LimitName, request: FastifyRequest): Promise<void>;
  /** Refuses (429) at the cap, runs `attempt`, and counts it when it fails (a wrong code). */
  guard<T>(name: LimitName, request: FastifyRequest, attempt: () => Promise<T>): Promise<T>;
  /** Deletes ended windows (database store only). */
  purgeExpired(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

const HOUR_MS = 3_600_000;

export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const counters = createPgCounters(app.database.db);
  let redis: Redis | null = null;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    // A store failure must not let every guess through: the request fails instead (500, logged).
    skipOnError: false,
    ...(redis ? { redis, nameSpace: 'shop-rl:' } : { store: pgStoreClass(counters) }),
  });

  // Per address: an IPv6 client by its /64 (lib/client-address.ts).
  const ip = (prefix: string) => (request: FastifyRequest) => `${prefix}:${addressKey(request.ip)}`;
  const rules: Record<LimitName, Rule> = {
    contact: {
      max: config.CONTACT_PER_IP_PER_HOUR,
      windowMs: HOUR_MS,
      message: tooManyRequestsMessage,
      key: ip('contact'),
    },
    // Complaints (issue 35): as many per address as contact messages, counted apart from them.
    grievance: {
      max: config.CONTACT_PER_IP_PER_HOUR,
      windowMs: HOUR_MS,
      message: tooManyRequestsMessage,
      key: ip('grievance'),
    },
    // Login and e-mail codes share one per-address count.
    otpSend: {
      max: config.OTP_SENDS_PER_IP_PER_HOUR,
      windowMs: HOUR_MS,
      message: tooManyRequestsMessage,
      key: ip('otp'),
    },
    emailOtpSend: {
      max: config.OTP_SENDS_PER_IP_PER_HOUR,
      windowMs: HOUR_MS,
      message: tooManyRequestsMessage,
      key: ip('otp'),
    },
    // Wrong login and e-mail codes from one address (checked before a guess, counted after a wrong one).
    otpVerify: {
      max: config.OTP_VERIFIES_PER_IP_PER_HOUR,
      windowMs: HOUR_MS,
      message: tooManyRequestsMessage,
      key: ip('otp-verify'),
    },
    couponAddress: {
      max: config.COUPON_GUESSES_PER_MINUTE,
      windowMs: 60_000,
      message: couponWaitMessage,
      key: ip('coupon'),
    },
    couponShopper: {
      max: config.COUPON_GUESSES_PER_MINUTE,
      windowMs: 60_000,
      message: couponWaitMessage,
      key: async (request) => {
        const session = await request.getSession();
        return session?.userId ? `coupon-user:${session.userId}` : '';
      },
    },
  };

  const limiters = Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [
      name,
      app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: rule.key,
        allowList: (_request, key) => key === '',
      }),
    ]),
  ) as Record<LimitName, ReturnType<FastifyInstance['createRateLimit']>>;

  async function apply(name: LimitName, request: FastifyRequest, increment: boolean, refuse: boolean) {
    const state = await limiters[name](request, { increment });
    if (state.isAllowed || !refuse) return;
    const over = increment ? state.isExceeded : state.remaining === 0;
    if (!over) return;
    const retryAfterSeconds = Math.max(1, state.ttlInSeconds);
    throw new AppError('tooMany', rules[name].message(retryAfterSeconds), undefined, { retryAfterSeconds });
  }

  app.decorate('limits', {
    take: (name, request) => apply(name, request, true, true),
    check: (name, request) => apply(name, request, false, true),
    count: (name, request) => apply(name, request, true, false),
    async guard(name, request, attempt) {
      await apply(name, request, false, true);
      try {
        return await attempt();
      } catch (error) {
        if (error instanceof AppError) await apply(name, request, true, false);
        throw error;
      }
    },
    purgeExpired: () => (redis ? Promise.resolve() : counters.purgeExpired()),
  } satisfies Limits);
}
