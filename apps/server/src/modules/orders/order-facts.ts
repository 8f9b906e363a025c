// What an order message needs to know about one order (issue 16), read here so the messaging
// module never reads the orders tables itself: the shopper's contact, the lines, totals, address
// and tracking. Money stays in paise.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { trackingOf } from '../shipping/tracking.ts';
import type { OrderMoney } from './dto.ts';
import { type AddressSnapshot, orderItems, orders } from './schema.ts';

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
  lines: { productId: number; productName: string; variant: string; quantity: number; pricePaise: number }[];
  totals: OrderMoney;
  tracking: OrderTracking | null;
}

/** The shipment's courier, AWB and link; an order shipped before shipments has its typed id as the AWB. */
async function trackingFacts(
  db: Pick<Db, 'select'>,
  row: typeof orders.$inferSelect,
): Promise<OrderTracking | null> {
  const shipment = await trackingOf(db, row.id);
  if (shipment) return { courier: shipment.courier, awb: shipment.awb, url: shipment.url };
  return row.trackingId ? { courier: null, awb: row.trackingId, url: null } : null;
}

export async function loadOrderFacts(
  db: Pick<Db, 'select'>,
  orderNumber: string,
): Promise<OrderFacts | null> {
  const [o] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!o) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id));
  return {
    orderNumber: o.orderNumber,
    userId: o.userId,
    status: o.status,
    paymentMode: o.paymentMode,
    language: o.language,
    createdAt: o.createdAt,
    customer: { name: o.userName, email: o.userEmail, mobile: o.userMobile.replace(/\D/g, '').slice(-10) },
    address: o.address,
    lines: items.map((i) => ({
      productId: i.productId,
      productName: i.productName,
      variant: i.variant,
      quantity: i.quantity,
      pricePaise: i.pricePaise,
    })),
    totals: {
      mrpTotalPaise: o.mrpTotalPaise,
      subtotalPaise: o.subtotalPaise,
      couponCode: o.couponCode,
      couponDiscountPaise: o.couponDiscountPaise,
      deliveryPaise: o.deliveryPaise,
      platformFeePaise: o.platformFeePaise,
      codFeePaise: o.codFeePaise,
      prepaidDiscountPaise: o.prepaidDiscountPaise,
      totalPaise: o.totalPaise,
    },
    tracking: await trackingFacts(db, o),
  };
}
