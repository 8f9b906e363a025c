import { NET_QUANTITY_UNITS } from '../unit-price.ts';
import { Declarations, UnitPrice } from './declarations.ts';
import { Rupees } from './rupees.ts';
import * as z from './zod.ts';

/** Prices in the API are rupees (spec section 3); the server keeps paise. */
export const Variant = z
  .object({
    id: z.number().int(),
    weight: z.string(),
    price: Rupees,
    mrp: Rupees,
    stock: z.number().int(),
    sku: z.string(),
    /** The pack's net quantity (Legal Metrology); null until the owner enters it. */
    netQuantity: z.object({ value: z.number(), unit: z.enum(NET_QUANTITY_UNITS) }).nullable(),
    /** The price per 100 g, 100 ml or piece, rupees rounded up to the paisa (decision 0035). */
    unitPrice: UnitPrice.nullable(),
    /**
     * A combo's parts (decision 0040), present only on a combo: its stock is the fewest whole
     * combos the parts' stock makes.
     */
    components: z.array(z.object({ variantId: z.number().int(), quantity: z.number().int() })).optional(),
  })
  .meta({ id: 'Variant' });

/** An image of the product with its widths, for srcset (empty srcSet for seeded artwork). */
export const ProductImage = z
  .object({
    src: z.string(),
    srcSet: z.string(),
    alt: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'ProductImage' });

export const Product = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    /** The name in Hindi, in Devanagari ('' when not given); search matches it. */
    nameHi: z.string(),
    /** Other names shoppers search for it by (synonyms), set in the back office. */
    searchKeywords: z.array(z.string()),
    brand: z.string(),
    description: z.string(),
    active: z.boolean(),
    bestseller: z.boolean(),
    imageUrl: z.string().nullable(),
    image: z.string().nullable(),
    images: z.array(z.string()),
    gallery: z.array(ProductImage),
    about: z.array(z.string()),
    variants: z.array(Variant),
    /** What the pack declares, filled in with the shop's defaults where the product has none. */
    declarations: Declarations,
  })
  .meta({ id: 'Product' });

export const ProductList = z.array(Product);

export const SlugParam = z.object({ slug: z.string().min(1).max(200) });

export const RecommendationsQuery = z.object({
  exclude: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

export const BestsellersQuery = z.object({ limit: z.coerce.number().int().min(1).max(20).default(8) });

export const SearchQuery = z.object({ q: z.string().max(100).default('') });

export type ProductDto = z.infer<typeof Product>;
