// A product is published (made active) only with its mandatory declarations (decision 0035): the
// rule itself is the shared missingDeclarations; this reads what it needs inside the write's
// transaction, so the check and the save see the same rows.
import {
  EMPTY_DECLARATIONS,
  EMPTY_DEFAULTS,
  fillDeclarations,
  missingDeclarations,
  publishRefusal,
} from '@spice/shared/declarations';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { declarationDefaults, products, productVariants } from './schema.ts';

/** What the product, filled in with the shop's defaults, still lacks to be published. */
export async function missingForPublishing(tx: Tx, productId: number): Promise<string[]> {
  const [[product], variants, [defaults]] = await Promise.all([
    tx
      .select({ declarations: products.declarations, declarationsHi: products.declarationsHi })
      .from(products)
      .where(eq(products.id, productId)),
    tx
      .select({ netQuantity: productVariants.netQuantity })
      .from(productVariants)
      .where(eq(productVariants.productId, productId)),
    tx.select().from(declarationDefaults).where(eq(declarationDefaults.id, 1)),
  ]);
  if (!product) return [];
  const filled = fillDeclarations(
    { ...EMPTY_DECLARATIONS, ...product.declarations },
    product.declarationsHi,
    defaults?.values ?? EMPTY_DEFAULTS,
    defaults?.valuesHi ?? {},
  ).en;
  return missingDeclarations(
    filled,
    variants.map((v) => v.netQuantity),
  );
}

/**
 * Refuses (409) a save that leaves the product active without a mandatory declaration, when it
 * publishes the product or takes a declaration away from a complete one. A product published
 * before the rule existed can still be edited (prices, stock) until its declarations are complete.
 */
export function assertPublishable(missingNow: readonly string[], missingBefore: readonly string[] | null) {
  if (missingNow.length === 0) return;
  if (missingBefore !== null && missingBefore.length > 0) return;
  throw new AppError('conflict', publishRefusal(missingNow), { declarations: publishRefusal(missingNow) });
}
