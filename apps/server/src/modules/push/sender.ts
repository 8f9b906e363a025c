// Sending one web push message (issue 42), behind one interface: the `web-push` library signing
// with the shop's VAPID keys and encrypting to the browser's keys, or nothing when the shop has no
// keys (push is then not offered). Tested against a loopback push service (sender.test.ts).
import webpush from 'web-push';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 'sent'; 'gone': the push service no longer knows the subscription (404/410), so it is removed. */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  /** The public key browsers subscribe with; null when push is off. */
  publicKey: string | null;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

export class PushSendError extends Error {}

export function disabledPushSender(): PushSender {
  return {
    publicKey: null,
    async send() {
      throw new PushSendError(
        'Web push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT).',
      );
    },
  };
}

export function webPushSender(options: {
  publicKey: string;
  privateKey: string;
  subject: string;
  timeoutMs: number;
}): PushSender {
  const vapidDetails = {
    subject: options.subject,
    publicKey: options.publicKey,
    privateKey: options.privateKey,
  };
  return {
    publicKey: options.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails,
            // A day: an update older than that is stale news; 'high' wakes a sleeping phone.
            TTL: 24 * 60 * 60,
            urgency: 'high',
            timeout: options.timeoutMs,
          },
        );
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw new PushSendError(`push service answered ${status ?? (error as Error).message}`);
      }
    },
  };
}
