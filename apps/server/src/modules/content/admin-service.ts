// The owner's side of the storefront's managed content: banners, the footer fields of the site
// settings, marketplace links ('Also available on:') and the About page's sections. Every write
// names the version its form showed (409 when the record changed meanwhile, never a silent
// overwrite), runs with its audit entry in one transaction, and drops the content snapshot after
// commit so the storefront's next request (API and pages) shows it.

import { bannerStatus, selectBanner } from '@spice/shared/banner';
import type { UserDto } from '@spice/shared/contracts/accounts';
import { CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import {
  ABOUT_KEY,
  type AboutSectionCreateInput,
  type AboutSectionUpdateInput,
  type AdminAboutSectionDto,
  type AdminBannerDto,
  type AdminFooterDto,
  type AdminMarketplaceLinkDto,
  type BannerCreateInput,
  type BannerUpdateInput,
  type FooterEditInput,
  type MarketplaceLinkCreateInput,
  type MarketplaceLinkUpdateInput,
  type ReorderInputData,
} from '@spice/shared/contracts/admin-site';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import { banners, contentSections, marketplaceLinks, siteSettings } from './schema.ts';

export const LIST_CHANGED_MEANWHILE =
  'The list was changed meanwhile by someone else (an item was added or removed). Reload and try again.';

type BannerRow = typeof banners.$inferSelect;
type LinkRow = typeof marketplaceLinks.$inferSelect;
type SectionRow = typeof contentSections.$inferSelect;
type SettingsRow = typeof siteSettings.$inferSelect;

export type ContentAdminService = ReturnType<typeof createContentAdminService>;

const bannerFields = (b: BannerRow) => ({
  imageUrl: b.imageUrl,
  alt: b.alt,
  altHi: b.altHi,
  linkUrl: b.linkUrl,
  visible: b.visible,
  startTime: b.startTime?.toISOString() ?? null,
  endTime: b.endTime?.toISOString() ?? null,
  position: b.position,
  version: b.version,
});
const footerDto = (s: SettingsRow): AdminFooterDto => ({
  facebookUrl: s.facebookUrl,
  instagramUrl: s.instagramUrl,
  phoneNumber: s.phoneNumber,
  email: s.email,
  logoUrl: s.logoUrl,
  links: s.footerLinks.map((l) => ({ label: l.label, labelHi: l.labelHi ?? '', url: l.url })),
  version: s.version,
  updatedAt: s.updatedAt.toISOString(),
});
const linkDto = (l: LinkRow): AdminMarketplaceLinkDto => ({
  id: l.id,
  name: l.name,
  url: l.url,
  logoUrl: l.logoUrl,
  position: l.position,
  version: l.version,
});
const sectionDto = (s: SectionRow): AdminAboutSectionDto => ({
  id: s.id,
  title: s.title,
  type: s.type,
  body: s.body,
  titleHi: s.titleHi,
  typeHi: s.typeHi,
  bodyHi: s.bodyHi,
  imageUrls: s.imageUrls.split(',').filter(Boolean),
  orderIndex: s.orderIndex,
  version: s.version,
});

/**
 * The footer links to store: a link sent without its Hindi label keeps the one stored for the same
 * English label and address (an API client that knows no Hindi does not wipe it); blank is none.
 */
function footerLinksOf(
  links: FooterEditInput['links'],
  stored: { label: string; labelHi?: string; url: string }[],
) {
  return links.map((l) => {
    const kept = stored.find((s) => s.label === l.label && s.url === l.url)?.labelHi ?? '';
    const labelHi = l.labelHi ?? kept;
    return labelHi ? { label: l.label, labelHi, url: l.url } : { label: l.label, url: l.url };
  });
}

/** Which of the two refusals a write that matched no row gets: gone (404) or changed (409). */
function missingOrChanged(found: unknown, what: string): never {
  if (!found) throw new AppError('notFound', `${what} not found. It may have been deleted meanwhile.`);
  throw new AppError('conflict', CHANGED_MEANWHILE);
}

/**
 * Changes (updates or deletes) one versioned row: `lock` selects it for update, then `change`
 * writes it only where id and version still match. Nothing matched: 404 when the row is gone, 409
 * when its version moved on. Returns the row as it was and as the change returned it.
 */
async function changeVersioned<Row>(
  lock: () => PromiseLike<Row[]>,
  change: () => PromiseLike<Row[]>,
  what: string,
): Promise<{ before: Row; row: Row }> {
  const [before] = await lock();
  const [row] = await change();
  if (!row) missingOrChanged(before, what);
  return { before: before!, row };
}

/**
 * Puts a whole list in the order the page sent, checked against its rows as locked in the
 * transaction (in their current order): the same items (none added or removed meanwhile) at the
 * versions the page showed. Every row gets its place 1..n (the stored places may have been
 * anything); `setPlace` writes one, and should bump the version only of a row that moved.
 */
async function reorderLocked(
  locked: { id: number; version: number }[],
  order: ReorderInputData['order'],
  setPlace: (id: number, place: number, moved: boolean) => PromiseLike<unknown>,
): Promise<void> {
  const byId = new Map(locked.map((r, index) => [r.id, { version: r.version, place: index + 1 }]));
  if (locked.length !== order.length || order.some((i) => !byId.has(i.id))) {
    throw new AppError('conflict', LIST_CHANGED_MEANWHILE);
  }
  if (order.some((i) => byId.get(i.id)?.version !== i.version)) {
    throw new AppError('conflict', CHANGED_MEANWHILE);
  }
  for (const [index, item] of order.entries()) {
    await setPlace(item.id, index + 1, byId.get(item.id)?.place !== index + 1);
  }
}

export function createContentAdminService(db: Db, deps: { audit: AuditService; invalidate: () => void }) {
  const { audit, invalidate } = deps;
  const record = (
    admin: UserDto,
    tx: Tx,
    action: string,
    entity: string,
    entityId: string | number,
    before: unknown,
    after: unknown,
  ) => audit.audit({ actorUserId: admin.id, action, entity, entityId, before, after }, tx);

  /** Runs a write in a transaction, then drops the public snapshot once it committed. */
  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    invalidate();
    return result;
  }

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
    alt: input.alt,
    altHi: input.altHi,
    linkUrl: input.linkUrl,
    visible: input.visible,
    startTime: input.startTime ? new Date(input.startTime) : null,
    endTime: input.endTime ? new Date(input.endTime) : null,
  });

  async function listMarketplaceLinks(): Promise<AdminMarketplaceLinkDto[]> {
    const rows = await db
      .select()
      .from(marketplaceLinks)
      .orderBy(asc(marketplaceLinks.position), asc(marketplaceLinks.id));
    return rows.map(linkDto);
  }

  /** One About section (the table holds other pages' sections too), and it locked for a write. */
  const aboutSection = (id: number) => and(eq(contentSections.id, id), eq(contentSections.key, ABOUT_KEY));
  const lockSection = (tx: Tx, id: number) =>
    tx.select().from(contentSections).where(aboutSection(id)).for('update');

  async function listSections(): Promise<AdminAboutSectionDto[]> {
    const rows = await db
      .select()
      .from(contentSections)
      .where(eq(contentSections.key, ABOUT_KEY))
      .orderBy(asc(contentSections.orderIndex), asc(contentSections.id));
    return rows.map(sectionDto);
  }

  return {
    // ---- Banners ---------------------------------------------------------------------------------
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
        const { before, row } = await changeVersioned(
          () => tx.select().from(banners).where(eq(banners.id, id)).for('update'),
          () =>
            tx
              .update(banners)
              .set({ ...bannerValues(input), version: sql`${banners.version} + 1`, updatedAt: new Date() })
              .where(and(eq(banners.id, id), eq(banners.version, input.version)))
              .returning(),
          'Banner',
        );
        await record(admin, tx, 'banner.update', 'banner', id, bannerFields(before), bannerFields(row));
      });
      return (await bannerById(id))!;
    },

    async deleteBanner(admin: UserDto, id: number, version: number): Promise<void> {
      await write(async (tx) => {
        const { row: gone } = await changeVersioned(
          () => tx.select().from(banners).where(eq(banners.id, id)).for('update'),
          () =>
            tx
              .delete(banners)
              .where(and(eq(banners.id, id), eq(banners.version, version)))
              .returning(),
          'Banner',
        );
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
        await reorderLocked(rows, input.order, (rowId, position, moved) =>
          tx
            .update(banners)
            .set({
              position,
              ...(moved ? { version: sql`${banners.version} + 1`, updatedAt: new Date() } : {}),
            })
            .where(eq(banners.id, rowId)),
        );
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

    // ---- Footer (the footer fields of the one site_settings row; its version is shared with the
    // store name, title and description, since both edit the same row) ---------------------------
    async footer(): Promise<AdminFooterDto | null> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
      return row ? footerDto(row) : null;
    },

    async updateFooter(admin: UserDto, input: FooterEditInput): Promise<AdminFooterDto> {
      return write(async (tx) => {
        let stored: SettingsRow['footerLinks'] = [];
        const { before, row } = await changeVersioned(
          async () => {
            const locked = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
            stored = locked[0]?.footerLinks ?? [];
            return locked;
          },
          () =>
            tx
              .update(siteSettings)
              .set({
                facebookUrl: input.facebookUrl,
                instagramUrl: input.instagramUrl,
                phoneNumber: input.phoneNumber,
                email: input.email,
                logoUrl: input.logoUrl,
                footerLinks: footerLinksOf(input.links, stored),
                version: sql`${siteSettings.version} + 1`,
                updatedAt: new Date(),
              })
              .where(and(eq(siteSettings.id, 1), eq(siteSettings.version, input.version)))
              .returning(),
          'Store settings',
        );
        const { version: _b, updatedAt: _bu, ...beforeFields } = footerDto(before);
        const { version: _a, updatedAt: _au, ...afterFields } = footerDto(row);
        await record(admin, tx, 'footer.update', 'site_settings', 1, beforeFields, afterFields);
        return footerDto(row);
      });
    },

    // ---- Marketplace links -------------------------------------------------------------------------
    listMarketplaceLinks,

    async createMarketplaceLink(
      admin: UserDto,
      input: MarketplaceLinkCreateInput,
    ): Promise<AdminMarketplaceLinkDto> {
      return write(async (tx) => {
        const [last] = await tx
          .select({ position: sql<number>`coalesce(max(${marketplaceLinks.position}), 0)::int` })
          .from(marketplaceLinks);
        const [row] = await tx
          .insert(marketplaceLinks)
          .values({
            name: input.name,
            url: input.url,
            logoUrl: input.logoUrl,
            position: (last?.position ?? 0) + 1,
          })
          .returning();
        await record(admin, tx, 'marketplace-link.create', 'marketplace_link', row!.id, null, linkDto(row!));
        return linkDto(row!);
      });
    },

    async updateMarketplaceLink(
      admin: UserDto,
      id: number,
      input: MarketplaceLinkUpdateInput,
    ): Promise<AdminMarketplaceLinkDto> {
      return write(async (tx) => {
        const { before, row } = await changeVersioned(
          () => tx.select().from(marketplaceLinks).where(eq(marketplaceLinks.id, id)).for('update'),
          () =>
            tx
              .update(marketplaceLinks)
              .set({
                name: input.name,
                url: input.url,
                logoUrl: input.logoUrl,
                version: sql`${marketplaceLinks.version} + 1`,
              })
              .where(and(eq(marketplaceLinks.id, id), eq(marketplaceLinks.version, input.version)))
              .returning(),
          'Marketplace link',
        );
        await record(
          admin,
          tx,
          'marketplace-link.update',
          'marketplace_link',
          id,
          linkDto(before),
          linkDto(row),
        );
        return linkDto(row);
      });
    },

    async deleteMarketplaceLink(admin: UserDto, id: number, version: number): Promise<void> {
      await write(async (tx) => {
        const { row: gone } = await changeVersioned(
          () => tx.select().from(marketplaceLinks).where(eq(marketplaceLinks.id, id)).for('update'),
          () =>
            tx
              .delete(marketplaceLinks)
              .where(and(eq(marketplaceLinks.id, id), eq(marketplaceLinks.version, version)))
              .returning(),
          'Marketplace link',
        );
        await record(admin, tx, 'marketplace-link.delete', 'marketplace_link', id, linkDto(gone), null);
      });
    },

    async reorderMarketplaceLinks(
      admin: UserDto,
      input: ReorderInputData,
    ): Promise<AdminMarketplaceLinkDto[]> {
      await write(async (tx) => {
        const rows = await tx
          .select({ id: marketplaceLinks.id, version: marketplaceLinks.version })
          .from(marketplaceLinks)
          .orderBy(asc(marketplaceLinks.position), asc(marketplaceLinks.id))
          .for('update');
        await reorderLocked(rows, input.order, (rowId, position, moved) =>
          tx
            .update(marketplaceLinks)
            .set({ position, ...(moved ? { version: sql`${marketplaceLinks.version} + 1` } : {}) })
            .where(eq(marketplaceLinks.id, rowId)),
        );
        await record(
          admin,
          tx,
          'marketplace-links.reorder',
          'marketplace_link',
          'all',
          rows.map((r) => r.id),
          input.order.map((i) => i.id),
        );
      });
      return listMarketplaceLinks();
    },

    // ---- About page sections -----------------------------------------------------------------------
    listSections,

    async createSection(admin: UserDto, input: AboutSectionCreateInput): Promise<AdminAboutSectionDto> {
      return write(async (tx) => {
        const [last] = await tx
          .select({ orderIndex: sql<number>`coalesce(max(${contentSections.orderIndex}), 0)::int` })
          .from(contentSections)
          .where(eq(contentSections.key, ABOUT_KEY));
        const [row] = await tx
          .insert(contentSections)
          .values({
            key: ABOUT_KEY,
            title: input.title,
            type: input.type,
            body: input.body,
            titleHi: input.titleHi,
            typeHi: input.typeHi,
            bodyHi: input.bodyHi,
            imageUrls: input.imageUrls.join(','),
            orderIndex: (last?.orderIndex ?? 0) + 1,
          })
          .returning();
        await record(admin, tx, 'section.create', 'content_section', row!.id, null, sectionDto(row!));
        return sectionDto(row!);
      });
    },

    async updateSection(
      admin: UserDto,
      id: number,
      input: AboutSectionUpdateInput,
    ): Promise<AdminAboutSectionDto> {
      return write(async (tx) => {
        const { before, row } = await changeVersioned(
          () => lockSection(tx, id),
          () =>
            tx
              .update(contentSections)
              .set({
                title: input.title,
                type: input.type,
                body: input.body,
                titleHi: input.titleHi,
                typeHi: input.typeHi,
                bodyHi: input.bodyHi,
                imageUrls: input.imageUrls.join(','),
                version: sql`${contentSections.version} + 1`,
              })
              .where(and(aboutSection(id), eq(contentSections.version, input.version)))
              .returning(),
          'Section',
        );
        await record(admin, tx, 'section.update', 'content_section', id, sectionDto(before), sectionDto(row));
        return sectionDto(row);
      });
    },

    async deleteSection(admin: UserDto, id: number, version: number): Promise<void> {
      await write(async (tx) => {
        const { row: gone } = await changeVersioned(
          () => lockSection(tx, id),
          () =>
            tx
              .delete(contentSections)
              .where(and(aboutSection(id), eq(contentSections.version, version)))
              .returning(),
          'Section',
        );
        await record(admin, tx, 'section.delete', 'content_section', id, sectionDto(gone), null);
      });
    },

    async reorderSections(admin: UserDto, input: ReorderInputData): Promise<AdminAboutSectionDto[]> {
      await write(async (tx) => {
        const rows = await tx
          .select({ id: contentSections.id, version: contentSections.version })
          .from(contentSections)
          .where(eq(contentSections.key, ABOUT_KEY))
          .orderBy(asc(contentSections.orderIndex), asc(contentSections.id))
          .for('update');
        await reorderLocked(rows, input.order, (rowId, orderIndex, moved) =>
          tx
            .update(contentSections)
            .set({ orderIndex, ...(moved ? { version: sql`${contentSections.version} + 1` } : {}) })
            .where(eq(contentSections.id, rowId)),
        );
        await record(
          admin,
          tx,
          'sections.reorder',
          'content_section',
          ABOUT_KEY,
          rows.map((r) => r.id),
          input.order.map((i) => i.id),
        );
      });
      return listSections();
    },
  };
}
