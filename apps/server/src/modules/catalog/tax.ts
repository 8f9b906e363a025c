// What a GST invoice needs of products: HSN code and rate, read inside the issuing transaction.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from './schema.ts';

export async function productTaxInfo(executor: Pick<Db, 'select'>, productIds: number[]) {
  const found = new Map<number, { hsnCode: string | null; gstRateBp: number | null }>();
  if (productIds.length === 0) return found;
  const rows = await executor
    .select({ id: products.id, hsnCode: products.hsnCode, gstRateBp: products.gstRateBp })
    .from(products)
    .where(inArray(products.id, productIds));
  for (const r of rows) found.set(r.id, r);
  return found;
}
