// What an order's status change does besides the status: hooks per status entered (ARCHITECTURE.md
// convention 4, decision 0021), run in the change's transaction after its conditional UPDATE, in
// the order listed. Each answers the facts its audit entry records. A cancelled or returned order
// never ships, so its units and coupon use come back (both statuses are final: once); a paid
// online order cancelled or returned undelivered is refunded whatever is not refunded yet (issue
// 31); the statuses the shopper is told of enqueue their message.
import type { OrderStatus } from '@spice/shared/order-status';
import { unitsLeft } from '@spice/shared/refunds';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { BatchService } from '../catalog/batches.ts';
import type { StockLevel } from '../catalog/service.ts';
import type { CouponsService } from '../coupons/service.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { orderMessageJob } from '../messaging/order-message-job.ts';
import type { OrderMessageEvent } from '../messaging/order-messages.ts';
import type { RefundsService } from '../refunds/service.ts';
import { amountDto } from './dto.ts';
import { orderItems } from './schema.ts';
import type { OrderRow } from './types.ts';

export interface HookOutcome {
  /** Merged into the audit entry's `after`. */
  audit?: Record<string, unknown>;
  /** Units went back on the shelf: the levels they left, for the catalogue after the commit. */
  stockReturned?: StockLevel[];
}

type StatusHook = (tx: Tx, order: OrderRow) => Promise<HookOutcome>;

export function createStatusHooks(deps: {
  coupons: Pick<CouponsService, 'releaseRedemption'>;
  refunds: Pick<RefundsService, 'requestForOrderRest' | 'refundedUnits'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** Stock as batches (decision 0044): FEFO allocation at packing, units back to their batches. */
  batches: Pick<BatchService, 'allocateOrder' | 'returnOrder'>;
}) {
  /**
   * Packing allocates each line's units to batches first-expiry-first-out (issue 39); every path
   * to PACKED (the order page, bulk actions, the Ship step's 'Mark packed') runs this hook.
   */
  const allocate: StatusHook = async (tx, order) => {
    const items = await tx
      .select({
        orderItemId: orderItems.id,
        variantId: orderItems.variantId,
        quantity: orderItems.quantity,
        productName: orderItems.productName,
        variant: orderItems.variant,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const levels = await deps.batches.allocateOrder(
      tx,
      order.id,
      items.map((i) => ({ ...i, productName: `${i.productName} ${i.variant}` })),
    );
    return { audit: { allocated: true }, stockReturned: levels };
  };

  /**
   * The units go back (variants since deleted are skipped) and the coupon may be used again: to
   * the batches they were packed from, or, not packed yet, the reservation is freed.
   */
  const returnToShop: StatusHook = async (tx, order) => {
    const items = await tx
      .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const restocked = items.flatMap(({ variantId, quantity }) =>
      variantId === null ? [] : [{ variantId, quantity }],
    );
    const levels = await deps.batches.returnOrder(tx, order.id, restocked);
    const couponReleased = await deps.coupons.releaseRedemption(tx, order.id);
    return { audit: { restocked, couponReleased }, stockReturned: levels };
  };

  /**
   * The rest of what was paid, with the units not refunded yet, as a job; the status change's
   * conditional UPDATE lets one admin (or courier webhook) through, so it is asked once.
   */
  const refund: StatusHook = async (tx, order) => {
    if (order.paymentMode !== 'RAZORPAY' || (order.status !== 'CANCELLED' && order.status !== 'RTO'))
      return {};
    const [items, refunded] = await Promise.all([
      tx
        .select({ id: orderItems.id, quantity: orderItems.quantity, pricePaise: orderItems.pricePaise })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id)),
      deps.refunds.refundedUnits(tx, [order.id]),
    ]);
    const lines = unitsLeft(items.map((i) => ({ ...i, refundedUnits: refunded.get(i.id) ?? 0 })));
    const requested = await deps.refunds.requestForOrderRest(tx, order, order.status, lines);
    return requested
      ? { audit: { refund: { id: requested.id, amount: amountDto(requested.amountPaise) } } }
      : {};
  };

  /** The shopper's message: the hooks made here are left out when the caller tells them itself. */
  const tells = new Set<StatusHook>();
  const tell = (event: OrderMessageEvent): StatusHook => {
    const hook: StatusHook = async (tx, order) => {
      await deps.jobs.enqueue(tx, orderMessageJob({ orderNumber: order.orderNumber, event }));
      return {};
    };
    tells.add(hook);
    return hook;
  };

  const ON_ENTER: Readonly<Record<OrderStatus, readonly StatusHook[]>> = {
    PLACED: [],
    CONFIRMED: [],
    PACKED: [allocate],
    SHIPPED: [tell('shipped')],
    DELIVERED: [tell('delivered')],
    CANCELLED: [returnToShop, refund, tell('cancelled')],
    RTO: [returnToShop, refund, tell('returned')],
  };

  /** Runs the hooks of the status the order has just entered. */
  return async function enter(
    tx: Tx,
    order: OrderRow,
    options: { tell: boolean } = { tell: true },
  ): Promise<Required<HookOutcome>> {
    const outcome = { audit: {}, stockReturned: [] as StockLevel[] };
    for (const hook of ON_ENTER[order.status]) {
      if (!options.tell && tells.has(hook)) continue;
      const done = await hook(tx, order);
      Object.assign(outcome.audit, done.audit);
      outcome.stockReturned.push(...(done.stockReturned ?? []));
    }
    return outcome;
  };
}
