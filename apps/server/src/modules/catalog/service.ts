// Catalogue reads: products with their variants and images. Owns the catalogue tables.
// Everything is served from an in-memory snapshot (see lib/snapshot.ts), rebuilt after a write.

import { COMBO_STOCK_DERIVED, type ComboComponent, comboStock } from '@spice/shared/combos';
import { STOCK_TOO_LOW } from '@spice/shared/contracts/admin';
import type { ProductDto } from '@spice/shared/contracts/catalog';
import {
  type Declarations,
  EMPTY_DECLARATIONS,
  EMPTY_DEFAULTS,
  fillDeclarations,
} from '@spice/shared/declarations';
import { srcSetOf } from '@spice/shared/images';
import type { Lang } from '@spice/shared/lang';
import { pick, pickLines } from '@spice/shared/localized';
import { productSlug } from '@spice/shared/slug';
import { unitPrice } from '@spice/shared/unit-price';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { weakEtag } from '../../lib/etag.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { createSnapshot } from '../../lib/snapshot.ts';
import { AppError } from '../../plugins/errors.ts';
import { onHandOfVariantSql } from './batch-statements.ts';
import { variantPricesDto } from './dto.ts';
import { levelsChange, levelsPayload, type StockLevel, type StockLevels, stockStamp } from './levels.ts';
import { comboComponents, declarationDefaults, productImages, products, productVariants } from './schema.ts';
import { componentsOf, isComboSql, sellableStockSql } from './stock.ts';

/** The catalogue in one language: the same DTOs, each text resolved to that language. */
export interface CatalogView {
  all: ProductDto[];
  active: ProductDto[];
  byId: Map<number, ProductDto>;
  bySlug: Map<string, ProductDto>;
  /** GET /api/products, serialised and encoded once per snapshot (a Buffer is sent as is). */
  allJson: Buffer;
  allEtag: string;
}

/** A variant's money as the catalogue holds it. */
export interface VariantPrices {
  pricePaise: number;
  mrpPaise: number;
}

/**
 * The English view (what every other module reads), plus the same catalogue in each language. The
 * views are the API's DTOs (rupees, serialised once); what the server computes with is `prices`.
 */
export interface CatalogSnapshot extends CatalogView {
  /** Built the first time a page or request asks for the language, then kept with the snapshot. */
  view(lang: Lang): CatalogView;
  /** Price and MRP in paise by variant id. */
  prices: Map<number, VariantPrices>;
  /** The Hindi texts by product id, kept for a restocked snapshot's Hindi view. */
  hindi: Map<number, HindiTexts>;
  /** The shop's FSSAI licence number (default declarations), for the footer; '' when not set. */
  fssaiLicence: string;
  /** Units by variant id as the rows were loaded, for a part whose level was not heard. */
  rowStock: Map<number, number>;
  /** What the product feeds say of a variant beyond its DTO, by variant id. */
  feedFacts: Map<number, VariantFeedFacts>;
}

/** A variant's GTIN and parcel weight: the feeds' only (not in the DTO every page ships). */
export interface VariantFeedFacts {
  gtin: string | null;
  grams: number | null;
}

/** The Hindi twins of a product's texts (decision 0018), kept beside the English DTO. */
interface HindiTexts {
  description: string;
  about: string[];
  /** By variant id. */
  weights: Map<number, string>;
  /** The pictures' Hindi alt texts, in gallery order ('' where none was written). */
  imageAlts: string[];
  /** The declarations filled in, each text in Hindi where there is one. */
  declarations: Declarations;
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/** Called inside the change's transaction (the back office writes its audit entry there). */
export type StockChangeHook = (before: { stock: number }, after: { stock: number }, tx: Tx) => Promise<void>;

export function createCatalogService(db: Db, options: { ttlMs: number; bus?: InvalidationBus }) {
  // Two parts: the catalogue's rows, and the stock levels alone. A purchase changes only stock,
  // hundreds of times a second at peak: it sends the levels its transaction left, which every
  // instance applies to its copy (no query), rebuilding only the products they belong to. The
  // newest stamp heard per variant leaves out a level heard after a later one (levels.ts).
  const rows = createSnapshot(() => loadCatalogRows(db), options.ttlMs, {
    shared: options.bus && { bus: options.bus, topic: 'catalog' },
  });
  const newestStamps = new Map<number, string>();
  const levels = createSnapshot(() => loadStockLevels(db), options.ttlMs, {
    shared: options.bus && { bus: options.bus, topic: 'catalog-stock' },
    apply: (payload) => levelsChange(newestStamps, payload),
  });
  let built: { rows: CatalogRows; levels: StockLevels; snapshot: CatalogSnapshot } | null = null;
  const snapshot = {
    async get(): Promise<CatalogSnapshot> {
      const [r, l] = await Promise.all([rows.get(), levels.get()]);
      if (built?.rows !== r) built = { rows: r, levels: l, snapshot: buildCatalog(r, l) };
      else if (built.levels !== l) built = { rows: r, levels: l, snapshot: restocked(built.snapshot, l) };
      return built.snapshot;
    },
    invalidate() {
      rows.invalidate();
      levels.invalidate();
    },
  };

  return {
    snapshot: () => snapshot.get(),
    invalidate: () => snapshot.invalidate(),
    /**
     * After stock was taken or given back (a checkout, a cancellation), once committed: the levels
     * the transaction left (every instance applies them), or none to reload the levels.
     */
    stockChanged: (changed?: readonly StockLevel[]) => levels.invalidate(changed && levelsPayload(changed)),

    /** The catalogue in a language (English unless asked), resolved once per snapshot. */
    view: async (lang: Lang = 'en'): Promise<CatalogView> => (await snapshot.get()).view(lang),

    async listProducts(lang: Lang = 'en'): Promise<ProductDto[]> {
      return (await snapshot.get()).view(lang).all;
    },
    async listActive(lang: Lang = 'en'): Promise<ProductDto[]> {
      return (await snapshot.get()).view(lang).active;
    },
    async getById(id: number, lang: Lang = 'en'): Promise<ProductDto | null> {
      return (await snapshot.get()).view(lang).byId.get(id) ?? null;
    },
    async getBySlug(slug: string, lang: Lang = 'en'): Promise<ProductDto | null> {
      return (await snapshot.get()).view(lang).bySlug.get(slug) ?? null;
    },
    /** Up to `limit` other active products for 'You may also like'. */
    async recommendations(
      excludeId: number | undefined,
      limit = 5,
      lang: Lang = 'en',
    ): Promise<ProductDto[]> {
      const { active } = (await snapshot.get()).view(lang);
      return active.filter((p) => p.id !== excludeId).slice(0, limit);
    },
    /**
     * Every variant with its stock, read from the database (not the snapshot), lowest stock first;
     * a combo's is derived from its parts' (decision 0040).
     */
    async stockList() {
      const stock = sellableStockSql('product_variants');
      return db
        .select({
          variantId: productVariants.id,
          productId: products.id,
          productName: products.name,
          productActive: products.active,
          weight: productVariants.weight,
          sku: productVariants.sku,
          stock,
          onHand: onHandOfVariantSql('product_variants'),
          reorderLevel: productVariants.reorderLevel,
          combo: isComboSql('product_variants'),
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .orderBy(asc(stock), asc(products.position), asc(productVariants.position));
    },

    /**
     * The owner's low-stock alerts (issue 41): variants of active products whose sellable stock
     * (a combo's from its parts) is below the variant's own reorder level (issue 39, default 10),
     * read from the database.
     */
    async variantsBelowReorderLevel() {
      const stock = sellableStockSql('product_variants');
      return db
        .select({
          variantId: productVariants.id,
          productName: products.name,
          productNameHi: products.nameHi,
          weight: productVariants.weight,
          sku: productVariants.sku,
          stock,
          reorderLevel: productVariants.reorderLevel,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(products.active, true), sql`${stock} < ${productVariants.reorderLevel}`))
        .orderBy(asc(stock), asc(products.position), asc(productVariants.position));
    },

    /**
     * Adds (or with a negative change, removes) units in one statement, so it composes with
     * checkouts reserving stock at the same moment instead of overwriting them.
     */
    async adjustStock(variantId: number, change: number, onChange?: StockChangeHook) {
      const after = await db.transaction(async (tx) => {
        if ((await componentsOf(tx, [variantId])).length > 0)
          throw new AppError('invalid', COMBO_STOCK_DERIVED, { change: COMBO_STOCK_DERIVED });
        const [row] = await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} + ${change}` })
          .where(and(eq(productVariants.id, variantId), gte(sql`${productVariants.stock} + ${change}`, 0)))
          .returning({ stock: productVariants.stock, stamp: stockStamp });
        if (!row) {
          const [exists] = await tx
            .select({ id: productVariants.id })
            .from(productVariants)
            .where(eq(productVariants.id, variantId));
          throw exists
            ? new AppError('conflict', STOCK_TOO_LOW, { change: STOCK_TOO_LOW })
            : new AppError('notFound', 'Variant not found.');
        }
        await onChange?.({ stock: row.stock - change }, { stock: row.stock }, tx);
        return row;
      });
      levels.invalidate(levelsPayload([{ variantId, stock: after.stock, stamp: after.stamp }]));
      return { variantId, stock: after.stock };
    },

    /** Active products marked bestseller (or, if none is, the first ones), for empty searches. */
    async bestsellers(limit = 8, lang: Lang = 'en'): Promise<ProductDto[]> {
      const { active } = (await snapshot.get()).view(lang);
      const marked = active.filter((p) => p.bestseller);
      return (marked.length > 0 ? marked : active).slice(0, limit);
    },
  };
}

type CatalogRows = Awaited<ReturnType<typeof loadCatalogRows>>;

export type { StockLevel };

async function loadCatalogRows(db: Db) {
  const [productRows, variantRows, imageRows, defaultRows, componentRows] = await Promise.all([
    db.select().from(products).orderBy(asc(products.position), asc(products.id)),
    db.select().from(productVariants).orderBy(asc(productVariants.position), asc(productVariants.id)),
    db.select().from(productImages).orderBy(asc(productImages.position), asc(productImages.id)),
    db.select().from(declarationDefaults),
    db
      .select()
      .from(comboComponents)
      .orderBy(asc(comboComponents.comboVariantId), asc(comboComponents.position)),
  ]);
  const components = new Map<number, ComboComponent[]>();
  for (const c of componentRows) {
    const list = components.get(c.comboVariantId) ?? [];
    list.push({ variantId: c.partVariantId, quantity: c.quantity });
    components.set(c.comboVariantId, list);
  }
  return { productRows, variantRows, imageRows, defaults: defaultRows[0], components };
}

// Read after every purchase (catalog.stockChanged()): built once.
const stockRows = preparedStatement('stock_levels', (db) =>
  db.select({ id: productVariants.id, stock: productVariants.stock }).from(productVariants),
);

async function loadStockLevels(db: Db): Promise<StockLevels> {
  const rows = await stockRows(db).execute();
  return new Map(rows.map((r) => [r.id, r.stock]));
}

/**
 * A variant's sellable stock: its own units, or for a combo the combos its parts make
 * (decision 0040), from the levels (falling back to the rows' figures for a variant not in them).
 */
function stockFrom(levels: StockLevels, rowStock: Map<number, number>) {
  const own = (id: number) => levels.get(id) ?? rowStock.get(id) ?? 0;
  return (v: { id: number; components?: readonly ComboComponent[] | undefined }) =>
    v.components && v.components.length > 0 ? comboStock(v.components, own) : own(v.id);
}

/** The snapshot with other stock levels: products whose levels did not change are kept as they are. */
function restocked(snap: CatalogSnapshot, levels: StockLevels): CatalogSnapshot {
  const stockOf = stockFrom(levels, snap.rowStock);
  let changed = false;
  const all = snap.all.map((p) => {
    if (p.variants.every((v) => stockOf(v) === v.stock)) return p;
    changed = true;
    return { ...p, variants: p.variants.map((v) => ({ ...v, stock: stockOf(v) })) };
  });
  return changed
    ? assemble(all, snap.hindi, snap.prices, snap.fssaiLicence, snap.rowStock, snap.feedFacts)
    : snap;
}

function buildCatalog(
  { productRows, variantRows, imageRows, defaults, components }: CatalogRows,
  levels: StockLevels,
): CatalogSnapshot {
  const rowStock = new Map(variantRows.map((v) => [v.id, v.stock]));
  const stockOf = stockFrom(levels, rowStock);
  const variantsByProduct = groupBy(variantRows, (v) => v.productId);
  const imagesByProduct = groupBy(imageRows, (i) => i.productId);

  const hindi = new Map<number, HindiTexts>();
  const all: ProductDto[] = productRows.map((p) => {
    const variants = variantsByProduct.get(p.id) ?? [];
    const declarations = fillDeclarations(
      { ...EMPTY_DECLARATIONS, ...p.declarations },
      p.declarationsHi,
      defaults?.values ?? EMPTY_DEFAULTS,
      defaults?.valuesHi ?? {},
    );
    hindi.set(p.id, {
      declarations: declarations.hi,
      description: p.descriptionHi,
      about: p.aboutHi,
      weights: new Map(variants.map((v) => [v.id, v.weightHi])),
      imageAlts: (imagesByProduct.get(p.id) ?? []).map((i) => i.altHi),
    });
    const gallery = (imagesByProduct.get(p.id) ?? []).map((i) => ({
      src: i.url,
      srcSet: srcSetOf(i.sources),
      alt: i.alt,
      width: i.width,
      height: i.height,
    }));
    const images = gallery.map((g) => g.src);
    return {
      id: p.id,
      slug: productSlug(p),
      name: p.name,
      nameHi: p.nameHi,
      searchKeywords: p.searchKeywords,
      brand: p.brand,
      description: p.description,
      active: p.active,
      bestseller: p.bestseller,
      imageUrl: p.imageUrl,
      image: images[0] ?? null,
      images,
      gallery,
      about: p.about,
      variants: variants.map((v) => {
        const parts = components.get(v.id);
        return {
          id: v.id,
          weight: v.weight,
          ...variantPricesDto(v),
          // The levels are reloaded after every purchase; the rows only after a catalogue edit.
          stock: stockOf({ id: v.id, components: parts }),
          sku: v.sku,
          netQuantity: v.netQuantity,
          unitPrice: unitPrice(v.pricePaise, v.netQuantity),
          ...(parts ? { components: parts } : {}),
        };
      }),
      declarations: declarations.en,
    };
  });

  const prices = new Map(variantRows.map((v) => [v.id, { pricePaise: v.pricePaise, mrpPaise: v.mrpPaise }]));
  const feedFacts = new Map(variantRows.map((v) => [v.id, { gtin: v.gtin, grams: v.weightGrams }]));
  return assemble(all, hindi, prices, defaults?.values.fssaiLicence ?? '', rowStock, feedFacts);
}

/** The snapshot of these DTOs; the Hindi view is built when first asked for. */
function assemble(
  all: ProductDto[],
  hindi: Map<number, HindiTexts>,
  prices: Map<number, VariantPrices>,
  fssaiLicence: string,
  rowStock: Map<number, number>,
  feedFacts: Map<number, VariantFeedFacts>,
): CatalogSnapshot {
  const english = viewOf(all);
  let hindiView: CatalogView | null = null;
  return Object.assign(Object.create(english) as CatalogView, {
    prices,
    rowStock,
    hindi,
    fssaiLicence,
    feedFacts,
    view(lang: Lang) {
      if (lang === 'en') return english;
      hindiView ??= viewOf(all.map((p) => inHindi(p, hindi.get(p.id))));
      return hindiView;
    },
  });
}

/** The view's JSON is made when GET /api/products first asks (not on every purchase's restock). */
function viewOf(all: ProductDto[]): CatalogView {
  let json: string | undefined;
  let bytes: Buffer | undefined;
  let etag: string | undefined;
  return {
    all,
    active: all.filter((p) => p.active),
    byId: new Map(all.map((p) => [p.id, p])),
    bySlug: new Map(all.map((p) => [p.slug, p])),
    get allJson() {
      json ??= JSON.stringify(all);
      bytes ??= Buffer.from(json);
      return bytes;
    },
    get allEtag() {
      json ??= JSON.stringify(all);
      etag ??= weakEtag(json);
      return etag;
    },
  };
}

/** The product with each text in Hindi where it has one (field by field, line by line). */
function inHindi(p: ProductDto, hi: HindiTexts | undefined): ProductDto {
  const lang = 'hi';
  return {
    ...p,
    name: pick(p.name, p.nameHi, lang),
    description: pick(p.description, hi?.description, lang),
    about: pickLines(p.about, hi?.about ?? [], lang),
    variants: p.variants.map((v) => ({ ...v, weight: pick(v.weight, hi?.weights.get(v.id), lang) })),
    declarations: hi?.declarations ?? p.declarations,
    // The owner's alt texts are English; a Hindi page describes the picture in Hindi.
    // The owner's Hindi alt, else one made from the Hindi name (never the English alt).
    gallery: p.gallery.map((g, i) => ({
      ...g,
      alt: pick(hindiAlt(pick(p.name, p.nameHi, lang)), hi?.imageAlts[i], lang),
    })),
  };
}

/** A product picture's alt text on Hindi pages: 'गरम मसाला की तस्वीर'. */
export const hindiAlt = (hindiName: string) => `${hindiName} की तस्वीर`;

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
