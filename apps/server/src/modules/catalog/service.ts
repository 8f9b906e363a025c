// Catalogue reads: products with their variants and images. Owns the catalogue tables.
// Everything is served from an in-memory snapshot (see lib/snapshot.ts), rebuilt after a write.

import type { ProductDto } from '@spice/shared/contracts/catalog';
import { toRupees } from '@spice/shared/money';
import { searchProducts } from '@spice/shared/search';
import { productSlug } from '@spice/shared/slug';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { weakEtag } from '../../lib/etag.ts';
import { createSnapshot } from '../../lib/snapshot.ts';
import { productImages, products, productVariants } from './schema.ts';

export interface CatalogSnapshot {
  all: ProductDto[];
  active: ProductDto[];
  byId: Map<number, ProductDto>;
  bySlug: Map<string, ProductDto>;
  /** GET /api/products, serialised once per snapshot. */
  allJson: string;
  allEtag: string;
}

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService(db: Db, options: { ttlMs: number }) {
  const snapshot = createSnapshot(() => loadCatalog(db), options.ttlMs);

  return {
    snapshot: () => snapshot.get(),
    invalidate: () => snapshot.invalidate(),

    async listProducts(): Promise<ProductDto[]> {
      return (await snapshot.get()).all;
    },
    async listActive(): Promise<ProductDto[]> {
      return (await snapshot.get()).active;
    },
    async getById(id: number): Promise<ProductDto | null> {
      return (await snapshot.get()).byId.get(id) ?? null;
    },
    async getBySlug(slug: string): Promise<ProductDto | null> {
      return (await snapshot.get()).bySlug.get(slug) ?? null;
    },
    /** Up to `limit` other active products for 'You may also like'. */
    async recommendations(excludeId: number | undefined, limit = 5): Promise<ProductDto[]> {
      const { active } = await snapshot.get();
      return active.filter((p) => p.id !== excludeId).slice(0, limit);
    },
    /** Active products whose name matches the query, exact matches first. */
    async search(query: string, limit = 50): Promise<ProductDto[]> {
      const { active } = await snapshot.get();
      return searchProducts(active, query).slice(0, limit);
    },
  };
}

async function loadCatalog(db: Db): Promise<CatalogSnapshot> {
  const [productRows, variantRows, imageRows] = await Promise.all([
    db.select().from(products).orderBy(asc(products.position), asc(products.id)),
    db.select().from(productVariants).orderBy(asc(productVariants.position), asc(productVariants.id)),
    db.select().from(productImages).orderBy(asc(productImages.position), asc(productImages.id)),
  ]);

  const variantsByProduct = groupBy(variantRows, (v) => v.productId);
  const imagesByProduct = groupBy(imageRows, (i) => i.productId);

  const all: ProductDto[] = productRows.map((p) => {
    const images = (imagesByProduct.get(p.id) ?? []).map((i) => i.url);
    return {
      id: p.id,
      slug: productSlug(p),
      name: p.name,
      brand: p.brand,
      description: p.description,
      active: p.active,
      bestseller: p.bestseller,
      imageUrl: p.imageUrl,
      image: images[0] ?? null,
      images,
      about: p.about,
      variants: (variantsByProduct.get(p.id) ?? []).map((v) => ({
        id: v.id,
        weight: v.weight,
        price: toRupees(v.pricePaise),
        mrp: toRupees(v.mrpPaise),
        stock: v.stock,
        sku: v.sku,
      })),
    };
  });

  const allJson = JSON.stringify(all);
  return {
    all,
    active: all.filter((p) => p.active),
    byId: new Map(all.map((p) => [p.id, p])),
    bySlug: new Map(all.map((p) => [p.slug, p])),
    allJson,
    allEtag: weakEtag(allJson),
  };
}

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
