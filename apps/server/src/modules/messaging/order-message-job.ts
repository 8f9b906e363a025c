// The 'order-message' job: enqueued in the transaction that makes the change (an order placed,
// moved on, cancelled, refunded), keyed so the same event of the same order is enqueued once.
import type { NewJob } from '../jobs/queue.ts';
import type { OrderMessageEvent } from './order-messages.ts';

export const ORDER_MESSAGE_JOB = 'order-message';

export function orderMessageJob(input: {
  orderNumber: string;
  event: OrderMessageEvent;
  /**
   * A refund's id; for 'delivery_failed' the attempt ('delivery-issue-<id>'), so each failed
   * attempt is told once. No link token rides here: the message mints its own when it is sent.
   */
  refundId?: string;
}): NewJob {
  return {
    name: ORDER_MESSAGE_JOB,
    payload: input,
    key: `${ORDER_MESSAGE_JOB}:${input.orderNumber}:${input.event}${input.refundId ? `:${input.refundId}` : ''}`,
  };
}
