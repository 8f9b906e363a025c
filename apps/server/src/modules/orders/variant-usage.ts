// Which variants the order history or a payment in progress still refers to. The back office
// asks before removing a variant: an order line keeps its own copy of name, weight and prices,
// but a pending checkout places its order with the variant's id once the payment arrives.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkouts, orderItems } from './schema.ts';

export async function variantsInUse(
  executor: Pick<Db, 'select'>,
  variantIds: readonly number[],
): Promise<Set<number>> {
  if (variantIds.length === 0) return new Set();
  const ids = [...variantIds];
  // One after the other: PGlite has a single connection.
  const ordered = await executor
    .select({ id: orderItems.variantId })
    .from(orderItems)
    .where(inArray(orderItems.variantId, ids));
  const pending = await executor
    .select({ id: sql<number>`(line->>'variantId')::int` })
    .from(sql`${checkouts}, jsonb_array_elements(${checkouts.lines}) as line`)
    .where(
      and(
        eq(checkouts.status, 'pending'),
        sql`(line->>'variantId')::int in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
  return new Set([...ordered, ...pending].map((r) => Number(r.id)));
}
