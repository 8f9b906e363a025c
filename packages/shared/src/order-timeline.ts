// The order's timeline as the shopper reads it (issue 32): every step to come, not only those
// reached — Placed → Confirmed → Packed → Shipped → Out for delivery → Delivered — each reached step
// with its time when known, the expected delivery day on the last one until it is reached. A
// cancelled or returned order ends where it stopped, with that step. 'Out for delivery' is no order
// status: the courier reports it (a tracking event); a delivered order has passed it either way.
import type { DeliveryWindow } from './delivery.ts';
import type { OrderStatus } from './order-status.ts';

export const TIMELINE_STEPS = [
  'PLACED',
  'CONFIRMED',
  'PACKED',
  'SHIPPED',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
] as const;
export type TimelineStepKey = (typeof TIMELINE_STEPS)[number] | 'CANCELLED' | 'RTO';

export interface TimelineStep {
  key: TimelineStepKey;
  /** done: reached; current: the latest reached; upcoming: still to come. */
  state: 'done' | 'current' | 'upcoming';
  /** When it was reached (ISO), null when not reached or not reported (out for delivery). */
  at: string | null;
  /** On the Delivered step until reached: the day promised ('YYYY-MM-DD'). */
  expected?: string;
}

export const isOutForDeliveryEvent = (courierStatus: string) =>
  courierStatus
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, ' ') === 'OUT FOR DELIVERY';

export function orderTimeline(order: {
  status: OrderStatus;
  history: readonly { status: OrderStatus; at: string }[];
  trackingEvents: readonly { status: string; at: string }[];
  estimatedDelivery: DeliveryWindow | null;
}): TimelineStep[] {
  const at = new Map<TimelineStepKey, string>();
  for (const h of order.history) at.set(h.status, h.at);
  const outForDelivery = order.trackingEvents.find((e) => isOutForDeliveryEvent(e.status));
  if (outForDelivery) at.set('OUT_FOR_DELIVERY', outForDelivery.at);

  // The furthest step reached along the way (a status later than one missing from the history
  // means that one was passed too).
  let reached = -1;
  TIMELINE_STEPS.forEach((key, i) => {
    if (at.has(key) || key === order.status) reached = i;
  });
  const ended = order.status === 'CANCELLED' || order.status === 'RTO';
  const steps: TimelineStep[] = [];
  TIMELINE_STEPS.forEach((key, i) => {
    if (i > reached && ended) return;
    const step: TimelineStep = { key, state: i <= reached ? 'done' : 'upcoming', at: at.get(key) ?? null };
    if (key === 'DELIVERED' && i > reached && order.estimatedDelivery)
      step.expected = order.estimatedDelivery.to;
    steps.push(step);
  });
  if (ended) steps.push({ key: order.status, state: 'done', at: at.get(order.status) ?? null });
  const last = steps.findLast((s) => s.state === 'done');
  if (last) last.state = 'current';
  return steps;
}
