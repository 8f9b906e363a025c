// A COD order confirmed by its shopper before it is packed (issue 34, decision 0033). Placed while
// the shop asks for it, the order gets a PENDING confirmation with its deadline, and three jobs:
// the message now, one reminder half-way, the expiry at the deadline. The shopper answers by the
// link (confirm, change the address, cancel) or a WhatsApp quick reply; the owner may confirm
// after calling them. A cancel or an expiry is the shopper's cancel (self-cancel.ts): the owner's
// status change with its hooks, so stock and coupon use come back exactly as there.
//
// Every decision locks the order row first (the status change's UPDATE does too), so a confirm, a
// cancel and the expiry racing each other end in one outcome.
import { codAvailability, payNowOffer } from '@spice/shared/cod';
import {
  addressChangeRefusal,
  type CodConfirmationState,
  type CodConfirmationStatus,
  confirmByOf,
  linkUsable,
  reminderAtOf,
  COD_CONFIRMATION_MESSAGES as TEXT,
} from '@spice/shared/cod-confirmation';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  CodConfirmationResultDto,
  CodConfirmationViewDto,
} from '@spice/shared/contracts/cod-confirmation';
import { selfCancelRefusal } from '@spice/shared/self-cancel';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { linkTokenHash, newLinkToken } from '../../lib/link-token.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import type { CheckoutService } from '../checkout/service.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { addressSnapshotOf } from './address-snapshot.ts';
import { type AdminOrdersService, ORDER_CHANGED_MEANWHILE } from './admin-service.ts';
import type { CodPrepay } from './cod-prepay.ts';
import { linePriceDto, payNowDto, totalAmountDto } from './dto.ts';
import { codConfirmationLinks, codConfirmations, orderItems, orders } from './schema.ts';

export const COD_CONFIRMATION_MESSAGE_JOB = 'cod-confirmation-message';
export const COD_CONFIRMATION_EXPIRY_JOB = 'cod-confirmation-expiry';
/** The request, the reminder half-way, and the notice that the order was not confirmed in time. */
export type CodConfirmationMessageKind = 'cod_confirm' | 'cod_reminder' | 'cod_expired';

type OrderRow = typeof orders.$inferSelect;
type ConfirmationRow = typeof codConfirmations.$inferSelect;
type Via = NonNullable<ConfirmationRow['via']>;
/** The address form's fields, validated by the route (AddressInput). */
export interface AddressFields {
  name: string;
  phone: string;
  pincode: string;
  locality: string;
  addressLine: string;
  city: string;
  state: string;
  landmark: string | null;
  alternatePhone: string | null;
  addressType: 'Home' | 'Work';
}

/**
 * One of the confirmation's messages as a durable job: its payload names the order and the kind,
 * never a link token (the message mints its own when it is sent).
 */
export function codConfirmationMessageJob(
  orderNumber: string,
  kind: CodConfirmationMessageKind,
  runAt?: Date,
) {
  return {
    name: COD_CONFIRMATION_MESSAGE_JOB,
    payload: { orderNumber, kind },
    key: `${COD_CONFIRMATION_MESSAGE_JOB}:${orderNumber}:${kind}`,
    ...(runAt && { runAt }),
  };
}

/** Tries against a version moved on meanwhile (as self-cancel.ts). */
const ATTEMPTS = 3;

/**
 * At placement, in its transaction: the confirmation asked for when the shop requires it, and its
 * three jobs (the message now, the reminder half-way, the expiry at the deadline).
 */
export async function startCodConfirmation(
  tx: Tx,
  jobs: Pick<JobQueue, 'enqueue'>,
  order: Pick<OrderRow, 'id' | 'orderNumber' | 'createdAt'>,
  setting: { required: boolean; withinHours: number },
): Promise<CodConfirmationState> {
  if (!setting.required) return 'NOT_REQUIRED';
  const confirmBy = confirmByOf(order.createdAt, setting.withinHours);
  await tx.insert(codConfirmations).values({ orderId: order.id, confirmBy });
  const { orderNumber } = order;
  await jobs.enqueue(tx, codConfirmationMessageJob(orderNumber, 'cod_confirm'));
  await jobs.enqueue(
    tx,
    codConfirmationMessageJob(orderNumber, 'cod_reminder', reminderAtOf(order.createdAt, confirmBy)),
  );
  await jobs.enqueue(tx, {
    name: COD_CONFIRMATION_EXPIRY_JOB,
    payload: { orderNumber },
    key: `${COD_CONFIRMATION_EXPIRY_JOB}:${orderNumber}`,
    runAt: confirmBy,
  });
  return 'PENDING';
}

export type CodConfirmationService = ReturnType<typeof createCodConfirmation>;

export function createCodConfirmation(
  db: Db,
  deps: {
    adminOrders: Pick<AdminOrdersService, 'changeStatus'>;
    audit: AuditService;
    checkout: Pick<CheckoutService, 'currentConfig'>;
    /** The expiry's own message ('not confirmed in time') instead of the generic 'cancelled'. */
    jobs: Pick<JobQueue, 'enqueue'>;
    /** Delivery: 400 for a pincode unknown or not matching the state (accounts' address check). */
    checkAddress: <T extends { pincode: string; state: string }>(input: T) => Promise<T>;
    /** Delivery: 400 when the shop does not deliver there; whether the zone takes COD. */
    assertServiceable: (pincode: string) => Promise<{ zoneCod: boolean }>;
    /** The shopper's COD orders returned undelivered (cod-placement.ts). */
    rtoCount: (userId: number) => Promise<number>;
    /** False without a payment gateway: no 'Pay now' offer. */
    onlinePayments: boolean;
    /** 'Pay now and save ₹X' under the link (cod-prepay.ts), for the order the token opens. */
    payNow?: Pick<CodPrepay, 'createForOrder' | 'verifyForOrder' | 'forOrder'>;
    /** The simulated gateway's Pay (demo mode only; absent with a real gateway). */
    simulatePayment?: ((providerOrderId: string) => unknown) | undefined;
    /** The order's shopper's mobile (the gateway order's notes). */
    mobileOf?: (userId: number) => Promise<string>;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());

  /** The order and its confirmation the token opens, or the 404 every unusable link answers. */
  async function opened(token: string, at: Date) {
    const hash = linkTokenHash(token);
    if (!hash) throw new AppError('notFound', TEXT.notValid);
    const [found] = await db
      .select({ order: orders, confirmation: codConfirmations })
      .from(codConfirmationLinks)
      .innerJoin(orders, eq(orders.id, codConfirmationLinks.orderId))
      .innerJoin(codConfirmations, eq(codConfirmations.orderId, orders.id))
      .where(eq(codConfirmationLinks.tokenHash, hash));
    if (!found || !linkUsable(found.confirmation, found.order.status, at))
      throw new AppError('notFound', TEXT.notValid);
    return found;
  }

  /** In a transaction: the order locked, with its confirmation as it is now. */
  async function locked(tx: Tx, orderId: number) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('no key update');
    const [confirmation] = await tx
      .select()
      .from(codConfirmations)
      .where(eq(codConfirmations.orderId, orderId));
    return { order: order!, confirmation: confirmation! };
  }

  const result = (orderNumber: string, codConfirmation: CodConfirmationState): CodConfirmationResultDto => ({
    orderNumber,
    codConfirmation,
  });

  /** PENDING → CONFIRMED in the caller's transaction (the order locked); CONFIRMED stays. */
  async function markConfirmed(tx: Tx, order: OrderRow, c: ConfirmationRow, via: Via, at: Date, by?: number) {
    if (order.status === 'CANCELLED') throw new AppError('conflict', TEXT.cancelledMeanwhile);
    if (c.status === 'CONFIRMED') return;
    if (c.status !== 'PENDING' || at >= c.confirmBy) throw new AppError('conflict', TEXT.notPending);
    await tx
      .update(codConfirmations)
      .set({ status: 'CONFIRMED', decidedAt: at, via, decidedBy: by ?? null })
      .where(and(eq(codConfirmations.orderId, order.id), eq(codConfirmations.status, 'PENDING')));
  }

  /**
   * The shopper's cancel (or the expiry's): the order's status change to CANCELLED, with the
   * confirmation moved in the same transaction; a confirmation no longer open refuses it.
   */
  async function cancelOrder(
    orderNumber: string,
    to: 'CANCELLED' | 'EXPIRED',
    from: readonly CodConfirmationStatus[],
    note: Record<string, string>,
    reason?: string,
  ) {
    for (let attempt = 1; ; attempt++) {
      const [order] = await db
        .select({ version: orders.version })
        .from(orders)
        .where(eq(orders.orderNumber, orderNumber));
      if (!order) throw new AppError('notFound', TEXT.notValid);
      try {
        await deps.adminOrders.changeStatus(
          null,
          orderNumber,
          { status: 'CANCELLED', version: order.version },
          {
            guard: (current) => {
              const late = selfCancelRefusal(current.status);
              if (late) throw new AppError('conflict', late);
            },
            within: async (tx, row) => {
              const moved = await tx
                .update(codConfirmations)
                .set({ status: to, decidedAt: row.updatedAt, via: to === 'EXPIRED' ? 'expiry' : 'link' })
                .where(and(eq(codConfirmations.orderId, row.id), inArray(codConfirmations.status, [...from])))
                .returning({ orderId: codConfirmations.orderId });
              if (moved.length === 0) throw new AppError('conflict', TEXT.notPending);
              if (to === 'EXPIRED')
                await deps.jobs.enqueue(tx, codConfirmationMessageJob(orderNumber, 'cod_expired'));
            },
            // The expiry tells the shopper why (its own message), not the generic 'cancelled'.
            ...(to === 'EXPIRED' && { tellShopper: false }),
            note,
            ...(reason && { reason }),
          },
        );
        return;
      } catch (error) {
        const moved = error instanceof AppError && error.message === ORDER_CHANGED_MEANWHILE;
        if (!moved || attempt === ATTEMPTS) throw error;
      }
    }
  }

  return {
    /**
     * A new link for a message about this order (each message its own token; only its hash is
     * kept), in the sender's transaction; null when the order no longer waits for confirmation.
     */
    async mintLink(tx: Tx, orderNumber: string): Promise<{ token: string; confirmBy: Date } | null> {
      const [row] = await tx
        .select({
          orderId: orders.id,
          status: codConfirmations.status,
          confirmBy: codConfirmations.confirmBy,
        })
        .from(orders)
        .innerJoin(codConfirmations, eq(codConfirmations.orderId, orders.id))
        .where(eq(orders.orderNumber, orderNumber));
      if (row?.status !== 'PENDING' || row.confirmBy <= now()) return null;
      const link = newLinkToken();
      await tx.insert(codConfirmationLinks).values({ tokenHash: link.hash, orderId: row.orderId });
      return { token: link.token, confirmBy: row.confirmBy };
    },

    async view(token: string): Promise<CodConfirmationViewDto> {
      const { order: o, confirmation: c } = await opened(token, now());
      const [items, config] = await Promise.all([
        db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id)),
        deps.checkout.currentConfig(db),
      ]);
      const offer = deps.onlinePayments ? payNowOffer(o, config.prepaidDiscount) : null;
      return {
        orderNumber: o.orderNumber,
        status: c.status,
        confirmBy: c.confirmBy.toISOString(),
        language: o.language,
        items: items.map((i) => ({
          productName: i.productName,
          variant: i.variant,
          productNameHi: i.productNameHi,
          variantHi: i.variantHi,
          quantity: i.quantity,
          price: linePriceDto(i),
        })),
        totalAmount: totalAmountDto(o),
        paidOnline: o.paymentMode !== 'COD',
        address: o.address,
        payNow: offer && payNowDto(offer),
      };
    },

    /** The link's or a quick reply's confirm; repeating it answers the same. */
    async confirm(token: string, via: Via = 'link'): Promise<CodConfirmationResultDto> {
      const at = now();
      const { order } = await opened(token, at);
      await db.transaction(async (tx) => {
        const current = await locked(tx, order.id);
        await markConfirmed(tx, current.order, current.confirmation, via, at);
      });
      return result(order.orderNumber, 'CONFIRMED');
    },

    /** The link's or a quick reply's cancel: as the shopper's own cancel. */
    async cancel(token: string): Promise<CodConfirmationResultDto> {
      const { order } = await opened(token, now());
      await cancelOrder(order.orderNumber, 'CANCELLED', ['PENDING', 'CONFIRMED'], {
        cancelledBy: 'shopper',
        reason: 'Cancelled from the cash-on-delivery confirmation link',
      });
      return result(order.orderNumber, 'CANCELLED');
    },

    /**
     * A new delivery address from the link: checked as any address, then for delivery and cash on
     * delivery there (400 with the usual texts); the order's address changes (audited) and the
     * order counts as confirmed.
     */
    async changeAddress(token: string, input: AddressFields): Promise<CodConfirmationResultDto> {
      const at = now();
      const { order } = await opened(token, at);
      const address = await deps.checkAddress(input);
      const { zoneCod } = await deps.assertServiceable(address.pincode);
      const config = await deps.checkout.currentConfig(db);
      const cod = codAvailability({
        rules: config.cod,
        orderValuePaise: order.totalPaise - order.codFeePaise,
        pincode: address.pincode,
        rtoCount: await deps.rtoCount(order.userId),
        zoneAllowsCod: zoneCod,
      });
      if (!cod.available) throw new AppError('invalid', cod.reason, { pincode: cod.reason });
      const snapshot = addressSnapshotOf(address);
      await db.transaction(async (tx) => {
        const current = await locked(tx, order.id);
        if (current.order.status === 'CANCELLED') throw new AppError('conflict', TEXT.cancelledMeanwhile);
        const late = addressChangeRefusal(current.order.status);
        if (late) throw new AppError('conflict', late);
        await markConfirmed(tx, current.order, current.confirmation, 'address', at);
        await tx
          .update(orders)
          .set({ address: snapshot, version: sql`${orders.version} + 1`, updatedAt: at })
          .where(eq(orders.id, order.id));
        await deps.audit.audit(
          {
            actorUserId: null,
            action: 'order.address',
            entity: 'order',
            entityId: order.orderNumber,
            before: { address: current.order.address },
            after: { address: snapshot, changedBy: 'shopper', via: 'cod confirmation link' },
          },
          tx,
        );
      });
      return result(order.orderNumber, 'CONFIRMED');
    },

    /** 'Confirmed by phone': the owner called the shopper (audited, with the admin named). */
    async confirmByPhone(admin: UserDto, orderNumber: string): Promise<CodConfirmationResultDto> {
      const at = now();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.orderNumber, orderNumber));
        if (!row) throw new AppError('notFound', 'Order not found.');
        const current = await locked(tx, row.id);
        if (!current.confirmation) throw new AppError('conflict', TEXT.notPending);
        const before = current.confirmation.status;
        await markConfirmed(tx, current.order, current.confirmation, 'phone', at, admin.id);
        if (before === 'CONFIRMED') return;
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'order.cod-confirmation',
            entity: 'order',
            entityId: orderNumber,
            before: { codConfirmation: before },
            after: {
              codConfirmation: 'CONFIRMED',
              via: 'phone',
              confirmedBy: `${admin.firstName} ${admin.lastName}`.trim(),
            },
          },
          tx,
        );
      });
      return result(orderNumber, 'CONFIRMED');
    },

    /**
     * The expiry job: an order still pending at its deadline is cancelled ('Not confirmed in
     * time'), its stock and coupon use back and the shopper told (the cancelled status's hooks).
     * Anything else (confirmed, cancelled, packed meanwhile) is left as it is.
     */
    async expire(orderNumber: string): Promise<void> {
      const [row] = await db
        .select({ status: codConfirmations.status, confirmBy: codConfirmations.confirmBy })
        .from(orders)
        .innerJoin(codConfirmations, eq(codConfirmations.orderId, orders.id))
        .where(eq(orders.orderNumber, orderNumber));
      if (row?.status !== 'PENDING') return;
      // A job run early (a clock skew between instances) is retried later by the queue.
      if (row.confirmBy > now()) throw new Error(`The confirmation of ${orderNumber} has not expired yet.`);
      try {
        await cancelOrder(
          orderNumber,
          'EXPIRED',
          ['PENDING'],
          { cancelledBy: 'shop', reason: TEXT.expiredReason },
          TEXT.expiredReason,
        );
      } catch (error) {
        // Confirmed, cancelled or packed meanwhile: nothing left to expire.
        if (error instanceof AppError && error.kind === 'conflict') return;
        throw error;
      }
    },

    /**
     * 'Pay now and save ₹X' from the link, without sign-in: the gateway order for the pay-now offer
     * of the order the token opens (the same amount check as the order page: 409 when it changed).
     */
    async payNowOrder(token: string, input: { amount: number }) {
      const { order } = await opened(token, now());
      if (!deps.payNow) throw new AppError('conflict', 'This order cannot be paid online.');
      const mobile = deps.mobileOf ? await deps.mobileOf(order.userId) : '';
      return deps.payNow.createForOrder(order, mobile, input);
    },

    /** The payment verified; the order becomes prepaid and its confirmation is answered. */
    async payNowVerify(
      token: string,
      payment: { razorpayOrderId: string; razorpayPaymentId: string; razorpaySignature: string },
    ) {
      const { order } = await opened(token, now());
      if (!deps.payNow) throw new AppError('notFound', 'Payment order not found.');
      return deps.payNow.verifyForOrder(order, payment);
    },

    /** The simulated gateway's Pay for this order's own pay-now gateway order (demo mode only). */
    async simulatePayNow(token: string, providerOrderId: string) {
      const { order } = await opened(token, now());
      if (!deps.simulatePayment || !deps.payNow || !(await deps.payNow.forOrder(order.id, providerOrderId)))
        throw new AppError('notFound', 'Payment order not found.');
      return deps.simulatePayment(providerOrderId);
    },

    /** The confirmation's deadline, or null when the order needed none. */
    async confirmBy(orderNumber: string): Promise<Date | null> {
      const [row] = await db
        .select({ confirmBy: codConfirmations.confirmBy })
        .from(orders)
        .innerJoin(codConfirmations, eq(codConfirmations.orderId, orders.id))
        .where(eq(orders.orderNumber, orderNumber));
      return row?.confirmBy ?? null;
    },

    /** Whether a reminder is still worth sending. */
    async pending(orderNumber: string): Promise<boolean> {
      const [row] = await db
        .select({ status: codConfirmations.status })
        .from(orders)
        .innerJoin(codConfirmations, eq(codConfirmations.orderId, orders.id))
        .where(eq(orders.orderNumber, orderNumber));
      return row?.status === 'PENDING';
    },
  };
}
