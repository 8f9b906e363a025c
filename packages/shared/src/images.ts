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

/** One stored width of an uploaded image. */
export interface ImageSource {
  url: string;
  width: number;
}

/** The `srcset` attribute for an uploaded image's widths ('' when there are none). */
export function srcSetOf(sources: readonly ImageSource[]): string {
  return [...sources]
    .sort((a, b) => a.width - b.width)
    .map((s) => `${s.url} ${s.width}w`)
    .join(', ');
}

/** The `src` for browsers without srcset: the narrowest width at least `preferred`, else the widest. */
export function defaultSource(sources: readonly ImageSource[], preferred = 800): string | null {
  const sorted = [...sources].sort((a, b) => a.width - b.width);
  return (sorted.find((s) => s.width >= preferred) ?? sorted[sorted.length - 1])?.url ?? null;
}

/** Rendered widths (see .grid and .product__layout in app.css), so the browser picks a fitting file. */
export const CARD_IMAGE_SIZES = '(max-width: 768px) 50vw, 300px';
export const PRODUCT_IMAGE_SIZES = '(max-width: 768px) 100vw, 600px';

/**
 * The card's and product page's image as `src` plus, for an uploaded image, its `srcSet`. The
 * fallback chain is productImage's; only the product's own first image has other widths.
 */
export function productImageSet(product: {
  name?: string | null;
  images?: readonly string[] | null;
  image?: string | null;
  imageUrl?: string | null;
  gallery?: readonly { src: string; srcSet: string }[] | null;
}): { src: string; srcSet: string | undefined } {
  const src = productImage(product);
  const own = product.gallery?.find((g) => g.src === src);
  return { src, srcSet: own?.srcSet || undefined };
}
