// Order messages, delivered by the 'order-message' job (issue 16): the texts the shopper gets when
// an order is placed, moves on, is cancelled or refunded. Idempotent per (order, event, refund,
// channel): a retried or repeated job finds the delivery recorded and sends nothing twice. A
// transport failure throws, so the job is retried with back-off.
// (A minimal version: the message channels work replaces this file with e-mail templates, SMS and
// WhatsApp behind the same export and signature.)
import { formatRupees } from '@spice/shared/money';
import { statusLabel } from '@spice/shared/order-status';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderMessageDeliveries } from './schema.ts';
import type { Messenger, OutgoingMessage } from './service.ts';

export const ORDER_MESSAGE_EVENTS = [
  'placed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderMessageEvent = (typeof ORDER_MESSAGE_EVENTS)[number];

/** What a message needs of an order (the orders module reads it; messaging owns no order table). */
export interface OrderForMessage {
  orderNumber: string;
  userName: string;
  userEmail: string;
  status: string;
  paymentMode: string;
  totalPaise: number;
  trackingId: string | null;
  address: { name: string; fullAddress: string };
  items: { productName: string; variant: string; quantity: number; pricePaise: number }[];
}

export function createOrderMessages(deps: {
  db: Db;
  messenger: Pick<Messenger, 'send' | 'usesOutbox'>;
  loadOrder: (orderNumber: string) => Promise<OrderForMessage | null>;
  /** The refund's amount, for the 'refunded' message. */
  loadRefund: (refundId: string) => Promise<{ amountPaise: number } | null>;
}): {
  deliver(input: { orderNumber: string; event: OrderMessageEvent; refundId?: string }): Promise<void>;
} {
  const { db, messenger } = deps;

  async function compose(
    order: OrderForMessage,
    event: OrderMessageEvent,
    refundId: string | undefined,
  ): Promise<Omit<OutgoingMessage, 'channel' | 'to'> | null> {
    const hello = `Namaste ${order.userName},\n\n`;
    if (event === 'placed') {
      const items = order.items
        .map(
          (l) =>
            `- ${l.productName} ${l.variant} × ${l.quantity}: ${formatRupees(l.pricePaise * l.quantity)}`,
        )
        .join('\n');
      return {
        subject: `Your Kesar Chakki order ${order.orderNumber} is confirmed`,
        text: `${hello}Thank you for your order ${order.orderNumber}.\n\n${items}\n\n${order.paymentMode === 'COD' ? 'To pay in cash or UPI on delivery' : 'Total paid'}: ${formatRupees(order.totalPaise)}\nDelivering to: ${order.address.name}, ${order.address.fullAddress}\n\nWe pack within 1–2 business days and deliver within 5–15 business days.`,
      };
    }
    if (event === 'refunded') {
      const refund = refundId ? await deps.loadRefund(refundId) : null;
      if (!refund) return null;
      return {
        subject: `Refund of ${formatRupees(refund.amountPaise)} for your Kesar Chakki order ${order.orderNumber}`,
        text: `${hello}We have refunded ${formatRupees(refund.amountPaise)} for your order ${order.orderNumber} to the account you paid from. Banks usually show it within 5–7 business days.`,
      };
    }
    const label = event === 'out_for_delivery' ? 'Out for delivery' : statusLabel(event.toUpperCase());
    const tracking = event === 'shipped' && order.trackingId ? `\nTracking id: ${order.trackingId}\n` : '';
    return {
      subject: `Your Kesar Chakki order ${order.orderNumber} is ${label.toLowerCase()}`,
      text: `${hello}Your order ${order.orderNumber} is now: ${label}.\n${tracking}\nYou can follow it on the My Orders page.`,
    };
  }

  return {
    async deliver({ orderNumber, event, refundId }) {
      const order = await deps.loadOrder(orderNumber);
      if (!order) return;
      const key = { orderNumber, event, refundId: refundId ?? '', channel: 'email' };
      const message = await compose(order, event, refundId);
      if (!message) return;
      const outgoing: OutgoingMessage = { channel: 'email', to: order.userEmail, ...message };
      if (messenger.usesOutbox('email')) {
        // The outbox is a table: the message and its delivery record commit together.
        await db.transaction(async (tx) => {
          const fresh = await tx.insert(orderMessageDeliveries).values(key).onConflictDoNothing().returning();
          if (fresh.length > 0) await messenger.send(outgoing, tx);
        });
        return;
      }
      const [sent] = await db
        .select({ id: orderMessageDeliveries.id })
        .from(orderMessageDeliveries)
        .where(
          and(
            eq(orderMessageDeliveries.orderNumber, orderNumber),
            eq(orderMessageDeliveries.event, event),
            eq(orderMessageDeliveries.refundId, key.refundId),
            eq(orderMessageDeliveries.channel, 'email'),
          ),
        );
      if (sent) return;
      // Sent first, recorded after: a provider never sees a transaction held open across its call.
      await messenger.send(outgoing);
      await db.insert(orderMessageDeliveries).values(key).onConflictDoNothing();
    },
  };
}
