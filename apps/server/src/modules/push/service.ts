// Web push for order updates (issue 42). The push module owns the shoppers' subscriptions (one per
// browser and device); the 'push-order-update' job sends an order's update to every subscription
// of its shopper, in the order's language, and removes those the push service says are gone.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NewJob } from '../jobs/queue.ts';
import { pushSubscriptions } from './schema.ts';
import { PushSendError, type PushSender } from './sender.ts';
import { isPushEvent, type PushEvent, pushMessage } from './texts.ts';

export const PUSH_ORDER_JOB = 'push-order-update';

export function pushOrderJob(orderNumber: string, event: PushEvent, refundId?: string): NewJob {
  return {
    name: PUSH_ORDER_JOB,
    payload: { orderNumber, event },
    key: `${PUSH_ORDER_JOB}:${orderNumber}:${event}${refundId ? `:${refundId}` : ''}`,
  };
}

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushService = ReturnType<typeof createPushService>;

export function createPushService(
  db: Db,
  deps: {
    sender: PushSender;
    orderOwner: (orderNumber: string) => Promise<{ userId: number; language: 'en' | 'hi' } | null>;
    log: { warn(obj: object, msg: string): void };
  },
) {
  const { sender } = deps;
  return {
    publicKey: () => sender.publicKey,

    /** Keeps this browser's subscription for the shopper (a browser that moves to another shopper moves with it). */
    async subscribe(userId: number, input: SubscriptionInput): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth },
        });
    },

    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    async isSubscribed(userId: number, endpoint: string): Promise<boolean> {
      const [row] = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
      return Boolean(row);
    },

    /**
     * The job: the update to each of the shopper's browsers. A gone subscription is removed; any
     * other failure fails the job after trying them all, so the queue retries (a browser may then
     * get the update twice, which the worker's tag folds into one notification).
     */
    async sendOrderUpdate(orderNumber: string, event: string): Promise<void> {
      if (!sender.publicKey || !isPushEvent(event)) return;
      const owner = await deps.orderOwner(orderNumber);
      if (!owner) return;
      const targets = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, owner.userId));
      const payload = pushMessage(event, orderNumber, owner.language);
      let failed: Error | null = null;
      for (const target of targets) {
        try {
          if ((await sender.send(target, payload)) === 'gone') {
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
          }
        } catch (error) {
          if (!(error instanceof PushSendError)) throw error;
          deps.log.warn({ err: error, subscription: target.id }, 'push: an order update was not sent');
          failed = error;
        }
      }
      if (failed) throw failed;
    },
  };
}
