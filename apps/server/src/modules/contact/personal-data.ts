// The contact module's part of the retention job (privacy/retention.ts, decision 0036): messages
// received before the period's start go, with the replies to them (cascade).
import { lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contactMessages } from './schema.ts';

export async function deleteContactMessagesBefore(tx: Tx, before: Date): Promise<number> {
  const gone = await tx
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, before))
    .returning({ id: contactMessages.id });
  return gone.length;
}
