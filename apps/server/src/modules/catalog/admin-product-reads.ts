// The back office's product reads: one product as the form holds it (fields, variants with whether
// each can still be removed, images) and the list with thumbnails, price ranges and total stock.

import type {
  AdminProductDto,
  AdminProductRowDto,
  AdminProductsQueryInput,
} from '@spice/shared/contracts/products-admin';
import { EMPTY_DECLARATIONS } from '@spice/shared/declarations';
import { defaultSource, productImage, srcSetOf } from '@spice/shared/images';
import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { onHandOfVariantSql } from './batch-statements.ts';
import { priceBoundDto, variantPricesDto } from './dto.ts';
import { comboComponents, productImages, products, productVariants } from './schema.ts';
import { sellableStockSql } from './stock.ts';

export type Reader = Pick<Db, 'select'>;

export const PRODUCT_NOT_FOUND = 'Product not found.';

export function createProductReads(
  db: Db,
  deps: {
    /** Variants that order lines or pending checkouts refer to (orders module). */
    variantsInUse: (executor: Reader, ids: readonly number[]) => Promise<Set<number>>;
  },
) {
  async function load(executor: Reader, id: number): Promise<AdminProductDto | null> {
    const [p] = await executor.select().from(products).where(eq(products.id, id));
    if (!p) return null;
    const variants = await executor
      .select({
        v: productVariants,
        sellable: sellableStockSql('product_variants'),
        onHand: onHandOfVariantSql('product_variants'),
      })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.position), asc(productVariants.id))
      .then((rows) => rows.map((r) => ({ ...r.v, stock: r.sellable, onHand: r.onHand })));
    const parts =
      variants.length === 0
        ? []
        : await executor
            .select()
            .from(comboComponents)
            .where(
              inArray(
                comboComponents.comboVariantId,
                variants.map((v) => v.id),
              ),
            )
            .orderBy(asc(comboComponents.position));
    const images = await executor
      .select()
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position), asc(productImages.id));
    const inUse = await deps.variantsInUse(
      executor,
      variants.map((v) => v.id),
    );
    return {
      id: p.id,
      slug: p.slug,
      name: p.name,
      nameHi: p.nameHi,
      searchKeywords: p.searchKeywords,
      brand: p.brand,
      description: p.description,
      descriptionHi: p.descriptionHi,
      active: p.active,
      bestseller: p.bestseller,
      about: p.about,
      aboutHi: p.aboutHi,
      hsnCode: p.hsnCode,
      gstRate: p.gstRateBp === null ? null : p.gstRateBp / 100,
      declarations: { ...EMPTY_DECLARATIONS, ...p.declarations },
      declarationsHi: {
        genericName: '',
        countryOfOrigin: '',
        consumerCareAddress: '',
        ingredients: '',
        allergens: '',
        storage: '',
        ...p.declarationsHi,
      },
      version: p.version,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      variants: variants.map((v) => ({
        id: v.id,
        weight: v.weight,
        weightHi: v.weightHi,
        ...variantPricesDto(v),
        stock: v.stock,
        onHand: v.onHand,
        reorderLevel: v.reorderLevel,
        sku: v.sku,
        grams: v.weightGrams,
        netQuantity: v.netQuantity,
        gtin: v.gtin,
        removable: !inUse.has(v.id),
        components: parts
          .filter((c) => c.comboVariantId === v.id)
          .map((c) => ({ variantId: c.partVariantId, quantity: c.quantity })),
      })),
      images: images.map((i) => ({
        id: i.id,
        url: i.url,
        srcSet: srcSetOf(i.sources),
        alt: i.alt,
        altHi: i.altHi,
        width: i.width,
        height: i.height,
      })),
    };
  }

  async function mustLoad(executor: Reader, id: number): Promise<AdminProductDto> {
    const product = await load(executor, id);
    if (!product) throw new AppError('notFound', PRODUCT_NOT_FOUND);
    return product;
  }

  /** Every product, active and inactive, with a thumbnail, price range and total stock. */
  async function list(query: AdminProductsQueryInput): Promise<AdminProductRowDto[]> {
    const where: SQL[] = [];
    if (query.q) where.push(ilike(products.name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`));
    if (query.status !== 'all') where.push(eq(products.active, query.status === 'active'));
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        active: products.active,
        bestseller: products.bestseller,
        imageUrl: products.imageUrl,
        version: products.version,
        updatedAt: products.updatedAt,
        minPaise: sql<
          number | null
        >`(select min(v.price_paise) from product_variants v where v.product_id = "products"."id")`,
        maxPaise: sql<
          number | null
        >`(select max(v.price_paise) from product_variants v where v.product_id = "products"."id")`,
        totalStock: sql<number>`(select coalesce(sum(${sellableStockSql('v')}), 0) from product_variants v where v.product_id = "products"."id")::int`,
        variantCount: sql<number>`(select count(*) from product_variants v where v.product_id = "products"."id")::int`,
      })
      .from(products)
      .where(where.length > 0 ? and(...where) : undefined)
      .orderBy(asc(products.position), asc(products.id));
    const firstImages = await db
      .selectDistinctOn([productImages.productId], {
        productId: productImages.productId,
        url: productImages.url,
        sources: productImages.sources,
      })
      .from(productImages)
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
    const thumbs = new Map(firstImages.map((i) => [i.productId, defaultSource(i.sources, 0) ?? i.url]));
    return rows.map((r) => {
      const thumb = thumbs.get(r.id);
      return {
        id: r.id,
        name: r.name,
        slug: r.slug,
        active: r.active,
        bestseller: r.bestseller,
        thumbnail: productImage({ name: r.name, images: thumb ? [thumb] : [], imageUrl: r.imageUrl }),
        minPrice: priceBoundDto(r.minPaise),
        maxPrice: priceBoundDto(r.maxPaise),
        totalStock: r.totalStock,
        variantCount: r.variantCount,
        version: r.version,
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  return { load, mustLoad, list };
}
