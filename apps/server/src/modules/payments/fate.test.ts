import type { CheckoutStatus } from '@spice/shared/checkout-status';
import { describe, expect, it } from 'vitest';
import { decidePaymentFate, type PaymentFacts } from './fate.ts';

const facts = (over: Partial<PaymentFacts> & { status?: CheckoutStatus } = {}): PaymentFacts => ({
  paymentId: 'pay_B',
  recorded: null,
  checkout: { status: over.status ?? 'pending', totalPaise: 20_600 },
  order: null,
  captured: null,
  ...over,
});

describe('what becomes of a captured payment', () => {
  it.each([
    ['a pending checkout is placed', facts(), { kind: 'place' }],
    [
      'a lapsed hold is placed if its stock can be taken again',
      facts({ status: 'released' }),
      { kind: 'place-late' },
    ],
    [
      'a replaced checkout is refunded',
      facts({ status: 'cancelled' }),
      { kind: 'refund', reason: 'checkout_cancelled' },
    ],
    [
      'a second payment for a placed order is refunded',
      facts({ status: 'paid', order: { paymentId: 'pay_A', status: 'PLACED' } }),
      { kind: 'refund', reason: 'already_paid' },
    ],
    [
      'a second payment for a cancelled order is refunded as such',
      facts({ status: 'paid', order: { paymentId: 'pay_A', status: 'CANCELLED' } }),
      { kind: 'refund', reason: 'order_cancelled' },
    ],
    [
      'the payment that placed the order finds it again',
      facts({ status: 'paid', order: { paymentId: 'pay_B', status: 'CANCELLED' } }),
      { kind: 'same-order' },
    ],
    [
      'a paid checkout without its order never places a second one',
      facts({ status: 'paid' }),
      { kind: 'refund', reason: 'already_paid' },
    ],
    [
      'a captured amount other than the total is refunded',
      facts({ captured: { amountPaise: 100, currency: 'INR' } }),
      { kind: 'refund', reason: 'amount_mismatch' },
    ],
    [
      'a capture in another currency is refunded',
      facts({ captured: { amountPaise: 20_600, currency: 'USD' } }),
      { kind: 'refund', reason: 'amount_mismatch' },
    ],
    [
      'the exact amount captured is placed',
      facts({ captured: { amountPaise: 20_600, currency: 'INR' } }),
      { kind: 'place' },
    ],
    [
      'a payment already decided is answered as before',
      facts({ recorded: { status: 'refund_pending' }, status: 'paid' }),
      { kind: 'replay' },
    ],
    [
      'a payment reported failed and then captured is decided afresh',
      facts({ recorded: { status: 'failed' } }),
      { kind: 'place' },
    ],
  ] as const)('%s', (_name, input, fate) => {
    expect(decidePaymentFate(input)).toEqual(fate);
  });
});
