// The subscriptions gateway (issue 43): Razorpay's plans and subscriptions APIs through the
// official SDK when keys are configured, a simulated gateway in demo mode (its charges are driven
// by POST /api/payment/simulated/subscriptions/…, reported as signed webhooks), and without either
// nothing can be subscribed (503). The webhook's signature is checked by the payments gateway
// (same secret, same endpoint).
import { randomBytes } from 'node:crypto';
import type { Config } from '../../plugins/config.ts';
import { AppError } from '../../plugins/errors.ts';
import { GatewayError, PAYMENTS_UNAVAILABLE } from '../payments/gateway.ts';

export interface SubscriptionGateway {
  readonly provider: 'razorpay' | 'simulated';
  readonly keyId: string;
  /** A monthly plan charged every `frequency` months, `amountPaise` a unit. */
  createPlan(input: {
    frequency: number;
    amountPaise: number;
    name: string;
    notes: Record<string, string>;
  }): Promise<{
    id: string;
  }>;
  /** A subscription charged at once on authorisation, then on schedule for `totalCount` cycles. */
  createSubscription(input: {
    planId: string;
    quantity: number;
    totalCount: number;
    notes: Record<string, string>;
  }): Promise<{ id: string; shortUrl: string | null }>;
  pause(id: string): Promise<void>;
  resume(id: string): Promise<void>;
  cancel(id: string): Promise<void>;
  /** A new plan or quantity from the next cycle on. */
  update(id: string, input: { planId?: string; quantity?: number }): Promise<void>;
}

export function createSubscriptionGateway(config: Config): SubscriptionGateway {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) return razorpaySubscriptions(config);
  if (config.DEMO_MODE) return simulatedSubscriptions();
  return unconfigured();
}

function unconfigured(): SubscriptionGateway {
  const refuse = async (): Promise<never> => {
    throw new AppError('unavailable', PAYMENTS_UNAVAILABLE);
  };
  return {
    provider: 'razorpay',
    keyId: '',
    createPlan: refuse,
    createSubscription: refuse,
    pause: refuse,
    resume: refuse,
    cancel: refuse,
    update: refuse,
  };
}

function simulatedSubscriptions(): SubscriptionGateway {
  const id = (prefix: string) => `${prefix}_sim_${randomBytes(9).toString('base64url')}`;
  return {
    provider: 'simulated',
    keyId: 'rzp_test_simulated',
    createPlan: async () => ({ id: id('plan') }),
    createSubscription: async () => ({ id: id('sub'), shortUrl: null }),
    pause: async () => {},
    resume: async () => {},
    cancel: async () => {},
    update: async () => {},
  };
}

interface RazorpaySubscriptionsClient {
  plans: { create(body: object): Promise<{ id: string }> };
  subscriptions: {
    create(body: object): Promise<{ id: string; short_url?: string | null }>;
    pause(id: string, body: object): Promise<unknown>;
    resume(id: string, body: object): Promise<unknown>;
    cancel(id: string, atCycleEnd?: boolean): Promise<unknown>;
    update(id: string, body: object): Promise<unknown>;
  };
}

function razorpaySubscriptions(config: Config): SubscriptionGateway {
  const keyId = config.RAZORPAY_KEY_ID!;
  let client: Promise<RazorpaySubscriptionsClient> | null = null;
  const sdk = () =>
    (client ??= import('razorpay').then((m) => {
      const instance = new m.default({ key_id: keyId, key_secret: config.RAZORPAY_KEY_SECRET! });
      const rq = (instance as unknown as { api: { rq: { defaults: { baseURL: string; timeout: number } } } })
        .api.rq;
      rq.defaults.baseURL = config.RAZORPAY_API_URL;
      rq.defaults.timeout = 15_000;
      return instance as unknown as RazorpaySubscriptionsClient;
    }));
  const describe = (error: unknown) =>
    (error as { error?: { description?: string } }).error?.description ?? (error as Error).message;
  const refused = (error: unknown) => {
    const status = (error as { statusCode?: number }).statusCode;
    return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
  };
  async function call<T>(what: string, run: (c: RazorpaySubscriptionsClient) => Promise<T>): Promise<T> {
    try {
      return await run(await sdk());
    } catch (error) {
      throw new GatewayError(`Razorpay ${what} failed: ${describe(error)}`, refused(error));
    }
  }
  return {
    provider: 'razorpay',
    keyId,
    createPlan: ({ frequency, amountPaise, name, notes }) =>
      call('plan creation', (c) =>
        c.plans.create({
          period: 'monthly',
          interval: frequency,
          item: { name, amount: amountPaise, currency: 'INR' },
          notes,
        }),
      ).then((p) => ({ id: p.id })),
    createSubscription: ({ planId, quantity, totalCount, notes }) =>
      call('subscription creation', (c) =>
        c.subscriptions.create({
          plan_id: planId,
          quantity,
          total_count: totalCount,
          customer_notify: 1,
          notes,
        }),
      ).then((s) => ({ id: s.id, shortUrl: s.short_url ?? null })),
    pause: (id) => call('pause', (c) => c.subscriptions.pause(id, { pause_at: 'now' })).then(() => {}),
    resume: (id) => call('resume', (c) => c.subscriptions.resume(id, { resume_at: 'now' })).then(() => {}),
    // At once, not at the cycle's end: a cancel is effective before the next charge.
    cancel: (id) => call('cancel', (c) => c.subscriptions.cancel(id, false)).then(() => {}),
    update: (id, { planId, quantity }) =>
      call('update', (c) =>
        c.subscriptions.update(id, {
          ...(planId && { plan_id: planId }),
          ...(quantity && { quantity }),
          schedule_change_at: 'cycle_end',
        }),
      ).then(() => {}),
  };
}
