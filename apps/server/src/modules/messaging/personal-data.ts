// The messages sent to a shopper, for the data export (decision 0036): the order messages recorded
// per channel, and in demo mode the outbox's copies sent to their mobile or e-mail.
import { desc, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { messageDeliveries, outboxMessages } from './schema.ts';

export async function messagesSentTo(db: Db, to: { mobile: string; email: string; orderNumbers: string[] }) {
  const [deliveries, outbox] = await Promise.all([
    to.orderNumbers.length === 0
      ? []
      : db.select().from(messageDeliveries).where(inArray(messageDeliveries.orderNumber, to.orderNumbers)),
    db
      .select()
      .from(outboxMessages)
      .where(or(inArray(outboxMessages.to, [to.mobile, to.email])))
      .orderBy(desc(outboxMessages.createdAt)),
  ]);
  return {
    orderMessages: deliveries.map((d) => ({
      orderNumber: d.orderNumber,
      event: d.event,
      channel: d.channel,
      to: d.to,
      sentAt: d.sentAt.toISOString(),
    })),
    // Login and erasure codes are left out: a file on disk is no place for a code.
    messages: outbox
      .filter((m) => m.code === null)
      .map((m) => ({
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        text: m.text,
        sentAt: m.createdAt.toISOString(),
      })),
  };
}

/** On erasure: the kept record of an order's messages no longer names where they went. */
export async function forgetRecipients(tx: Tx, orderNumbers: string[]): Promise<void> {
  if (orderNumbers.length === 0) return;
  await tx
    .update(messageDeliveries)
    .set({ to: '' })
    .where(inArray(messageDeliveries.orderNumber, orderNumbers));
}
