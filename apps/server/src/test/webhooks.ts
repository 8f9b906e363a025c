// The payments webhook as the gateway calls it: the body signed with the simulated gateway's secret
// (payments/gateway.ts) or the given Razorpay webhook secret, optionally with the event's id.
import { createHmac } from 'node:crypto';
import { loadAppSecret } from '../lib/app-secrets.ts';
import type { TestApp } from './app.ts';

export async function postWebhook(
  t: Pick<TestApp, 'app' | 'database'>,
  body: string,
  eventId?: string,
  webhookSecret?: string,
) {
  const secret = webhookSecret ?? (await loadAppSecret(t.database.db, 'payments-simulated'));
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/razorpay/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'),
      ...(eventId !== undefined && { 'x-razorpay-event-id': eventId }),
    },
  });
}
