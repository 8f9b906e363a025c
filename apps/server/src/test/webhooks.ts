// The payments webhook as the simulated gateway calls it: the body signed with the installation's
// secret (payments/gateway.ts), optionally with the gateway's event id.
import { createHmac } from 'node:crypto';
import { loadAppSecret } from '../lib/app-secrets.ts';
import type { TestApp } from './app.ts';

export async function postWebhook(t: Pick<TestApp, 'app' | 'database'>, body: string, eventId?: string) {
  const secret = await loadAppSecret(t.database.db, 'payments-simulated');
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
