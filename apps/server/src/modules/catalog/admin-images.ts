// The back office's edits of a product's images: add (checked, resized and stored by the media
// module), reorder, change the alt text, remove. Each writes its audit entry in its transaction.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { AdminProductDto } from '@spice/shared/contracts/products-admin';
import { IMAGES_CHANGED } from '@spice/shared/contracts/products-admin';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import type { MediaService } from '../media/service.ts';
import { productImages, products } from './schema.ts';

export const MAX_IMAGES = 20;
export const TOO_MANY_IMAGES = `A product can have at most ${MAX_IMAGES} images. Delete one first.`;
const PRODUCT_NOT_FOUND = 'Product not found.';
const IMAGE_NOT_FOUND = 'This image is no longer there. Reload the page.';

export function createProductImagesEditing(
  db: Db,
  deps: {
    audit: AuditService;
    media: MediaService;
    /** The product as the back office shows it (404 when it is gone). */
    mustLoad: (executor: Pick<Db, 'select'>, id: number) => Promise<AdminProductDto>;
    /** Runs a write, then drops the catalogue snapshot (also when it failed). */
    changed: <T>(work: () => Promise<T>) => Promise<T>;
  },
) {
  const { audit, media, mustLoad, changed } = deps;
  return {
    /** Checks, resizes and stores the image, then adds it after the product's other images. */
    async addImage(admin: UserDto, productId: number, bytes: Uint8Array, alt: string) {
      const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
      if (!exists) throw new AppError('notFound', PRODUCT_NOT_FOUND);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(productImages)
        .where(eq(productImages.productId, productId));
      if ((count?.n ?? 0) >= MAX_IMAGES)
        throw new AppError('conflict', TOO_MANY_IMAGES, { file: TOO_MANY_IMAGES });
      const stored = await media.store(bytes, 'product');
      await changed(() =>
        db.transaction(async (tx) => {
          const [last] = await tx
            .select({ next: sql<number>`coalesce(max(${productImages.position}), -1) + 1` })
            .from(productImages)
            .where(eq(productImages.productId, productId));
          const [row] = await tx
            .insert(productImages)
            .values({
              productId,
              url: stored.url,
              alt,
              sources: stored.sources,
              width: stored.width,
              height: stored.height,
              position: Number(last?.next ?? 0),
            })
            .returning();
          await audit.audit(
            {
              actorUserId: admin.id,
              action: 'product.image.add',
              entity: 'product',
              entityId: productId,
              before: null,
              after: { imageId: row!.id, url: row!.url, alt: row!.alt, sources: row!.sources },
            },
            tx,
          );
        }),
      );
      return mustLoad(db, productId);
    },

    /** `ids` is every image of the product in the new order; a different set means it changed meanwhile. */
    async reorderImages(admin: UserDto, productId: number, ids: readonly number[]) {
      await changed(() =>
        db.transaction(async (tx) => {
          await mustLoad(tx, productId);
          const current = await tx
            .select({ id: productImages.id })
            .from(productImages)
            .where(eq(productImages.productId, productId))
            .orderBy(asc(productImages.position), asc(productImages.id));
          const before = current.map((r) => r.id);
          const same =
            ids.length === before.length &&
            new Set(ids).size === ids.length &&
            ids.every((id) => before.includes(id));
          if (!same) throw new AppError('conflict', IMAGES_CHANGED);
          for (const [position, id] of ids.entries()) {
            await tx.update(productImages).set({ position }).where(eq(productImages.id, id));
          }
          await audit.audit(
            {
              actorUserId: admin.id,
              action: 'product.image.reorder',
              entity: 'product',
              entityId: productId,
              before: { order: before },
              after: { order: ids },
            },
            tx,
          );
        }),
      );
      return mustLoad(db, productId);
    },

    async updateImageAlt(admin: UserDto, productId: number, imageId: number, alt: string, altHi = '') {
      await changed(() =>
        db.transaction(async (tx) => {
          const where = and(eq(productImages.id, imageId), eq(productImages.productId, productId));
          const [before] = await tx
            .select({ alt: productImages.alt, altHi: productImages.altHi })
            .from(productImages)
            .where(where);
          if (!before) throw new AppError('notFound', IMAGE_NOT_FOUND);
          await tx.update(productImages).set({ alt, altHi }).where(where);
          await audit.audit(
            {
              actorUserId: admin.id,
              action: 'product.image.alt',
              entity: 'product',
              entityId: productId,
              before: { imageId, alt: before.alt, altHi: before.altHi },
              after: { imageId, alt, altHi },
            },
            tx,
          );
        }),
      );
      return mustLoad(db, productId);
    },

    /**
     * Removes the image from the product. The stored files stay: their names are content hashes
     * another record (or a shopper's cached page) may still use, and they never change.
     */
    async deleteImage(admin: UserDto, productId: number, imageId: number) {
      await changed(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .delete(productImages)
            .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
            .returning();
          if (!row) throw new AppError('notFound', IMAGE_NOT_FOUND);
          await audit.audit(
            {
              actorUserId: admin.id,
              action: 'product.image.delete',
              entity: 'product',
              entityId: productId,
              before: { imageId, url: row.url, alt: row.alt, sources: row.sources },
              after: null,
            },
            tx,
          );
        }),
      );
      return mustLoad(db, productId);
    },
  };
}
