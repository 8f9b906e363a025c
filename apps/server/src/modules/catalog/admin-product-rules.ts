// The rules a product edit must keep, for the back office's product writes (admin-service.ts):
// slugs and SKUs unique across the shop, and the variant list saved as submitted (removed only
// when no order or pending checkout refers to it; stock moved by the difference the form saw).
import {
  SKU_TAKEN,
  SLUG_TAKEN,
  stockChangedMessage,
  type VariantEditInput,
  variantInUseMessage,
} from '@spice/shared/contracts/products-admin';
import { gramsFromLabel } from '@spice/shared/shipping';
import { slugify, suggestSlug } from '@spice/shared/slug';
import { gramsOf } from '@spice/shared/unit-price';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { variantPricesFromInput } from './dto.ts';
import { products, productVariants } from './schema.ts';

type Reader = Pick<Db, 'select'>;

/** Slugs in use that start like `base`, except the given product's own. */
export async function slugsLike(executor: Reader, base: string, exceptId?: number): Promise<Set<string>> {
  const where: SQL[] = [sql`${products.slug} like ${`${base.replace(/[\\%_]/g, '\\$&')}%`}`];
  if (exceptId) where.push(ne(products.id, exceptId));
  const rows = await executor
    .select({ slug: products.slug })
    .from(products)
    .where(and(...where));
  return new Set(rows.map((r) => r.slug));
}

export async function freeSlug(executor: Reader, name: string, exceptId?: number): Promise<string> {
  const taken = await slugsLike(executor, slugify(name) || 'product', exceptId);
  return suggestSlug(name, (s) => taken.has(s));
}

export async function assertSlugFree(executor: Reader, slug: string, exceptId?: number) {
  const where: SQL[] = [eq(products.slug, slug)];
  if (exceptId) where.push(ne(products.id, exceptId));
  const [other] = await executor
    .select({ id: products.id })
    .from(products)
    .where(and(...where));
  if (other) throw new AppError('conflict', SLUG_TAKEN, { slug: SLUG_TAKEN });
}

/** SKUs are unique across the shop, compared without case so KC-1 and kc-1 are not both used. */
export async function assertSkusFree(
  executor: Reader,
  variants: readonly VariantEditInput[],
  exceptProductId?: number,
) {
  const wanted = variants.map((v) => v.sku.toUpperCase());
  const where: SQL[] = [inArray(sql`upper(${productVariants.sku})`, wanted)];
  if (exceptProductId) where.push(ne(productVariants.productId, exceptProductId));
  const taken = await executor
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(and(...where));
  if (taken.length === 0) return;
  const takenSet = new Set(taken.map((t) => t.sku.toUpperCase()));
  const errors: Record<string, string> = {};
  variants.forEach((v, i) => {
    if (takenSet.has(v.sku.toUpperCase())) errors[`variants.${i}.sku`] = SKU_TAKEN;
  });
  throw new AppError('conflict', SKU_TAKEN, errors);
}

export const variantRow = (productId: number, v: VariantEditInput, position: number) => ({
  productId,
  weight: v.weight,
  weightHi: v.weightHi,
  ...variantPricesFromInput(v),
  stock: v.stock,
  sku: v.sku,
  weightGrams: v.grams ?? gramsOf(v.netQuantity) ?? gramsFromLabel(v.weight),
  netQuantity: v.netQuantity,
  gtin: v.gtin ?? null,
  position,
});

/** Writes the variant list as submitted: removes, updates and adds, in the submitted order. */
export async function saveVariants(
  tx: Tx,
  productId: number,
  input: readonly VariantEditInput[],
  /** Variants that order lines or pending checkouts refer to (orders module). */
  variantsInUse: (executor: Reader, ids: readonly number[]) => Promise<Set<number>>,
) {
  const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, productId));
  const byId = new Map(existing.map((v) => [v.id, v]));
  input.forEach((v, i) => {
    if (v.id !== undefined && !byId.has(v.id)) {
      const message = 'This variant is not part of this product.';
      throw new AppError('invalid', message, { [`variants.${i}.weight`]: message });
    }
  });

  const kept = new Set(input.flatMap((v) => (v.id === undefined ? [] : [v.id])));
  const removed = existing.filter((v) => !kept.has(v.id));
  if (removed.length > 0) {
    const inUse = await variantsInUse(
      tx,
      removed.map((v) => v.id),
    );
    const blocked = removed.find((v) => inUse.has(v.id));
    if (blocked) {
      const message = variantInUseMessage(blocked.weight);
      throw new AppError('conflict', message, { variants: message });
    }
    await tx.delete(productVariants).where(
      inArray(
        productVariants.id,
        removed.map((v) => v.id),
      ),
    );
  }

  // SKUs moving between this product's variants (a swap) would collide mid-way: park them first.
  const moving = input.filter((v) => v.id !== undefined && byId.get(v.id)?.sku !== v.sku);
  for (const v of moving) {
    await tx
      .update(productVariants)
      .set({ sku: sql`'~moving-' || ${productVariants.id}` })
      .where(eq(productVariants.id, v.id!));
  }

  for (const [i, v] of input.entries()) {
    if (v.id === undefined) {
      await tx.insert(productVariants).values(variantRow(productId, v, i));
      continue;
    }
    // With the stock the form showed, apply the difference: units sold meanwhile stay sold.
    const delta = v.loadedStock === undefined ? null : v.stock - v.loadedStock;
    const { productId: _, stock, ...fields } = variantRow(productId, v, i);
    const [row] = await tx
      .update(productVariants)
      .set({ ...fields, stock: delta === null ? stock : sql`${productVariants.stock} + ${delta}` })
      .where(
        and(
          eq(productVariants.id, v.id),
          delta === null ? undefined : sql`${productVariants.stock} + ${delta} >= 0`,
        ),
      )
      .returning({ id: productVariants.id });
    if (!row) {
      const message = stockChangedMessage(v.weight);
      throw new AppError('conflict', message, { [`variants.${i}.stock`]: message });
    }
  }
}

/** A duplicate slipping past the checks (two admins at the same instant) becomes the same refusal. */
export function uniqueRefusal(error: unknown): unknown {
  const pg = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const { code, constraint } = pg as { code?: string; constraint?: string };
  if (code !== '23505') return error;
  if (constraint === 'products_slug_key') return new AppError('conflict', SLUG_TAKEN, { slug: SLUG_TAKEN });
  if (constraint === 'product_variants_sku_key')
    return new AppError('conflict', SKU_TAKEN, { variants: SKU_TAKEN });
  return error;
}
