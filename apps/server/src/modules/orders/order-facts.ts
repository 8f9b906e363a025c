// What an order message needs to know about one order (issue 16), read here so the messaging
// module never reads the orders tables itself: the shopper's contact and channel choices, the
// lines, totals, address and tracking. Money stays in paise.
import type { DeliveryWindow } from '@spice/shared/delivery';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import {
  type ChannelPreferences,
  channelPreferences,
  channelPreferencesOf,
} from '../accounts/message-preferences.ts';
import { latestShipment } from '../shipping/tracking.ts';
import type { OrderMoney } from './dto.ts';
import { type AddressSnapshot, orders } from './schema.ts';

export interface OrderTracking {
  courier: string | null;
  awb: string | null;
  url: string | null;
}

export interface OrderFacts {
  orderNumber: string;
  userId: number;
  status: (typeof orders.$inferSelect)['status'];
  paymentMode: 'RAZORPAY' | 'COD';
  /** The language its messages and links are in (the placing request's, decision 0019). */
  language: 'en' | 'hi';
  createdAt: Date;
  customer: { name: string; email: string; mobile: string };
  address: AddressSnapshot;
  /** `itemId`: the order line, as a refund names it. */
  lines: {
    itemId: number;
    productId: number;
    productName: string;
    variant: string;
    /** The Hindi name and weight when ordered; null when the catalogue had none. */
    productNameHi?: string | null;
    variantHi?: string | null;
    quantity: number;
    pricePaise: number;
  }[];
  totals: OrderMoney;
  tracking: OrderTracking | null;
  /** The delivery window promised at placement; null on orders placed before the shop kept it. */
  estimatedDelivery: DeliveryWindow | null;
  /** The shopper's channel choices (accounts), read with the order. */
  preferences: ChannelPreferences;
}

/**
 * One statement: the order, its lines in order, its latest shipment's tracking and the shopper's
 * channel choices.
 */
const orderFactsRow = preparedStatement('order_facts', (db) =>
  db
    .select({
      order: orders,
      // Aliased: inside a one-table select Drizzle leaves columns unqualified (see customerOrders).
      lines: sql<OrderFacts['lines']>`coalesce((
        select json_agg(json_build_object('itemId', oi.id, 'productId', oi.product_id, 'productName', oi.product_name,
          'variant', oi.variant, 'productNameHi', oi.product_name_hi, 'variantHi', oi.variant_hi, 'quantity', oi.quantity, 'pricePaise', oi.price_paise) order by oi.id)
        from order_items oi where oi.order_id = "orders"."id"), '[]'::json)`,
      shipment: latestShipment(sql`"orders"."id"`),
      preferences: channelPreferencesOf(sql`"orders"."user_id"`),
    })
    .from(orders)
    .where(eq(orders.orderNumber, sql.placeholder('orderNumber'))),
);

export async function loadOrderFacts(db: Db | Tx, orderNumber: string): Promise<OrderFacts | null> {
  const [row] = await orderFactsRow(db).execute({ orderNumber });
  if (!row) return null;
  const { order: o, lines, shipment, preferences } = row;
  return {
    orderNumber: o.orderNumber,
    userId: o.userId,
    status: o.status,
    paymentMode: o.paymentMode,
    language: o.language,
    createdAt: o.createdAt,
    customer: { name: o.userName, email: o.userEmail, mobile: o.userMobile.replace(/\D/g, '').slice(-10) },
    address: o.address,
    lines,
    totals: {
      mrpTotalPaise: o.mrpTotalPaise,
      subtotalPaise: o.subtotalPaise,
      couponCode: o.couponCode,
      couponDiscountPaise: o.couponDiscountPaise,
      deliveryPaise: o.deliveryPaise,
      platformFeePaise: o.platformFeePaise,
      codFeePaise: o.codFeePaise,
      prepaidDiscountPaise: o.prepaidDiscountPaise,
      offerDiscountPaise: o.offerDiscountPaise,
      offers: o.offers,
      totalPaise: o.totalPaise,
    },
    // An order shipped before shipments has its typed id as the AWB.
    tracking: shipment ?? (o.trackingId ? { courier: null, awb: o.trackingId, url: null } : null),
    estimatedDelivery: o.estimatedDelivery,
    preferences: channelPreferences(preferences),
  };
}
