// Back-office contracts for products, their variants and images, and the generic media upload.
// The same schemas validate the API bodies and the admin forms (before submit and in the action).

import {
  COMBO_MAX_PARTS,
  COMBO_MAX_QUANTITY,
  COMBO_MIN_PARTS,
  COMBO_PART_REPEATED,
  COMBO_PARTS_COUNT,
} from '../combos.ts';
import { GTIN_INVALID, isValidGtin } from '../gtin.ts';
import { MEDIA_KINDS } from '../media.ts';
import { isWholePaise, rupeesToPaise } from '../money.ts';
import { SLUG_PATTERN } from '../slug.ts';
import { netQuantityFromLabel, netQuantityLabel } from '../unit-price.ts';
import { hindiText } from './common.ts';
import { Declarations, DeclarationsEdit, DeclarationsHiEdit, NetQuantity } from './declarations.ts';
import { ProductTaxFields } from './invoices.ts';
import { Rupees } from './rupees.ts';
import * as z from './zod.ts';

export const MRP_BELOW_PRICE = 'MRP cannot be below the price.';
export const SLUG_TAKEN = 'This slug is already used by another product. Choose another.';
export const SLUG_INVALID = 'Use lowercase letters, digits and single hyphens, like garam-masala.';
export const SKU_TAKEN = 'This SKU is already used by another variant.';
export const SKU_REPEATED = 'Two variants cannot share a SKU.';
export const WEIGHT_REPEATED = 'Two variants cannot have the same weight.';
export const HINDI_NAME_SCRIPT = 'Write the Hindi name in Devanagari, like हल्दी पाउडर.';
export const IMAGES_CHANGED = 'The images changed meanwhile. Reload and try again.';
export const variantInUseMessage = (weight: string) =>
  `The ${weight} variant has orders or a payment in progress, so it stays for the order history. Set its stock to 0 to stop selling it.`;
export const stockChangedMessage = (weight: string) =>
  `The ${weight} stock changed meanwhile (orders took units) and the new figure would go below 0. Reload and try again.`;

const RUPEES = 'Enter an amount in rupees with up to two decimals, like 120 or 120.50.';
/** A price typed in rupees: positive, at most two decimals; stored as integer paise. */
const rupees = (what: string) =>
  z.coerce
    .number({ error: RUPEES })
    .refine(Number.isFinite, RUPEES)
    .refine((v) => v > 0, `Enter ${what} above ₹0.`)
    .refine((v) => v <= 1_000_000, 'That amount is too large.')
    .refine(isWholePaise, RUPEES);

const wholeUnits = z.coerce
  .number({ error: 'Enter the stock as a whole number of units, like 25.' })
  .int('Enter the stock as a whole number of units, like 25.')
  .min(0, 'Stock cannot be below 0.')
  .max(1_000_000, 'That is too much stock for one variant.');

/** One part of a combo variant: another variant and how many of it the combo holds. */
export const ComboComponentEdit = z.object({
  variantId: z.coerce
    .number({ error: 'Choose a part.' })
    .int('Choose a part.')
    .positive('Choose a part.')
    .max(z.INT4_MAX, z.OUT_OF_RANGE),
  quantity: z.coerce
    .number({ error: 'Enter how many of this part, like 1.' })
    .int('Enter how many of this part, like 1.')
    .min(1, 'Enter how many of this part, like 1.')
    .max(COMBO_MAX_QUANTITY, `At most ${COMBO_MAX_QUANTITY} of one part.`),
});

/** A combo's parts (decision 0040): none for a plain variant, else 2 to 12 different variants. */
export const ComboComponentsEdit = z
  .array(ComboComponentEdit)
  .max(COMBO_MAX_PARTS, COMBO_PARTS_COUNT)
  .refine((list) => list.length === 0 || list.length >= COMBO_MIN_PARTS, COMBO_PARTS_COUNT)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((c, i) => {
      if (seen.has(c.variantId))
        ctx.addIssue({ code: 'custom', message: COMBO_PART_REPEATED, path: [i, 'variantId'] });
      seen.add(c.variantId);
    });
  })
  .default([]);

export const VariantEdit = z
  .object({
    /** Absent for a new variant. */
    id: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE).optional(),
    /** Blank: made from the net quantity ('100 g'), for a new variant. */
    weight: z
      .string({ error: 'Enter the weight, like 100 g.' })
      .trim()
      .max(30, 'Weight must be at most 30 characters.')
      .default(''),
    /** The weight label on Hindi pages ('100 ग्राम'); blank shows the English one. */
    weightHi: hindiText('weight', 30),
    price: rupees('a price'),
    mrp: rupees('the MRP'),
    stock: wholeUnits,
    /** Net weight in grams for shipping; blank: read from the weight label ('100 g'), if it says one. */
    grams: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number({ error: 'Enter the weight in grams, like 100.' })
        .int('Enter the weight in whole grams, like 100.')
        .min(1, 'Enter the weight in grams, like 100.')
        .max(100_000, 'That is more than 100 kg: enter the weight in grams.')
        .optional(),
    ),
    /**
     * The stock the form showed. When given, the save applies the difference (stock − loadedStock)
     * to the current figure, so units taken by orders since the page loaded are not put back.
     */
    loadedStock: z.coerce.number().int().min(0).max(z.INT4_MAX, z.OUT_OF_RANGE).optional(),
    sku: z
      .string({ error: 'Enter a SKU, like KC-GM-100.' })
      .trim()
      .min(1, 'Enter a SKU, like KC-GM-100.')
      .max(40, 'SKU must be at most 40 characters.')
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Use letters, digits, dots, hyphens and underscores.'),
    /** The pack's net quantity (Legal Metrology, decision 0035); gives the unit price. */
    netQuantity: NetQuantity.nullable().default(null),
    /** A combo's parts (its stock is theirs); empty for a plain variant. */
    components: ComboComponentsEdit,
    /** The pack's GTIN (barcode) for the shopping feeds; blank: none (issue 38). */
    gtin: z.preprocess(
      (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v) || null,
      z.string().refine(isValidGtin, GTIN_INVALID).nullable().default(null),
    ),
  })
  .refine((v) => rupeesToPaise(v.mrp) >= rupeesToPaise(v.price), {
    message: MRP_BELOW_PRICE,
    path: ['mrp'],
  })
  .refine((v) => v.weight !== '' || v.netQuantity !== null, {
    message: 'Enter the weight, like 100 g.',
    path: ['weight'],
  })
  // A blank label is the net quantity's, in both languages ('100 g', '100 ग्राम'); a blank net
  // quantity is the one the label states ('100 g'), if it states one.
  .transform((v) => {
    if (v.weight === '' && v.netQuantity) {
      return {
        ...v,
        weight: netQuantityLabel(v.netQuantity),
        weightHi: v.weightHi || netQuantityLabel(v.netQuantity, 'hi'),
      };
    }
    return v.netQuantity ? v : { ...v, netQuantity: netQuantityFromLabel(v.weight) };
  });
export type VariantEditInput = z.infer<typeof VariantEdit>;

export const ProductFields = z.object({
  name: z
    .string({ error: 'Enter the product name.' })
    .trim()
    .min(1, 'Enter the product name.')
    .max(120, 'Name must be at most 120 characters.'),
  /** Optional; search matches it (and the Hindi storefront will show it). */
  nameHi: z
    .string()
    .trim()
    .max(120, 'Hindi name must be at most 120 characters.')
    .refine((s) => s === '' || /\p{Script=Devanagari}/u.test(s), HINDI_NAME_SCRIPT)
    .default(''),
  /** Other names shoppers search for it by (synonyms, spellings); the form sends them comma-separated. */
  searchKeywords: z
    .array(z.string().trim().min(1).max(60, 'A search keyword is at most 60 characters.'))
    .max(30, 'At most 30 search keywords.')
    .default([]),
  brand: z.string().trim().max(80, 'Brand must be at most 80 characters.').default(''),
  description: z.string().trim().max(5000, 'Description must be at most 5,000 characters.').default(''),
  descriptionHi: hindiText('description', 5000),
  /** Empty: made from the name (see suggestSlug). */
  slug: z
    .string()
    .trim()
    .max(120, 'Slug must be at most 120 characters.')
    .refine((s) => s === '' || SLUG_PATTERN.test(s), SLUG_INVALID)
    .default(''),
  bestseller: z.boolean().default(false),
  active: z.boolean().default(true),
  ...ProductTaxFields.shape,
  about: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Remove empty about lines.')
        .max(300, 'An about line is at most 300 characters.'),
    )
    .max(20, 'At most 20 about lines.')
    .default([]),
  /** aboutHi[i] is the Hindi of about[i]; a blank line shows the English one. */
  aboutHi: z
    .array(z.string().trim().max(300, 'A Hindi about line is at most 300 characters.'))
    .max(20, 'At most 20 about lines.')
    .optional(),
  /** The pack's declarations; blanks take the shop's defaults (decision 0035). Absent: kept as they are. */
  declarations: DeclarationsEdit.optional(),
  /** The Hindi of the declarations' texts; blank ones show the English. */
  declarationsHi: DeclarationsHiEdit.optional(),
  variants: z
    .array(VariantEdit)
    .min(1, 'Add at least one variant.')
    .max(20, 'At most 20 variants.')
    .superRefine((list, ctx) => {
      const skus = new Map<string, number>();
      const weights = new Map<string, number>();
      list.forEach((v, i) => {
        const sku = v.sku.toUpperCase();
        if (skus.has(sku)) ctx.addIssue({ code: 'custom', message: SKU_REPEATED, path: [i, 'sku'] });
        else skus.set(sku, i);
        const weight = v.weight.toLowerCase().replace(/\s+/g, '');
        if (weights.has(weight))
          ctx.addIssue({ code: 'custom', message: WEIGHT_REPEATED, path: [i, 'weight'] });
        else weights.set(weight, i);
      });
    }),
});

export const HINDI_LINE_WITHOUT_ENGLISH = 'A Hindi about line needs its English line beside it.';

/** Every Hindi about line translates an English one: none beyond the English list. */
const hindiLinesMatch = <T extends { about: string[]; aboutHi?: string[] | undefined }>(
  schema: z.ZodType<T>,
) =>
  schema.superRefine((v, ctx) => {
    v.aboutHi?.forEach((line, i) => {
      if (line !== '' && i >= v.about.length)
        ctx.addIssue({ code: 'custom', message: HINDI_LINE_WITHOUT_ENGLISH, path: ['aboutHi', i] });
    });
  });

export const ProductCreate = hindiLinesMatch(ProductFields);
export type ProductCreateInput = z.infer<typeof ProductCreate>;

/** The whole product as the form loaded it, saved in one transaction against its version. */
export const ProductUpdate = hindiLinesMatch(
  ProductFields.extend({ version: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE) }),
);
export type ProductUpdateInput = z.infer<typeof ProductUpdate>;

export const ProductActiveChange = z.object({
  active: z.boolean(),
  version: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
});

export const AdminProductsQuery = z.object({
  q: z.string().trim().max(100).default(''),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
});
export type AdminProductsQueryInput = z.infer<typeof AdminProductsQuery>;

export const AdminProductRow = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    active: z.boolean(),
    bestseller: z.boolean(),
    thumbnail: z.string().nullable(),
    minPrice: Rupees.nullable(),
    maxPrice: Rupees.nullable(),
    totalStock: z.number().int(),
    variantCount: z.number().int(),
    version: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminProductRow' });
export type AdminProductRowDto = z.infer<typeof AdminProductRow>;

export const AdminProductImage = z
  .object({
    id: z.number().int(),
    url: z.string(),
    srcSet: z.string(),
    alt: z.string(),
    altHi: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'AdminProductImage' });

export const AdminProduct = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    nameHi: z.string(),
    searchKeywords: z.array(z.string()),
    brand: z.string(),
    description: z.string(),
    descriptionHi: z.string(),
    active: z.boolean(),
    bestseller: z.boolean(),
    about: z.array(z.string()),
    aboutHi: z.array(z.string()),
    hsnCode: z.string().nullable(),
    /** GST rate in percent. */
    gstRate: z.number().nullable(),
    /** The product's own declarations (blanks: the shop's defaults) and their Hindi texts. */
    declarations: Declarations,
    declarationsHi: DeclarationsHiEdit,
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    variants: z.array(
      z.object({
        id: z.number().int(),
        weight: z.string(),
        weightHi: z.string(),
        price: Rupees,
        mrp: Rupees,
        /** Sellable units not reserved (unexpired, unrecalled batches less reservations, issue 39). */
        stock: z.number().int(),
        /** Units on the shelf in every batch, sellable or not (issue 39). */
        onHand: z.number().int(),
        /** Alert when the sellable stock is below this. */
        reorderLevel: z.number().int(),
        sku: z.string(),
        /** Net weight in grams (shipping); null when not entered. */
        grams: z.number().int().nullable(),
        netQuantity: z.object({ value: z.number(), unit: z.enum(['g', 'kg', 'ml', 'l', 'pc']) }).nullable(),
        gtin: z.string().nullable(),
        /** False when orders or a payment in progress refer to it (see variantInUseMessage). */
        removable: z.boolean(),
        /** A combo's parts (its stock above is derived from theirs); empty for a plain variant. */
        components: z.array(z.object({ variantId: z.number().int(), quantity: z.number().int() })),
      }),
    ),
    images: z.array(AdminProductImage),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProductDto = z.infer<typeof AdminProduct>;

export const SlugCheckQuery = z.object({
  slug: z.string().trim().max(120).default(''),
  name: z.string().trim().max(120).default(''),
  /** The product being edited: its own slug counts as free. */
  productId: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE).optional(),
});

export const SlugCheck = z
  .object({
    slug: z.string(),
    available: z.boolean(),
    /** Why the slug cannot be used, or null. */
    message: z.string().nullable(),
    /** A free slug made from the name. */
    suggestion: z.string(),
  })
  .meta({ id: 'SlugCheck' });
export type SlugCheckDto = z.infer<typeof SlugCheck>;

export const ImageOrder = z.object({
  ids: z.array(z.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE)).max(50),
});

export const ImageAlt = z.object({
  alt: z.string().trim().max(200, 'Alt text must be at most 200 characters.'),
  /** Shown on Hindi pages; empty: a Hindi text made from the product's Hindi name. */
  altHi: z.string().trim().max(200, 'Alt text must be at most 200 characters.').default(''),
});

export const ImageParams = z.object({
  id: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
  imageId: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
});

export const MediaUploadQuery = z.object({ kind: z.enum(MEDIA_KINDS).default('product') });

/** A stored upload: every width as WebP, content-hashed names, served with immutable caching. */
export const MediaUpload = z
  .object({
    /** A sensible default `src` (about 800 px wide, or the widest there is). */
    url: z.string(),
    srcSet: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    sources: z.array(z.object({ url: z.string(), width: z.number().int() })),
  })
  .meta({ id: 'MediaUpload' });
export type MediaUploadDto = z.infer<typeof MediaUpload>;
