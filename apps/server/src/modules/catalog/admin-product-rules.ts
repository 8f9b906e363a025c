// The rules a product edit must keep, for the back office's product writes (admin-service.ts):
// slugs and SKUs unique across the shop, and the variant list saved as submitted (removed only
// when no order or pending checkout refers to it; stock moved by the difference the form saw).
import {
  COMBO_IN_COMBO,
  COMBO_IS_PART,
  COMBO_OWN_PART,
  COMBO_PART_MISSING,
  comboPartInUseMessage,
} from '@spice/shared/combos';
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
import { comboComponents, products, productVariants } from './schema.ts';

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
  // A combo keeps no units of its own: its stock is its parts' (decision 0040).
  stock: v.components.length > 0 ? 0 : v.stock,
  sku: v.sku,
  weightGrams: v.grams ?? gramsOf(v.netQuantity) ?? gramsFromLabel(v.weight),
  netQuantity: v.netQuantity,
  gtin: v.gtin ?? null,
  position,
});

/**
 * Writes the variant list as submitted: removes, updates and adds, in the submitted order; answers
 * the variants' ids in that order (for their combo parts, saveComponents).
 */
export async function saveVariants(
  tx: Tx,
  productId: number,
  input: readonly VariantEditInput[],
  /** Variants that order lines or pending checkouts refer to (orders module). */
  variantsInUse: (executor: Reader, ids: readonly number[]) => Promise<Set<number>>,
): Promise<number[]> {
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
    const [part] = await tx
      .select({ id: comboComponents.partVariantId })
      .from(comboComponents)
      .where(
        inArray(
          comboComponents.partVariantId,
          removed.map((v) => v.id),
        ),
      )
      .limit(1);
    if (part) {
      const message = comboPartInUseMessage(byId.get(part.id)?.weight ?? '');
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

  const ids: number[] = [];
  for (const [i, v] of input.entries()) {
    if (v.id === undefined) {
      const [added] = await tx
        .insert(productVariants)
        .values(variantRow(productId, v, i))
        .returning({ id: productVariants.id });
      ids.push(added!.id);
      continue;
    }
    ids.push(v.id);
    // With the stock the form showed, apply the difference: units sold meanwhile stay sold. A
    // combo's own figure stays 0 (its stock is derived).
    const delta = v.loadedStock === undefined || v.components.length > 0 ? null : v.stock - v.loadedStock;
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
  return ids;
}

/**
 * Writes the combo parts of a product's variants (`ids` in the order of `input`) after checking
 * them (decision 0040): every part exists, is no combo and no variant of this product, and a
 * variant that is a part of another combo is not made a combo. 400 with the field that is wrong.
 */
export async function saveComponents(
  tx: Tx,
  productId: number,
  ids: readonly number[],
  input: readonly VariantEditInput[],
) {
  const wanted = [...new Set(input.flatMap((v) => v.components.map((c) => c.variantId)))];
  const combos = ids.filter((_, i) => input[i]!.components.length > 0);
  const [parts, partsAreCombos, combosAreParts] = await Promise.all([
    wanted.length === 0
      ? []
      : tx
          .select({ id: productVariants.id, productId: productVariants.productId })
          .from(productVariants)
          .where(inArray(productVariants.id, wanted)),
    wanted.length === 0
      ? []
      : tx
          .selectDistinct({ id: comboComponents.comboVariantId })
          .from(comboComponents)
          .where(inArray(comboComponents.comboVariantId, wanted)),
    combos.length === 0
      ? []
      : tx
          .selectDistinct({ id: comboComponents.partVariantId })
          .from(comboComponents)
          .where(inArray(comboComponents.partVariantId, combos)),
  ]);
  const productOf = new Map(parts.map((p) => [p.id, p.productId]));
  const comboIds = new Set(partsAreCombos.map((r) => r.id));
  const partIds = new Set(combosAreParts.map((r) => r.id));
  const errors: Record<string, string> = {};
  input.forEach((v, i) => {
    if (v.components.length > 0 && partIds.has(ids[i]!)) errors[`variants.${i}.components`] = COMBO_IS_PART;
    v.components.forEach((c, j) => {
      const field = `variants.${i}.components.${j}.variantId`;
      const owner = productOf.get(c.variantId);
      if (owner === undefined) errors[field] = COMBO_PART_MISSING;
      else if (owner === productId) errors[field] = COMBO_OWN_PART;
      else if (comboIds.has(c.variantId)) errors[field] = COMBO_IN_COMBO;
    });
  });
  const first = Object.values(errors)[0];
  if (first) throw new AppError('invalid', first, errors);
  if (ids.length > 0)
    await tx.delete(comboComponents).where(inArray(comboComponents.comboVariantId, [...ids]));
  const rows = input.flatMap((v, i) =>
    v.components.map((c, position) => ({
      comboVariantId: ids[i]!,
      partVariantId: c.variantId,
      quantity: c.quantity,
      position,
    })),
  );
  if (rows.length > 0) await tx.insert(comboComponents).values(rows);
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
