// What a GST invoice needs of products: HSN code and rate, read inside the issuing transaction.
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { intArray, preparedStatement } from '../../db/prepared.ts';
import { products } from './schema.ts';

export type ProductTax = { hsnCode: string | null; gstRateBp: number | null };
type TaxRow = ProductTax & { id: number };

/**
 * The products' (`ids`, an id list) HSN codes and rates as one JSON value, for a caller's
 * statement that reads them beside its own rows (the invoice's seller); `taxById` reads it.
 */
export const productTaxJson = (ids: Placeholder | SQL) =>
  sql<TaxRow[]>`coalesce((select json_agg(json_build_object('id', p.id, 'hsnCode', p.hsn_code,
    'gstRateBp', p.gst_rate_bp)) from ${products} p where p.id = any(${ids}::int[])), '[]'::json)`;

export const taxById = (rows: readonly TaxRow[]) =>
  new Map<number, ProductTax>(rows.map((r) => [r.id, { hsnCode: r.hsnCode, gstRateBp: r.gstRateBp }]));

const taxRows = preparedStatement('product_tax_info', (db) =>
  db
    .select({ id: products.id, hsnCode: products.hsnCode, gstRateBp: products.gstRateBp })
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`),
);

export async function productTaxInfo(executor: Db | Tx, productIds: number[]) {
  if (productIds.length === 0) return new Map<number, ProductTax>();
  return taxById(await taxRows(executor).execute({ ids: intArray(productIds) }));
}
