// The payment gateway: Razorpay through its official SDK when keys are configured, otherwise a
// simulated gateway with the same contract (order ids, and signatures made exactly as Razorpay
// makes them: HMAC-SHA256 of `order_id|payment_id` with the key secret), so the whole purchase
// works offline. The simulated gateway exists only in demo mode: a real shop without keys has no
// online payment (503), never a gateway that pays for anything.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../plugins/config.ts';
import { AppError } from '../../plugins/errors.ts';

export const PAYMENTS_UNAVAILABLE =
  'Online payment is not available right now: the shop has not set up its payment gateway yet. Please try again later.';

export interface Gateway {
  readonly provider: 'razorpay' | 'simulated';
  readonly keyId: string;
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<{ id: string }>;
  /** Checks the signature the checkout window returns for a payment of the given order. */
  verifyPayment(orderId: string, paymentId: string, signature: string): boolean;
  /** Checks a webhook's X-Razorpay-Signature over the raw body. */
  verifyWebhook(rawBody: string, signature: string): boolean;
  /**
   * Refunds (part of) a captured payment. `receipt` is the shop's refund id: findRefund answers
   * the refund already made under it, so a retried job never refunds twice.
   */
  refund(input: {
    paymentId: string;
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayRefund>;
  findRefund(paymentId: string, receipt: string): Promise<GatewayRefund | null>;
  /** Simulated gateway only: what the test-mode window returns after 'Pay'. */
  simulatePayment?(orderId: string): {
    razorpayOrderId: string;
    razorpayPaymentId: string;
    razorpaySignature: string;
  };
}

export interface GatewayRefund {
  id: string;
  status: 'pending' | 'processed' | 'failed';
}

/** `permanent`: the gateway refused the request itself (asking again would be refused again). */
export class GatewayError extends Error {
  readonly permanent: boolean;
  constructor(message: string, permanent = false) {
    super(message);
    this.permanent = permanent;
  }
}

export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

function safeEqualHex(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(actual, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createGateway(config: Config, simulatedSecret: () => string): Gateway {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) return razorpayGateway(config);
  if (config.DEMO_MODE) return simulatedGateway(simulatedSecret);
  return unconfiguredGateway();
}

/** Razorpay without keys: nothing can be paid, and nothing is ever accepted as paid. */
function unconfiguredGateway(): Gateway {
  return {
    provider: 'razorpay',
    keyId: '',
    async createOrder() {
      throw new AppError('unavailable', PAYMENTS_UNAVAILABLE);
    },
    verifyPayment: () => false,
    verifyWebhook: () => false,
    async refund() {
      throw new GatewayError('No Razorpay keys: refunds cannot be made.', true);
    },
    findRefund: async () => null,
  };
}

function razorpayGateway(config: Config): Gateway {
  const keyId = config.RAZORPAY_KEY_ID!;
  const keySecret = config.RAZORPAY_KEY_SECRET!;
  const webhookSecret = config.RAZORPAY_WEBHOOK_SECRET;
  let client: Promise<RazorpayClient> | null = null;
  const sdk = () =>
    (client ??= import('razorpay').then((m) => {
      const instance = new m.default({ key_id: keyId, key_secret: keySecret });
      // The SDK has no host option; point its HTTP client elsewhere only when configured (tests).
      (
        instance as unknown as { api: { rq: { defaults: { baseURL: string; timeout: number } } } }
      ).api.rq.defaults.baseURL = config.RAZORPAY_API_URL;
      (instance as unknown as { api: { rq: { defaults: { timeout: number } } } }).api.rq.defaults.timeout =
        15_000;
      return instance as unknown as RazorpayClient;
    }));
  const describe = (error: unknown) =>
    (error as { error?: { description?: string } }).error?.description ?? (error as Error).message;
  // The SDK rejects with the HTTP status on a refusal; no status means the request never got an answer.
  const refused = (error: unknown) => {
    const status = (error as { statusCode?: number }).statusCode;
    return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
  };
  const asRefund = (r: { id: string; status: string }): GatewayRefund => ({
    id: r.id,
    status: r.status === 'processed' ? 'processed' : r.status === 'failed' ? 'failed' : 'pending',
  });
  return {
    provider: 'razorpay',
    keyId,
    async refund({ paymentId, amountPaise, receipt, notes }) {
      try {
        return asRefund(
          await (await sdk()).payments.refund(paymentId, {
            amount: amountPaise,
            speed: 'normal',
            receipt,
            notes,
          }),
        );
      } catch (error) {
        throw new GatewayError(`Razorpay refund failed: ${describe(error)}`, refused(error));
      }
    },
    async findRefund(paymentId, receipt) {
      try {
        const list = await (await sdk()).payments.fetchMultipleRefund(paymentId, { count: 100 });
        const found = list.items.find((r) => r.receipt === receipt);
        return found ? asRefund(found) : null;
      } catch (error) {
        throw new GatewayError(`Razorpay refunds lookup failed: ${describe(error)}`);
      }
    },
    async createOrder({ amountPaise, receipt, notes }) {
      try {
        const order = await (await sdk()).orders.create({
          amount: amountPaise,
          currency: 'INR',
          receipt,
          notes,
        });
        return { id: order.id };
      } catch (error) {
        const detail =
          (error as { error?: { description?: string } }).error?.description ?? (error as Error).message;
        throw new GatewayError(`Razorpay order creation failed: ${detail}`);
      }
    },
    verifyPayment: (orderId, paymentId, signature) =>
      safeEqualHex(hmacHex(keySecret, `${orderId}|${paymentId}`), signature),
    verifyWebhook: (rawBody, signature) =>
      Boolean(webhookSecret) && safeEqualHex(hmacHex(webhookSecret!, rawBody), signature),
  };
}

interface RazorpayClient {
  orders: { create(o: object): Promise<{ id: string }> };
  payments: {
    refund(paymentId: string, body: object): Promise<{ id: string; status: string }>;
    fetchMultipleRefund(
      paymentId: string,
      query: object,
    ): Promise<{ items: { id: string; status: string; receipt: string | null }[] }>;
  };
}

function simulatedGateway(secret: () => string): Gateway {
  // Simulated refunds complete at once; remembered by receipt so a repeat finds the first.
  const made = new Map<string, GatewayRefund>();
  return {
    async refund({ receipt }) {
      const refund = made.get(receipt) ?? {
        id: `rfnd_sim_${randomBytes(9).toString('base64url')}`,
        status: 'processed' as const,
      };
      made.set(receipt, refund);
      return refund;
    },
    findRefund: async (_paymentId, receipt) => made.get(receipt) ?? null,
    provider: 'simulated',
    keyId: 'rzp_test_simulated',
    async createOrder() {
      return { id: `order_sim_${randomBytes(9).toString('base64url')}` };
    },
    verifyPayment: (orderId, paymentId, signature) =>
      safeEqualHex(hmacHex(secret(), `${orderId}|${paymentId}`), signature),
    verifyWebhook: (rawBody, signature) => safeEqualHex(hmacHex(secret(), rawBody), signature),
    simulatePayment(orderId) {
      const paymentId = `pay_sim_${randomBytes(9).toString('base64url')}`;
      return {
        razorpayOrderId: orderId,
        razorpayPaymentId: paymentId,
        razorpaySignature: hmacHex(secret(), `${orderId}|${paymentId}`),
      };
    },
  };
}
