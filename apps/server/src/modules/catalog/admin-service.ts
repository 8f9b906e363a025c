// The back office's product writes: create, whole-product edits (fields, about lines and every
// variant) saved in one transaction against the version the form loaded, activation, and the
// product's images (admin-images.ts; the reads are in admin-product-reads.ts). Each change writes
// its audit entry (before and after) in its transaction and drops the catalogue snapshot
// afterwards, so the storefront shows it on its next request.
import type { UserDto } from '@spice/shared/contracts/accounts';
import {
  type AdminProductDto,
  type ProductCreateInput,
  type ProductUpdateInput,
  SLUG_INVALID,
  SLUG_TAKEN,
  type SlugCheckDto,
} from '@spice/shared/contracts/products-admin';
import { SLUG_PATTERN } from '@spice/shared/slug';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { updateAtVersion } from '../../lib/versioned.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import type { MediaService } from '../media/service.ts';
import { createProductImagesEditing } from './admin-images.ts';
import { createProductReads, PRODUCT_NOT_FOUND, type Reader } from './admin-product-reads.ts';
import {
  assertSkusFree,
  assertSlugFree,
  freeSlug,
  saveComponents,
  saveVariants,
  slugsLike,
  uniqueRefusal,
  variantRow,
} from './admin-product-rules.ts';
import { batchesFollowStock } from './batches.ts';
import { assertPublishable, missingForPublishing } from './publish-rule.ts';
import { products, productVariants } from './schema.ts';
import type { CatalogService } from './service.ts';

export type ProductEditingService = ReturnType<typeof createProductEditingService>;

export function createProductEditingService(
  db: Db,
  deps: {
    catalog: CatalogService;
    audit: AuditService;
    media: MediaService;
    /** Variants that order lines or pending checkouts refer to (orders module). */
    variantsInUse: (executor: Reader, ids: readonly number[]) => Promise<Set<number>>;
  },
) {
  const { catalog, audit, media } = deps;
  const { mustLoad, list } = createProductReads(db, deps);

  /** What the audit log keeps of a product: its fields and variants (images are audited apart). */
  const auditView = (p: AdminProductDto) => ({
    name: p.name,
    nameHi: p.nameHi,
    searchKeywords: p.searchKeywords,
    brand: p.brand,
    description: p.description,
    descriptionHi: p.descriptionHi,
    slug: p.slug,
    active: p.active,
    bestseller: p.bestseller,
    about: p.about,
    aboutHi: p.aboutHi,
    hsnCode: p.hsnCode,
    gstRate: p.gstRate,
    declarations: p.declarations,
    declarationsHi: p.declarationsHi,
    version: p.version,
    variants: p.variants.map(({ removable: _, ...v }) => v),
  });

  async function changed<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw uniqueRefusal(error);
    } finally {
      // Dropped even when the transaction rolled back: a reload costs little, a stale page more.
      catalog.invalidate();
    }
  }

  const images = createProductImagesEditing(db, { audit, media, mustLoad, changed });

  return {
    get: (id: number) => mustLoad(db, id),
    list,

    /** For the form's live feedback: is this slug usable, and a free one made from the name. */
    async checkSlug(input: {
      slug: string;
      name: string;
      productId?: number | undefined;
    }): Promise<SlugCheckDto> {
      const suggestion = await freeSlug(db, input.name || input.slug, input.productId);
      if (input.slug === '') return { slug: '', available: true, message: null, suggestion };
      if (!SLUG_PATTERN.test(input.slug)) {
        return { slug: input.slug, available: false, message: SLUG_INVALID, suggestion };
      }
      const taken = await slugsLike(db, input.slug, input.productId);
      return taken.has(input.slug)
        ? { slug: input.slug, available: false, message: SLUG_TAKEN, suggestion }
        : { slug: input.slug, available: true, message: null, suggestion };
    },

    async create(admin: UserDto, input: ProductCreateInput): Promise<AdminProductDto> {
      const id = await changed(() =>
        db.transaction(async (tx) => {
          const slug = input.slug || (await freeSlug(tx, input.name));
          await assertSlugFree(tx, slug);
          await assertSkusFree(tx, input.variants);
          const [last] = await tx
            .select({ next: sql<number>`coalesce(max(${products.position}), -1) + 1` })
            .from(products);
          const [row] = await tx
            .insert(products)
            .values({
              slug,
              name: input.name,
              nameHi: input.nameHi,
              searchKeywords: input.searchKeywords,
              brand: input.brand,
              description: input.description,
              descriptionHi: input.descriptionHi,
              active: input.active,
              bestseller: input.bestseller,
              about: input.about,
              aboutHi: input.aboutHi === undefined ? undefined : trimHindiLines(input.aboutHi),
              hsnCode: input.hsnCode,
              gstRateBp: input.gstRate === null ? null : Math.round(input.gstRate * 100),
              ...declarationColumns(input),
              position: Number(last?.next ?? 0),
            })
            .returning({ id: products.id });
          const productId = row!.id;
          const added = await tx
            .insert(productVariants)
            .values(input.variants.map((v, i) => variantRow(productId, v, i)))
            .returning({ id: productVariants.id });
          await saveComponents(
            tx,
            productId,
            added.map((v) => v.id),
            input.variants,
          );
          await batchesFollowStock(
            tx,
            added.map((v) => v.id),
          );
          if (input.active) assertPublishable(await missingForPublishing(tx, productId), null);
          const after = await mustLoad(tx, productId);
          await audit.audit(
            {
              actorUserId: admin.id,
              action: 'product.create',
              entity: 'product',
              entityId: productId,
              before: null,
              after: auditView(after),
            },
            tx,
          );
          return productId;
        }),
      );
      return mustLoad(db, id);
    },

    /** The whole product as the form holds it, against the version it loaded (409 when changed). */
    async update(admin: UserDto, id: number, input: ProductUpdateInput): Promise<AdminProductDto> {
      await changed(() =>
        db.transaction(async (tx) => {
          // The conditional UPDATE comes first: a second save of the same version waits for the
          // first to commit, then matches no row.
          await updateAtVersion(
            tx,
            products,
            eq(products.id, id),
            input.version,
            { updatedAt: new Date() },
            { notFound: PRODUCT_NOT_FOUND },
          );
          const before = { ...(await mustLoad(tx, id)), version: input.version };
          const missingBefore = before.active ? await missingForPublishing(tx, id) : null;
          const slug = input.slug || (await freeSlug(tx, input.name, id));
          await assertSlugFree(tx, slug, id);
          await assertSkusFree(tx, input.variants, id);
          await tx
            .update(products)
            .set({
              slug,
              name: input.name,
              nameHi: input.nameHi,
              searchKeywords: input.searchKeywords,
              brand: input.brand,
              description: input.description,
              descriptionHi: input.descriptionHi,
              active: input.active,
              bestseller: input.bestseller,
              about: input.about,
              aboutHi: input.aboutHi === undefined ? undefined : trimHindiLines(input.aboutHi),
              hsnCode: input.hsnCode,
              gstRateBp: input.gstRate === null ? null : Math.round(input.gstRate * 100),
              ...declarationColumns(input),
            })
            .where(eq(products.id, id));
          const ids = await saveVariants(tx, id, input.variants, deps.variantsInUse);
          await saveComponents(tx, id, ids, input.variants);
          await batchesFollowStock(tx, ids);
          if (input.active) assertPublishable(await missingForPublishing(tx, id), missingBefore);
          const after = await mustLoad(tx, id);
          await audit.audit(
            {
              actorUserId: admin.id,
              action: 'product.update',
              entity: 'product',
              entityId: id,
              before: auditView(before),
              after: auditView(after),
            },
            tx,
          );
        }),
      );
      return mustLoad(db, id);
    },

    async setActive(admin: UserDto, id: number, input: { active: boolean; version: number }) {
      await changed(() =>
        db.transaction(async (tx) => {
          const [before] = await tx
            .select({ active: products.active, version: products.version })
            .from(products)
            .where(eq(products.id, id));
          if (!before) throw new AppError('notFound', PRODUCT_NOT_FOUND);
          const row = await updateAtVersion(tx, products, eq(products.id, id), input.version, {
            active: input.active,
            updatedAt: new Date(),
          });
          if (input.active && !before.active) assertPublishable(await missingForPublishing(tx, id), null);
          await audit.audit(
            {
              actorUserId: admin.id,
              action: input.active ? 'product.activate' : 'product.deactivate',
              entity: 'product',
              entityId: id,
              before,
              after: row,
            },
            tx,
          );
        }),
      );
      return mustLoad(db, id);
    },

    ...images,
  };
}

/** The declarations as stored: the product's own (blanks stay blank and take the shop's defaults). */
function declarationColumns(input: ProductCreateInput) {
  return {
    ...(input.declarations === undefined ? {} : { declarations: input.declarations }),
    ...(input.declarationsHi === undefined ? {} : { declarationsHi: input.declarationsHi }),
  };
}

/** Trailing blank Hindi lines say nothing (blank lines fall back to English anyway). */
function trimHindiLines(lines: readonly string[]): string[] {
  const kept = [...lines];
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  return kept;
}
