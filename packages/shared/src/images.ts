// Product image fallback chain (spec section 2, product card).

export const FALLBACK_IMAGE = '/default-image.jpg';

/** Local artwork picked by keywords in the name when a product has no image of its own. */
const KEYWORD_IMAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/turmeric|haldi/i, '/images/fallback/turmeric.svg'],
  [/chil+i|chilli|mirch/i, '/images/fallback/chili.svg'],
  [/coriander|dhania/i, '/images/fallback/coriander.svg'],
  [/garam/i, '/images/fallback/garam.svg'],
];

export function productImage(product: {
  name?: string | null;
  images?: readonly string[] | null;
  image?: string | null;
  imageUrl?: string | null;
}): string {
  const first = product.images?.find((src) => src);
  if (first) return first;
  if (product.image) return product.image;
  if (product.imageUrl) return product.imageUrl;
  const name = product.name ?? '';
  for (const [pattern, src] of KEYWORD_IMAGES) if (pattern.test(name)) return src;
  return FALLBACK_IMAGE;
}
