// Variant rules shared by cards, the product page and search results. Variants carry rupee
// prices as the API gives them; percent off is computed on whole paise so 0.25 stays exact.
import { rupeesToPaise } from './money.ts';
import { percentOff } from './pricing.ts';

export function percentOffRupees(mrp: number, price: number): number {
  return percentOff(rupeesToPaise(mrp), rupeesToPaise(price));
}

export interface PricedVariant {
  weight: string;
  price: number;
  mrp: number;
  stock: number;
}

export function isPurchasable(v: PricedVariant): boolean {
  return v.stock > 0 && v.price > 0;
}

/** The first in-stock variant is preselected on the product page. */
export function defaultVariantIndex(variants: readonly PricedVariant[]): number {
  const i = variants.findIndex(isPurchasable);
  return i === -1 ? 0 : i;
}

/** Card pricing: the first variant's price and MRP, both defaulting to 0. */
export function cardPricing(variants: readonly PricedVariant[]): { price: number; mrp: number; off: number } {
  const first = variants[0];
  const price = first?.price ?? 0;
  const mrp = first?.mrp ?? 0;
  return { price, mrp, off: percentOffRupees(mrp, price) };
}

/**
 * Search-result pricing: a single price (with MRP and percent off) or a min–max range, over the
 * variants a shopper can buy now (an out-of-stock 500 g must not stretch '₹70 – ₹130' to ₹560).
 * When none is in stock, the priced variants give the price shown beside 'Out of Stock'.
 */
export function priceRange(
  variants: readonly PricedVariant[],
):
  | { kind: 'single'; price: number; mrp: number; off: number }
  | { kind: 'range'; min: number; max: number }
  | null {
  const buyable = variants.filter(isPurchasable);
  const priced = buyable.length > 0 ? buyable : variants.filter((v) => v.price > 0);
  if (priced.length === 0) return null;
  const prices = priced.map((v) => v.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  if (min === max) {
    const v = priced[0]!;
    return { kind: 'single', price: v.price, mrp: v.mrp, off: percentOffRupees(v.mrp, v.price) };
  }
  return { kind: 'range', min, max };
}

export function isOutOfStock(variants: readonly PricedVariant[]): boolean {
  return !variants.some(isPurchasable);
}
