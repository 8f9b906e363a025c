// What a GST invoice needs of products: HSN code and rate, read inside the issuing transaction.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { products } from './schema.ts';

// The ids as one array literal ('{3,7}'), so one statement serves every number of products.
const taxRows = preparedStatement('product_tax_info', (db) =>
  db
    .select({ id: products.id, hsnCode: products.hsnCode, gstRateBp: products.gstRateBp })
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`),
);

export async function productTaxInfo(executor: Db | Tx, productIds: number[]) {
  const found = new Map<number, { hsnCode: string | null; gstRateBp: number | null }>();
  if (productIds.length === 0) return found;
  const rows = await taxRows(executor).execute({
    ids: `{${productIds.map((id) => Math.trunc(id)).join(',')}}`,
  });
  for (const r of rows) found.set(r.id, r);
  return found;
}
