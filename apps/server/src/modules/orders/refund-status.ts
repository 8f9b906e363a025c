// What a processed refund changes on its order (the refunds module's hook, in the transaction that
// marks the refund processed): the payment status, PARTIALLY_REFUNDED or REFUNDED. Only an order
// paid online moves; the version stays, as no form edits the payment status.
import { paymentStatusAfterRefunds } from '@spice/shared/refunds';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders } from './schema.ts';

export async function recordRefundProcessed(
  tx: Tx,
  refund: { orderId: number; processedPaise(): Promise<number> },
) {
  const [order] = await tx
    .select({ totalPaise: orders.totalPaise })
    .from(orders)
    .where(eq(orders.id, refund.orderId))
    // Not FOR UPDATE: the refund's own row update took a key-share lock on the order (its foreign
    // key), and two refunds settling at once would each wait for the other's.
    .for('no key update');
  if (!order) return;
  // Read with the order locked: of two refunds settling at once, the later counts both.
  const processed = await refund.processedPaise();
  await tx
    .update(orders)
    .set({ paymentStatus: paymentStatusAfterRefunds(order.totalPaise, processed) })
    .where(
      and(
        eq(orders.id, refund.orderId),
        eq(orders.paymentMode, 'RAZORPAY'),
        inArray(orders.paymentStatus, ['PAID', 'PARTIALLY_REFUNDED']),
      ),
    );
}
