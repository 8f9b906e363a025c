// One order as its shopper sees it on /orders/{orderNumber}: what was bought (with the image and
// prices as at checkout), where it goes, how it was paid and its timeline. Only the owner's own
// order is found; anyone else's is 'not found', never a hint that it exists. Also what the back
// office's customer pages need of a shopper's orders: counts, money spent, the list.
import { payNowOffer } from '@spice/shared/cod';
import type { OrderDetailDto } from '@spice/shared/contracts/commerce';
import { productImage } from '@spice/shared/images';
import { toPaise, toRupees } from '@spice/shared/money';
import { isPurchasable } from '@spice/shared/variants';
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { CheckoutService } from '../checkout/service.ts';
import type { InvoicesService } from '../invoices/service.ts';
import type { PaymentsLedger } from '../payments/ledger.ts';
import type { RefundsService } from '../refunds/service.ts';
import { trackingOf } from '../shipping/tracking.ts';
import { codConfirmationColumns } from './cod-confirmation-columns.ts';
import {
  creditNoteDto,
  linePricesDto,
  orderRowDto,
  payNowDto,
  priceDetailsDto,
  totalAmountDto,
} from './dto.ts';
import { checkouts, orderItems, orders } from './schema.ts';
import { statusHistory } from './status-history.ts';

export const ORDER_NOT_FOUND = 'Order not found.';

export type CustomerOrderService = ReturnType<typeof createCustomerOrderService>;

export function createCustomerOrderService(
  db: Db,
  deps: {
    catalog: CatalogService;
    checkout: Pick<CheckoutService, 'currentConfig'>;
    /** False when the shop has no payment gateway: a COD order then cannot be paid online. */
    onlinePayments: boolean;
    refunds: Pick<RefundsService, 'forOrders' | 'refundedUnits'>;
    invoices: Pick<InvoicesService, 'creditNotesOf'>;
    ledger: Pick<PaymentsLedger, 'returnedForOrder'>;
  },
) {
  return {
    /**
     * Per shopper: orders placed, the paise they kept paying (what was paid, online or in cash
     * collected, minus what was refunded or is being refunded; unpaid cash on delivery counts
     * nothing) and the latest order's time.
     */
    async spending(userIds: number[]) {
      const result = new Map<number, { orderCount: number; spentPaise: number; lastOrderAt: Date | null }>();
      if (userIds.length === 0) return result;
      const paid = sql`${orders.paymentStatus} <> 'COD_PENDING'`;
      const [rows, paidOrders] = await Promise.all([
        db
          .select({
            userId: orders.userId,
            orderCount: count(),
            spentPaise: sql<number>`coalesce(sum(${orders.totalPaise}) filter (where ${paid}), 0)::int`,
            lastOrderAt: max(orders.createdAt),
          })
          .from(orders)
          .where(inArray(orders.userId, userIds))
          .groupBy(orders.userId),
        db
          .select({ id: orders.id, userId: orders.userId })
          .from(orders)
          .where(and(inArray(orders.userId, userIds), paid)),
      ]);
      for (const r of rows) result.set(r.userId, r);
      const refunds = await deps.refunds.forOrders(paidOrders.map((o) => o.id));
      for (const o of paidOrders) {
        const given = (refunds.get(o.id) ?? [])
          .filter((r) => r.status !== 'failed')
          .reduce((sum, r) => sum + toPaise(r.amount), 0);
        const row = result.get(o.userId);
        if (row) row.spentPaise -= given;
      }
      return result;
    },

    /** A shopper's orders, newest first, as the back office lists them. */
    async ordersOf(userId: number) {
      const rows = await db
        .select({
          orderNumber: orders.orderNumber,
          status: orders.status,
          totalPaise: orders.totalPaise,
          createdAt: orders.createdAt,
          itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = "orders"."id")::int`,
        })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return rows.map(orderRowDto);
    },

    async detail(userId: number, orderNumber: string): Promise<OrderDetailDto> {
      const [found] = await db
        .select({ o: orders, ...codConfirmationColumns })
        .from(orders)
        .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)));
      if (!found) throw new AppError('notFound', ORDER_NOT_FOUND);
      const { o, codConfirmation, confirmBy } = found;
      const [items, [checkout], history, snap, config, tracking, refunds, refunded, notes, returned] =
        await Promise.all([
          db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id)),
          db.select({ lines: checkouts.lines }).from(checkouts).where(eq(checkouts.id, o.checkoutId)),
          statusHistory(db, o.id),
          deps.catalog.snapshot(),
          deps.checkout.currentConfig(db),
          trackingOf(db, o.id),
          deps.refunds.forOrders([o.id]),
          deps.refunds.refundedUnits(db, [o.id]),
          deps.invoices.creditNotesOf(db, [o.id]),
          deps.ledger.returnedForOrder(o.orderNumber),
        ]);
      const offer = deps.onlinePayments ? payNowOffer(o, config.prepaidDiscount) : null;
      return {
        orderNumber: o.orderNumber,
        orderStatus: o.status,
        items: items.map((i) => {
          // The image the shopper saw at checkout; the product's current one if that line is gone.
          const line = checkout?.lines.find((l) => l.variantId === i.variantId && Boolean(l.gift) === i.gift);
          const product = snap.byId.get(i.productId);
          const variant = product?.variants.find((v) => v.id === i.variantId);
          return {
            productId: i.productId,
            variantId: i.variantId,
            productName: i.productName,
            variant: i.variant,
            productNameHi: i.productNameHi,
            variantHi: i.variantHi,
            quantity: i.quantity,
            refundedQuantity: refunded.get(i.id) ?? 0,
            ...linePricesDto(i),
            image: line?.image ?? productImage(product ?? { name: i.productName }),
            slug: product?.slug ?? null,
            buyable: Boolean(product?.active && variant && isPurchasable(variant)),
            gift: i.gift,
          };
        }),
        totalAmount: totalAmountDto(o),
        createdAt: o.createdAt.toISOString(),
        trackingId: o.trackingId,
        tracking,
        deliveryAddress: o.address,
        priceDetails: priceDetailsDto(o),
        paymentMode: o.paymentMode,
        paymentStatus: o.paymentStatus,
        paymentId: o.providerPaymentId,
        estimatedDelivery: o.estimatedDelivery,
        payNow: offer && payNowDto(offer),
        invoiceNumber: o.invoiceNumber,
        codConfirmation,
        confirmBy,
        statusHistory: history,
        refunds: refunds.get(o.id) ?? [],
        creditNotes: (notes.get(o.id) ?? []).map(creditNoteDto),
        returnedPayments: returned.map((p) => ({
          amount: toRupees(p.amountPaise),
          status: p.status === 'refunded' ? ('refunded' as const) : ('pending' as const),
          reason: p.reason,
          at: p.at.toISOString(),
        })),
      };
    },
  };
}
