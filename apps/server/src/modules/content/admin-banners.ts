// The back office's banners: listed with their status and which one the home page shows, created
// at the top, edited and deleted at the version shown, and put in order.
import { bannerStatus, selectBanner } from '@spice/shared/banner';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  AdminBannerDto,
  BannerCreateInput,
  BannerUpdateInput,
  ReorderInputData,
} from '@spice/shared/contracts/admin-site';
import { asc, eq, sql } from 'drizzle-orm';
import {
  deleteAtVersion,
  deletedMeanwhile,
  reorderAtVersions,
  updateAtVersion,
} from '../../lib/versioned.ts';
import type { ContentWriter } from './admin-writes.ts';
import { banners } from './schema.ts';

type BannerRow = typeof banners.$inferSelect;

const BANNER_GONE = deletedMeanwhile('Banner');

const bannerFields = (b: BannerRow) => ({
  imageUrl: b.imageUrl,
  imageUrlHi: b.imageUrlHi,
  alt: b.alt,
  altHi: b.altHi,
  linkUrl: b.linkUrl,
  visible: b.visible,
  startTime: b.startTime?.toISOString() ?? null,
  endTime: b.endTime?.toISOString() ?? null,
  position: b.position,
  version: b.version,
});
export function createBannerAdmin(writer: ContentWriter) {
  const { db, record, write } = writer;

  async function listBanners(now = new Date()): Promise<AdminBannerDto[]> {
    const rows = await db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
    const shown = selectBanner(
      rows.map((b) => ({ id: b.id, ...bannerFields(b) })),
      now,
    );
    return rows.map((b) => {
      const fields = bannerFields(b);
      return {
        id: b.id,
        ...fields,
        updatedAt: b.updatedAt.toISOString(),
        status: bannerStatus(fields, now),
        onHomePage: shown?.id === b.id,
      };
    });
  }
  const bannerById = async (id: number) => (await listBanners()).find((b) => b.id === id);

  const bannerValues = (input: BannerCreateInput) => ({
    imageUrl: input.imageUrl,
    imageUrlHi: input.imageUrlHi,
    alt: input.alt,
    altHi: input.altHi,
    linkUrl: input.linkUrl,
    visible: input.visible,
    startTime: input.startTime ? new Date(input.startTime) : null,
    endTime: input.endTime ? new Date(input.endTime) : null,
  });

  return {
    listBanners,

    /** A new banner goes to the top of the list, so it is the one shown while it is live. */
    async createBanner(admin: UserDto, input: BannerCreateInput): Promise<AdminBannerDto> {
      const id = await write(async (tx) => {
        const [top] = await tx
          .select({ position: sql<number>`coalesce(min(${banners.position}), 1)::int` })
          .from(banners);
        const [row] = await tx
          .insert(banners)
          .values({ ...bannerValues(input), position: (top?.position ?? 1) - 1 })
          .returning();
        await record(admin, tx, 'banner.create', 'banner', row!.id, null, bannerFields(row!));
        return row!.id;
      });
      return (await bannerById(id))!;
    },

    async updateBanner(admin: UserDto, id: number, input: BannerUpdateInput): Promise<AdminBannerDto> {
      await write(async (tx) => {
        const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
        const row = await updateAtVersion(
          tx,
          banners,
          eq(banners.id, id),
          input.version,
          { ...bannerValues(input), updatedAt: new Date() },
          { notFound: BANNER_GONE },
        );
        // It was there (locked) when the update matched it.
        await record(admin, tx, 'banner.update', 'banner', id, bannerFields(before!), bannerFields(row));
      });
      return (await bannerById(id))!;
    },

    async deleteBanner(admin: UserDto, id: number, version: number): Promise<void> {
      await write(async (tx) => {
        const gone = await deleteAtVersion(tx, banners, eq(banners.id, id), version, {
          notFound: BANNER_GONE,
        });
        await record(admin, tx, 'banner.delete', 'banner', id, bannerFields(gone), null);
      });
    },

    async reorderBanners(admin: UserDto, input: ReorderInputData): Promise<AdminBannerDto[]> {
      await write(async (tx) => {
        const rows = await tx
          .select({ id: banners.id, version: banners.version })
          .from(banners)
          .orderBy(asc(banners.position), asc(banners.id))
          .for('update');
        await reorderAtVersions(tx, banners, rows, input.order, (position) => ({ position }), {
          updatedAt: new Date(),
        });
        await record(
          admin,
          tx,
          'banners.reorder',
          'banner',
          'all',
          rows.map((r) => r.id),
          input.order.map((i) => i.id),
        );
      });
      return listBanners();
    },
  };
}
