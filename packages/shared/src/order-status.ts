// Order status is a transition table (ARCHITECTURE.md convention 4): placed → confirmed → packed
// → shipped → delivered, cancelled from any status before shipping, and a shipped order that
// came back undelivered is RTO (returned to origin, issue 12).

export const ORDER_STATUSES = [
  'PLACED',
  'CONFIRMED',
  'PACKED',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
  'RTO',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PLACED: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['PACKED', 'CANCELLED'],
  PACKED: ['SHIPPED', 'CANCELLED'],
  SHIPPED: ['DELIVERED', 'RTO'],
  DELIVERED: [],
  CANCELLED: [],
  RTO: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Shown to shoppers: 'PLACED' → 'Placed'. */
export function statusLabel(status: string): string {
  if (status === 'RTO') return 'Returned';
  return status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();
}
