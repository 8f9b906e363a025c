// What a GST invoice needs of products: HSN code and rate, read inside the issuing transaction.
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { intArray, preparedStatement } from '../../db/prepared.ts';
import { products } from './schema.ts';

/** A combo part as the invoice reads it (decision 0040). */
export interface ComboPartTax {
  description: string;
  hsnCode: string | null;
  gstRateBp: number | null;
  quantity: number;
  pricePaise: number;
}

export type ProductTax = {
  hsnCode: string | null;
  gstRateBp: number | null;
  /** The product's combo variants with their parts, in the parts' order ([] when none). */
  combos?: { variantId: number; parts: ComboPartTax[] }[] | null;
};
type TaxRow = ProductTax & { id: number };

/** A product's combo variants with their parts' classification, rate and price, as JSON. */
const combosJson = (productId: SQL) => sql`(select json_agg(json_build_object('variantId', cv.id,
    'parts', (select json_agg(json_build_object('description', trim(pp.name || ' ' || pv.weight),
      'hsnCode', pp.hsn_code, 'gstRateBp', pp.gst_rate_bp, 'quantity', cc.quantity,
      'pricePaise', pv.price_paise) order by cc.position)
      from combo_components cc join product_variants pv on pv.id = cc.part_variant_id
      join products pp on pp.id = pv.product_id where cc.combo_variant_id = cv.id)))
    from product_variants cv where cv.product_id = ${productId}
      and exists (select 1 from combo_components c where c.combo_variant_id = cv.id))`;

/**
 * The products' (`ids`, an id list) HSN codes and rates as one JSON value, for a caller's
 * statement that reads them beside its own rows (the invoice's seller); `taxById` reads it.
 */
export const productTaxJson = (ids: Placeholder | SQL) =>
  sql<TaxRow[]>`coalesce((select json_agg(json_build_object('id', p.id, 'hsnCode', p.hsn_code,
    'gstRateBp', p.gst_rate_bp, 'combos', ${combosJson(sql`p.id`)})) from ${products} p where p.id = any(${ids}::int[])), '[]'::json)`;

export const taxById = (rows: readonly TaxRow[]) =>
  new Map<number, ProductTax>(
    rows.map((r) => [r.id, { hsnCode: r.hsnCode, gstRateBp: r.gstRateBp, combos: r.combos ?? null }]),
  );

const taxRows = preparedStatement('product_tax_info', (db) =>
  db
    .select({
      id: products.id,
      hsnCode: products.hsnCode,
      gstRateBp: products.gstRateBp,
      combos: sql<TaxRow['combos']>`${combosJson(sql`${products.id}`)}`,
    })
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`),
);

export async function productTaxInfo(executor: Db | Tx, productIds: number[]) {
  if (productIds.length === 0) return new Map<number, ProductTax>();
  return taxById(await taxRows(executor).execute({ ids: intArray(productIds) }));
}
