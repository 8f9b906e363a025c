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
  date,
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
    /**
     * Sellable units not reserved (decision 0044): the units of the sellable batches less `reserved`,
     * never below 0. Checkouts take from it with a conditional UPDATE; batch changes recompute it.
     */
    stock: integer('stock').notNull().default(0),
    /** Units held by checkouts and unpacked orders: not yet allocated to a batch. */
    reserved: integer('reserved').notNull().default(0),
    /** Alert when the sellable stock is below this (issue 39). */
    reorderLevel: integer('reorder_level').notNull().default(10),
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

/**
 * A batch of a variant's units (issue 39, decision 0044): received with its dates; sold units are
 * those allocated to packed orders; returned ones came back (RTO, cancelled after packing);
 * adjusted is the signed sum of corrections. `sellable` is kept by the batch service: not recalled
 * and best-before more than the minimum remaining shelf life away (set at receipt, by the daily
 * expiry sweep and on a recall), so every stock statement reads it without a clock.
 */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    batchNumber: text('batch_number').notNull(),
    manufacturedOn: date('manufactured_on', { mode: 'string' }).notNull(),
    bestBefore: date('best_before', { mode: 'string' }).notNull(),
    received: integer('received').notNull(),
    sold: integer('sold').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    adjusted: integer('adjusted').notNull().default(0),
    sellable: boolean('sellable').notNull().default(true),
    recallNumber: text('recall_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_batches_variant_number_key').on(t.variantId, t.batchNumber),
    check('stock_batches_received_non_negative', sql`${t.received} >= 0`),
    check(
      'stock_batches_on_hand_non_negative',
      sql`${t.received} + ${t.returned} + ${t.adjusted} - ${t.sold} >= 0`,
    ),
    check('stock_batches_dates', sql`${t.bestBefore} > ${t.manufacturedOn}`),
  ],
);

/**
 * The batches an order line's units were packed from (FEFO at packing), by order and line ids
 * (the orders module's rows; no foreign key across modules). `returned` came back to the batch.
 */
export const batchAllocations = pgTable(
  'batch_allocations',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id, { onDelete: 'restrict' }),
    variantId: integer('variant_id').notNull(),
    orderId: integer('order_id').notNull(),
    orderItemId: integer('order_item_id').notNull(),
    quantity: integer('quantity').notNull(),
    returned: integer('returned').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('batch_allocations_order_idx').on(t.orderId),
    index('batch_allocations_batch_idx').on(t.batchId),
    check('batch_allocations_quantity_positive', sql`${t.quantity} > 0`),
    check('batch_allocations_returned_range', sql`${t.returned} between 0 and ${t.quantity}`),
  ],
);

/** A single row (id = 1): the shop's batch settings (issue 39). */
export const stockSettings = pgTable(
  'stock_settings',
  {
    id: integer('id').primaryKey().default(1),
    minShelfLifeDays: integer('min_shelf_life_days').notNull().default(30),
    expiryAlertDays: integer('expiry_alert_days').notNull().default(60),
    showBestBefore: boolean('show_best_before').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stock_settings_single_row', sql`${t.id} = 1`)],
);

/** A recall of one or more batches of a variant (issue 39): numbered RC-0001, …. */
export const recalls = pgTable(
  'recalls',
  {
    id: serial('id').primaryKey(),
    recallNumber: text('recall_number').notNull(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    batchNumbers: jsonb('batch_numbers').$type<string[]>().notNull(),
    reason: text('reason').notNull(),
    action: text('action', { enum: ['REFUND', 'REPLACEMENT', 'BOTH'] }).notNull(),
    /** The orders that got those batches when the recall started, with what they got. */
    affected: jsonb('affected')
      .$type<
        { orderId: number; orderItemId: number; batchNumber: string; quantity: number; status?: string }[]
      >()
      .notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recalls_number_key').on(t.recallNumber)],
);

/** What an affected shopper asked for and what was done (a refund or a replacement), per order. */
export const recallRemedies = pgTable(
  'recall_remedies',
  {
    id: serial('id').primaryKey(),
    recallId: integer('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull(),
    choice: text('choice', { enum: ['REFUND', 'REPLACEMENT'] }).notNull(),
    status: text('status', { enum: ['REQUESTED', 'DONE'] })
      .notNull()
      .default('REQUESTED'),
    /** For a COD order's refund: where the shopper wants it paid (UPI id or bank details). */
    payTo: text('pay_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recall_remedies_once_key').on(t.recallId, t.orderId)],
);
