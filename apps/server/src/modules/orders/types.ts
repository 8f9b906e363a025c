// The order's shapes as other modules receive them (refunds, invoices): types only, so those
// modules never import the orders tables (decision 0021).
import type { orderItems, orders } from './schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type { AddressSnapshot, CheckoutLine } from './schema.ts';
