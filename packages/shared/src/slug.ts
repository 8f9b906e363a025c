// Product URLs (spec section 2): the product's slug field, otherwise the lowercase name with
// whitespace turned into hyphens, then a hyphen and the product id.

export function productSlug(product: { id: number | string; name: string; slug?: string | null }): string {
  const own = product.slug?.trim();
  if (own) return own;
  return `${product.name.trim().toLowerCase().replace(/\s+/g, '-')}-${product.id}`;
}

/** A slug an owner may save: lowercase letters, digits and single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A free slug for a product name: the slugified name, or with -2, -3… when that is taken. Names
 * with no Latin letters or digits (e.g. only Devanagari) fall back to 'product'.
 */
export function suggestSlug(name: string, isTaken: (slug: string) => boolean): string {
  const base = slugify(name) || 'product';
  if (!isTaken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}
