// The shop owner's side of orders: the filtered list, one order in full, status changes along the
// transition table and the CSV export. A status change is a conditional UPDATE on (status,
// version), so of two admins acting on the same order at once exactly one wins; the change and its
// audit entry are written in one transaction, with the shopper's message job and, for a paid order
// cancelled, its refund.

import { COD_CONFIRMATION_MESSAGES, holdsDispatch } from '@spice/shared/cod-confirmation';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  AdminOrderDetailDto,
  AdminOrdersQueryInput,
  OrderLinesRefundInput,
  OrderStatusChangeInput,
} from '@spice/shared/contracts/admin';
import { formatRupees } from '@spice/shared/money';
import { canTransition, ORDER_TRANSITIONS, type OrderStatus, statusLabel } from '@spice/shared/order-status';
import { planLineRefund, refundableOnline } from '@spice/shared/refunds';
import { STAFF_MESSAGES } from '@spice/shared/staff';
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { csvField, csvIstTimestamp as istTimestamp, csvRupees as rupees } from '../../lib/csv.ts';
import { pageOf, pageRows } from '../../lib/pagination.ts';
import { updateAtVersion } from '../../lib/versioned.ts';
import { AppError } from '../../plugins/errors.ts';
import { userNames } from '../accounts/directory.ts';
import type { AuditService } from '../admin/audit.ts';
import type { BatchService } from '../catalog/batches.ts';
import type { StockLevel } from '../catalog/service.ts';
import type { CouponsService } from '../coupons/service.ts';
import type { InvoicesService } from '../invoices/service.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { RefundsService } from '../refunds/service.ts';
import { trackingOf } from '../shipping/tracking.ts';
import { codConfirmationColumns } from './cod-confirmation-columns.ts';
import { codConfirmationState } from './cod-confirmation-state.ts';
import { adminTotalsDto, amountDto, creditNoteDto, linePricesDto, orderRowDto } from './dto.ts';
import { codConfirmations, orderItems, orders } from './schema.ts';
import { recordStatus } from './status-history.ts';
import { createStatusHooks } from './status-hooks.ts';

export const ORDER_CHANGED_MEANWHILE = 'This order changed meanwhile. Reload and try again.';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Calendar days are Indian days: the shop and its owner are in IST. */
const startOfIstDay = (day: string): Date => new Date(`${day}T00:00:00+05:30`);

function dateRange(from?: string, to?: string): SQL[] {
  const where: SQL[] = [];
  if (from) where.push(gte(orders.createdAt, startOfIstDay(from)));
  if (to) where.push(lt(orders.createdAt, new Date(startOfIstDay(to).getTime() + DAY_MS)));
  return where;
}

// Spelled out: inside a subquery Drizzle leaves column names unqualified, which would bind to order_items.
const itemCount = sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = "orders"."id")::int`;

/** The back-office list's filter as one condition (also "every order matching" in bulk work). */
export function filterCondition(query: Omit<AdminOrdersQueryInput, 'page' | 'size'>): SQL | undefined {
  const where: SQL[] = dateRange(query.from, query.to);
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.paymentMode) where.push(eq(orders.paymentMode, query.paymentMode));
  if (query.codConfirmation)
    where.push(
      sql`exists (select 1 from cod_confirmations cc where cc.order_id = ${orders.id} and cc.status = ${query.codConfirmation})`,
    );
  if (query.state) {
    // The state as typed at checkout (older orders: the address text, which ends '…, state, pincode').
    const state = escapeLike(query.state);
    const match = or(
      ilike(sql`${orders.address}->>'state'`, state),
      ilike(sql`${orders.address}->>'fullAddress'`, `%, ${state}, %`),
    );
    if (match) where.push(match);
  }
  const q = query.q ? escapeLike(query.q) : '';
  if (q) {
    const like = `%${q}%`;
    const match = or(
      ilike(orders.orderNumber, like),
      ilike(orders.userMobile, like),
      ilike(orders.userName, like),
      // The AWB: the Ship step stores it as the order's tracking id (normalised to upper case).
      ilike(orders.trackingId, like),
      ilike(orders.invoiceNumber, like),
    );
    if (match) where.push(match);
  }
  return where.length > 0 ? and(...where) : undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;

export function createAdminOrdersService(
  db: Db,
  deps: {
    audit: AuditService;
    /** The most this staff member may refund at once; null: no cap (accounts/staff-service.ts). */
    refundCap?: (tx: Tx, admin: UserDto) => Promise<number | null>;
    jobs: Pick<JobQueue, 'enqueue'>;
    refunds: Pick<RefundsService, 'requestForOrderRest' | 'requestForLines' | 'refundedUnits' | 'forOrders'>;
    coupons: Pick<CouponsService, 'releaseRedemption'>;
    /** Stock as batches: allocation at packing, returns to batches, each line's batches shown. */
    batches: Pick<BatchService, 'allocateOrder' | 'returnOrder' | 'allocationsOf'>;
    /** GST documents: a COD order's invoice when shipped, a credit note when an invoiced order is cancelled or returned. */
    invoices: Pick<InvoicesService, 'onStatusChanged' | 'creditNotesOf'>;
    /** The levels returned stock left (after the commit), so the storefront shows them at once. */
    stockChanged: (levels: readonly StockLevel[]) => void;
    log: { warn(obj: object, msg: string): void };
  },
) {
  const enterStatus = createStatusHooks(deps);

  async function detail(orderNumber: string): Promise<AdminOrderDetailDto> {
    const [o] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    if (!o) throw new AppError('notFound', 'Order not found.');
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, o.id))
      .orderBy(asc(orderItems.id));
    const [refundList, refunded, notes, allocations] = await Promise.all([
      deps.refunds.forOrders([o.id]),
      deps.refunds.refundedUnits(db, [o.id]),
      deps.invoices.creditNotesOf(db, [o.id]),
      deps.batches.allocationsOf(db, [o.id]),
    ]);
    const packedFrom = allocations.get(o.id) ?? [];
    const refunds = refundList.get(o.id) ?? [];
    const collector =
      o.codCollectedBy === null ? undefined : (await userNames(db, [o.codCollectedBy])).get(o.codCollectedBy);
    const [confirmation] = await db.select().from(codConfirmations).where(eq(codConfirmations.orderId, o.id));
    const confirmer =
      confirmation?.decidedBy == null
        ? null
        : ((await userNames(db, [confirmation.decidedBy])).get(confirmation.decidedBy) ?? null);
    return {
      orderNumber: o.orderNumber,
      status: o.status,
      nextStatuses: [...ORDER_TRANSITIONS[o.status]],
      version: o.version,
      codConfirmation: confirmation?.status ?? 'NOT_REQUIRED',
      confirmBy: confirmation?.confirmBy.toISOString() ?? null,
      codConfirmationVia: confirmation?.via ?? null,
      codConfirmedByName: confirmer,
      trackingId: o.trackingId,
      invoiceNumber: o.invoiceNumber,
      tracking: await trackingOf(db, o.id),
      customer: { name: o.userName, mobile: o.userMobile, email: o.userEmail },
      address: o.address,
      items: items.map((i) => ({
        id: i.id,
        productName: i.productName,
        variant: i.variant,
        quantity: i.quantity,
        refundedQuantity: refunded.get(i.id) ?? 0,
        batches: packedFrom
          .filter((a) => a.orderItemId === i.id)
          .map((a) => ({ batchNumber: a.batchNumber, bestBefore: a.bestBefore, quantity: a.quantity })),
        ...linePricesDto(i),
      })),
      totals: adminTotalsDto(o),
      payment: {
        mode: o.paymentMode,
        status: o.paymentStatus,
        providerOrderId: o.providerOrderId,
        providerPaymentId: o.providerPaymentId,
        cashCollected:
          o.codCollectedPaise !== null && o.codCollectedAt
            ? {
                amount: amountDto(o.codCollectedPaise),
                at: o.codCollectedAt.toISOString(),
                byUserId: o.codCollectedBy,
                byName: collector ?? null,
              }
            : null,
      },
      refunds,
      creditNotes: (notes.get(o.id) ?? []).map(creditNoteDto),
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
      rtoRisk: o.rtoRisk,
      recoveredFrom: o.recoveredFrom,
      attribution: o.attribution ?? null,
    };
  }

  return {
    /** Newest first; q matches part of the order number, mobile, name, AWB or invoice number. */
    async list(query: AdminOrdersQueryInput) {
      const condition = filterCondition(query);
      const rows = await pageRows(
        db
          .select({
            orderNumber: orders.orderNumber,
            status: orders.status,
            paymentMode: orders.paymentMode,
            paymentStatus: orders.paymentStatus,
            customerName: orders.userName,
            mobile: orders.userMobile,
            totalPaise: orders.totalPaise,
            itemCount,
            createdAt: orders.createdAt,
            rtoRisk: orders.rtoRisk,
            ...codConfirmationColumns,
          })
          .from(orders)
          .where(condition)
          .orderBy(desc(orders.createdAt), desc(orders.id)),
        query,
      );
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(condition);
      return pageOf(rows.map(orderRowDto), count?.n ?? 0, query);
    },

    detail,

    /**
     * The order numbers the filter matches, newest first, at most `limit` (one more tells the
     * caller the selection was larger than it may act on).
     */
    async numbersMatching(filter: Omit<AdminOrdersQueryInput, 'page' | 'size'>, limit: number) {
      const rows = await db
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(filterCondition(filter))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
      return rows.map((r) => r.orderNumber);
    },

    /** Status and version now, by order number (a bulk action acts on what the order is now). */
    async statesOf(orderNumbers: readonly string[]) {
      if (orderNumbers.length === 0) return new Map<string, { status: OrderStatus; version: number }>();
      const rows = await db
        .select({ orderNumber: orders.orderNumber, status: orders.status, version: orders.version })
        .from(orders)
        .where(inArray(orders.orderNumber, [...orderNumbers]));
      return new Map(rows.map((r) => [r.orderNumber, { status: r.status, version: r.version }]));
    },

    /**
     * Moves the order along the transition table. `version` is the one the admin's page showed:
     * a change made meanwhile (by anyone) refuses this one with 409 rather than overwriting it.
     * `admin` is null when the courier reports it (shipping webhook). `within` runs inside the same
     * transaction once the order has moved (shipping records its shipment or event there).
     */
    async changeStatus(
      admin: UserDto | null,
      orderNumber: string,
      input: OrderStatusChangeInput,
      options: {
        within?: (tx: Tx, order: typeof orders.$inferSelect) => Promise<void>;
        /** A further rule read with the order in the transaction (a shopper's own cancel: not once packed). */
        guard?: (order: typeof orders.$inferSelect) => void;
        /** Kept with the audit entry (a shopper's reason for cancelling). */
        note?: Record<string, string>;
        /** Shown in the order's status history ('Not confirmed in time'). */
        reason?: string;
        /** False: the caller sends its own message instead of the status's (the COD expiry's). */
        tellShopper?: boolean;
      } = {},
    ) {
      const updated = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber));
        if (!current) throw new AppError('notFound', 'Order not found.');
        options.guard?.(current);
        if (current.version !== input.version) throw new AppError('conflict', ORDER_CHANGED_MEANWHILE);
        const from: OrderStatus = current.status;
        // A COD order waiting for its shopper's confirmation is not dispatched (issue 34).
        if (holdsDispatch(await codConfirmationState(tx, current.id), input.status))
          throw new AppError('conflict', COD_CONFIRMATION_MESSAGES.waitForShopper);
        if (!canTransition(from, input.status)) {
          throw new AppError(
            'conflict',
            `An order that is ${statusLabel(from).toLowerCase()} cannot be marked ${statusLabel(input.status).toLowerCase()}.`,
          );
        }
        const trackingId = input.status === 'SHIPPED' ? (input.trackingId ?? null) : current.trackingId;
        // A COD order handed over is paid: the cash collected is recorded with who marked it.
        const cashCollected = input.status === 'DELIVERED' && current.paymentMode === 'COD';
        const now = new Date();
        const row = await updateAtVersion(
          tx,
          orders,
          // The status it leaves, too: a racing change of status ends in one outcome.
          and(eq(orders.id, current.id), eq(orders.status, from)),
          input.version,
          {
            status: input.status,
            trackingId,
            ...(cashCollected && {
              paymentStatus: 'COD_COLLECTED' as const,
              codCollectedPaise: current.totalPaise,
              codCollectedAt: now,
              codCollectedBy: admin?.id ?? null,
            }),
            updatedAt: now,
          },
          { changed: ORDER_CHANGED_MEANWHILE },
        );
        await recordStatus(tx, row.id, row.status, row.updatedAt, options.reason);
        await deps.invoices.onStatusChanged(tx, row);
        await options.within?.(tx, row);
        // Stock and coupon use back, refund, the shopper's message: the status's hooks (status-hooks.ts).
        const entered = await enterStatus(tx, row, { tell: options.tellShopper ?? true });
        await deps.audit.audit(
          {
            actorUserId: admin?.id ?? null,
            action: 'order.status',
            entity: 'order',
            entityId: row.orderNumber,
            before: { status: from, trackingId: current.trackingId, version: current.version },
            after: {
              status: row.status,
              trackingId: row.trackingId,
              version: row.version,
              ...entered.audit,
              ...(cashCollected && { cashCollected: amountDto(current.totalPaise) }),
              ...options.note,
            },
          },
          tx,
        );
        return { row, stockReturned: entered.stockReturned };
      });
      if (updated.stockReturned.length > 0) deps.stockChanged(updated.stockReturned);
      return detail(updated.row.orderNumber);
    },

    /**
     * Refunds some units of some lines of an order paid online: their share of everything paid
     * (refundShare), as a job. The order's version moves on, so a second click at the same
     * version is refused (409) rather than refunding twice.
     */
    async refundLines(admin: UserDto, orderNumber: string, input: OrderLinesRefundInput) {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(orders)
          .where(eq(orders.orderNumber, orderNumber))
          // As a status change's UPDATE locks it: not against the key-share lock a refund settling
          // meanwhile holds on the order (its foreign key), which would deadlock the two.
          .for('no key update');
        if (!current) throw new AppError('notFound', 'Order not found.');
        if (current.version !== input.version) throw new AppError('conflict', ORDER_CHANGED_MEANWHILE);
        if (!refundableOnline(current)) {
          throw new AppError('invalid', 'Only an order paid online can be refunded here.');
        }
        if (current.status === 'CANCELLED' || current.status === 'RTO')
          throw new AppError('conflict', 'A cancelled or returned order is refunded in full.');
        // With the order locked above, the units left are read after every earlier refund.
        const [items, refunded] = await Promise.all([
          tx.select().from(orderItems).where(eq(orderItems.orderId, current.id)),
          deps.refunds.refundedUnits(tx, [current.id]),
        ]);
        const plan = planLineRefund({
          lines: items.map((i) => ({
            id: i.id,
            label: `${i.productName} ${i.variant}`,
            quantity: i.quantity,
            pricePaise: i.pricePaise,
            refundedUnits: refunded.get(i.id) ?? 0,
          })),
          asked: input.lines,
          totalPaise: current.totalPaise,
          subtotalPaise: current.subtotalPaise,
        });
        if (!plan.ok) throw new AppError('invalid', plan.message);
        const { lines, amountPaise } = plan;
        // Support refunds up to the owner's limit (issue 41), read in this transaction.
        const cap = (await deps.refundCap?.(tx, admin)) ?? null;
        if (cap !== null && amountPaise > cap)
          throw new AppError('forbidden', STAFF_MESSAGES.refundOverLimit(formatRupees(cap)));
        const row = await updateAtVersion(
          tx,
          orders,
          eq(orders.id, current.id),
          input.version,
          { updatedAt: new Date() },
          { changed: ORDER_CHANGED_MEANWHILE },
        );
        const refund = await deps.refunds.requestForLines(tx, row, lines, amountPaise);
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'order.refund',
            entity: 'order',
            entityId: row.orderNumber,
            before: { version: current.version },
            after: {
              version: row.version,
              refund: refund && { id: refund.id, amount: amountDto(amountPaise), lines },
            },
          },
          tx,
        );
      });
      return detail(orderNumber);
    },

    /** Orders placed in the date range (IST days), oldest first, as CSV with rupee amounts. */
    async csv(from?: string, to?: string): Promise<string> {
      const where = dateRange(from, to);
      const rows = await db
        .select({
          orderNumber: orders.orderNumber,
          createdAt: orders.createdAt,
          status: orders.status,
          name: orders.userName,
          mobile: orders.userMobile,
          email: orders.userEmail,
          address: orders.address,
          itemCount,
          mrpTotalPaise: orders.mrpTotalPaise,
          subtotalPaise: orders.subtotalPaise,
          couponCode: orders.couponCode,
          couponDiscountPaise: orders.couponDiscountPaise,
          deliveryPaise: orders.deliveryPaise,
          platformFeePaise: orders.platformFeePaise,
          totalPaise: orders.totalPaise,
          paymentId: orders.providerPaymentId,
          trackingId: orders.trackingId,
        })
        .from(orders)
        .where(where.length > 0 ? and(...where) : undefined)
        .orderBy(asc(orders.createdAt), asc(orders.id));
      const header = [
        'Order number',
        'Placed at (IST)',
        'Status',
        'Customer',
        'Mobile',
        'E-mail',
        'Delivery address',
        'Pincode',
        'Items',
        'MRP total (₹)',
        'Subtotal (₹)',
        'Coupon',
        'Coupon discount (₹)',
        'Delivery (₹)',
        'Platform fee (₹)',
        'Total (₹)',
        'Payment id',
        'Tracking id',
      ];
      const lines = rows.map((r) =>
        [
          r.orderNumber,
          istTimestamp(r.createdAt),
          statusLabel(r.status),
          r.name,
          r.mobile,
          r.email,
          r.address.fullAddress,
          r.address.pincode,
          String(r.itemCount),
          rupees(r.mrpTotalPaise),
          rupees(r.subtotalPaise),
          r.couponCode ?? '',
          rupees(r.couponDiscountPaise),
          rupees(r.deliveryPaise),
          rupees(r.platformFeePaise),
          rupees(r.totalPaise),
          r.paymentId,
          r.trackingId ?? '',
        ]
          .map(csvField)
          .join(','),
      );
      // The byte-order mark lets spreadsheet programs read the ₹ in the header as UTF-8.
      return `\uFEFF${[header.map(csvField).join(','), ...lines].join('\r\n')}\r\n`;
    },
  };
}

export { csvField } from '../../lib/csv.ts';
