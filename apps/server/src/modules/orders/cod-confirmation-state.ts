// The COD confirmation an order is in (issue 34), read inside a status change's or the Ship step's
// transaction: a pending one holds the order at PLACED.
import type { CodConfirmationState } from '@spice/shared/cod-confirmation';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { codConfirmations } from './schema.ts';

export async function codConfirmationState(
  executor: Db | Tx,
  orderId: number,
): Promise<CodConfirmationState> {
  const [row] = await executor
    .select({ status: codConfirmations.status })
    .from(codConfirmations)
    .where(eq(codConfirmations.orderId, orderId));
  return row?.status ?? 'NOT_REQUIRED';
}
