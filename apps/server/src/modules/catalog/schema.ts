// Catalogue tables: products, their weight variants and images, and the shop's default
// declarations (decision 0035). Money in integer paise.
import type {
  DeclarationDefaults,
  DeclarationDefaultsHi,
  Declarations,
  DeclarationTextsHi,
} from '@spice/shared/declarations';
import type { NetQuantity } from '@spice/shared/unit-price';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The name in Devanagari, for search (and later the Hindi storefront). */
    nameHi: text('name_hi').notNull().default(''),
    /** Synonyms shoppers search by, edited in the back office. */
    searchKeywords: text('search_keywords').array().notNull().default(sql`'{}'::text[]`),
    brand: text('brand').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Hindi texts beside the English ones ('' or empty: the storefront shows the English). */
    descriptionHi: text('description_hi').notNull().default(''),
    active: boolean('active').notNull().default(true),
    bestseller: boolean('bestseller').notNull().default(false),
    imageUrl: text('image_url'),
    about: text('about').array().notNull().default(sql`'{}'::text[]`),
    /** Line i is the Hindi of about[i]; a blank or missing line falls back to the English one. */
    aboutHi: text('about_hi').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    /** HSN code for GST invoices (4, 6 or 8 digits); null until the owner sets it. */
    hsnCode: text('hsn_code'),
    /** GST rate in basis points (5% = 500); null until the owner sets it. */
    gstRateBp: integer('gst_rate_bp'),
    /** The pack's declarations as the owner wrote them ({}: none yet); blanks take the defaults. */
    declarations: jsonb('declarations').$type<Partial<Declarations>>().notNull().default({}),
    /** The Hindi of the declarations' texts ('' or missing: the English). */
    declarationsHi: jsonb('declarations_hi').$type<DeclarationTextsHi>().notNull().default({}),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_slug_key').on(t.slug)],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    weight: text('weight').notNull(),
    /** The weight label in Hindi ('100 ग्राम'); '' shows the English label. */
    weightHi: text('weight_hi').notNull().default(''),
    /** Net weight in grams, for the parcel's weight when shipping; null until entered. */
    weightGrams: integer('weight_grams'),
    /** The pack's net quantity ({ value, unit }); null until entered. Gives the unit price. */
    netQuantity: jsonb('net_quantity').$type<NetQuantity>(),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    stock: integer('stock').notNull().default(0),
    sku: text('sku').notNull(),
    /** The pack's GTIN (EAN-13 and the like), check digit validated (shared/gtin.ts); for the feeds. */
    gtin: text('gtin'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_variants_sku_key').on(t.sku),
    index('product_variants_product_idx').on(t.productId),
    check('product_variants_price_positive', sql`${t.pricePaise} >= 0`),
    check('product_variants_mrp_not_below_price', sql`${t.mrpPaise} >= ${t.pricePaise}`),
    check('product_variants_stock_non_negative', sql`${t.stock} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    alt: text('alt').notNull().default(''),
    /** The alt text on Hindi pages; '' gives 'गरम मसाला की तस्वीर' from the product's Hindi name. */
    altHi: text('alt_hi').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** Every stored width of an uploaded image (for srcset); empty for seeded artwork. */
    sources: jsonb('sources').$type<{ url: string; width: number }[]>().notNull().default([]),
    /** Intrinsic size of the widest source, so pages reserve the right space. */
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

/** A single row (id = 1): the declarations a product takes when it leaves them empty. */
export const declarationDefaults = pgTable(
  'declaration_defaults',
  {
    id: integer('id').primaryKey().default(1),
    values: jsonb('values').$type<DeclarationDefaults>().notNull(),
    valuesHi: jsonb('values_hi').$type<DeclarationDefaultsHi>().notNull().default({}),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('declaration_defaults_single_row', sql`${t.id} = 1`)],
);

/**
 * A combo's parts (issue 36, decision 0040): the combo variant holds `quantity` of each part
 * variant. A combo has no stock of its own: it is derived from its parts' (shared combos.ts).
 */
export const comboComponents = pgTable(
  'combo_components',
  {
    comboVariantId: integer('combo_variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    partVariantId: integer('part_variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.comboVariantId, t.partVariantId] }),
    index('combo_components_part_idx').on(t.partVariantId),
    check('combo_components_quantity_positive', sql`${t.quantity} > 0`),
    check('combo_components_not_itself', sql`${t.comboVariantId} <> ${t.partVariantId}`),
  ],
);
