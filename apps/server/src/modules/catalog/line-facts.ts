// What other modules read of the catalogue for their own lines (decision 0021): a cart line's
// product and variant for pricing, the lines' first images, a parcel line's SKU and grams. The
// SQL expressions go into the caller's one statement (a correlated subquery by the ids the caller
// holds), so a checkout or a label run keeps its round trips; they read only, and the catalogue
// tables are named only here.
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productImages, products } from './schema.ts';

/** A variant as a checkout prices it, with its product; null when either is gone. */
export interface VariantForSale {
  productId: number;
  productName: string;
  /** '' when the product has no Hindi name. */
  productNameHi: string;
  slug: string;
  active: boolean;
  imageUrl: string | null;
  variantId: number;
  weight: string;
  weightHi: string;
  pricePaise: number;
  mrpPaise: number;
}

export const variantForSale = (productId: SQL, variantId: SQL) =>
  sql<VariantForSale | null>`(select json_build_object('productId', p.id, 'productName', p.name,
    'productNameHi', p.name_hi, 'weightHi', v.weight_hi, 'slug', p.slug, 'active', p.active, 'imageUrl', p.image_url, 'variantId', v.id,
    'weight', v.weight, 'pricePaise', v.price_paise, 'mrpPaise', v.mrp_paise)
    from products p, product_variants v where p.id = ${productId} and v.id = ${variantId})`;

/** Each product's first image (by position), one statement for all of them. */
export async function firstImages(
  executor: Pick<Db, 'select'>,
  productIds: readonly number[],
): Promise<(productId: number) => string | null> {
  const all = await executor
    .select({ productId: productImages.productId, url: productImages.url })
    .from(productImages)
    .where(inArray(productImages.productId, [...productIds]))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return (id) => all.find((i) => i.productId === id)?.url ?? null;
}

/** A variant's SKU by the variant id column the caller holds; null when the variant is gone. */
export const variantSkuById = (variantId: SQL) =>
  sql<string | null>`(select v.sku from product_variants v where v.id = ${variantId})`;

/** A variant's net grams; null when it has none entered or is gone. */
export const variantGramsById = (variantId: SQL) =>
  sql<number | null>`(select v.weight_grams from product_variants v where v.id = ${variantId})`;

/** A free gift's variant (issue 36) as a checkout prices it, with its stock; null when gone. */
export interface GiftVariantFacts extends VariantForSale {
  stock: number;
  /** The product's first image; null when it has none. */
  image: string | null;
}

export const giftVariantById = (variantId: SQL) =>
  sql<GiftVariantFacts | null>`(select json_build_object('productId', p.id, 'productName', p.name,
    'productNameHi', p.name_hi, 'weightHi', v.weight_hi, 'slug', p.slug, 'active', p.active, 'imageUrl', p.image_url, 'variantId', v.id,
    'weight', v.weight, 'pricePaise', v.price_paise, 'mrpPaise', v.mrp_paise, 'stock', v.stock,
    'image', (select i.url from product_images i where i.product_id = p.id order by i.position, i.id limit 1))
    from product_variants v join products p on p.id = v.product_id where v.id = ${variantId})`;

/** Which of these product ids exist (an offer names only products there are). */
export async function existingProductIds(
  executor: Pick<Db, 'select'>,
  productIds: readonly number[],
): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await executor
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return new Set(rows.map((r) => r.id));
}
