// The back office's marketplace links ('Also available on:'): created at the end, edited and
// deleted at the version shown, and put in order.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  AdminMarketplaceLinkDto,
  MarketplaceLinkCreateInput,
  MarketplaceLinkUpdateInput,
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
import { marketplaceLinks } from './schema.ts';

type LinkRow = typeof marketplaceLinks.$inferSelect;

const LINK_GONE = deletedMeanwhile('Marketplace link');

const linkDto = (l: LinkRow): AdminMarketplaceLinkDto => ({
  id: l.id,
  name: l.name,
  url: l.url,
  logoUrl: l.logoUrl,
  position: l.position,
  version: l.version,
});
export function createMarketplaceLinkAdmin(writer: ContentWriter) {
  const { db, record, write } = writer;

  async function listMarketplaceLinks(): Promise<AdminMarketplaceLinkDto[]> {
    const rows = await db
      .select()
      .from(marketplaceLinks)
      .orderBy(asc(marketplaceLinks.position), asc(marketplaceLinks.id));
    return rows.map(linkDto);
  }

  return {
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
        const [before] = await tx
          .select()
          .from(marketplaceLinks)
          .where(eq(marketplaceLinks.id, id))
          .for('update');
        const row = await updateAtVersion(
          tx,
          marketplaceLinks,
          eq(marketplaceLinks.id, id),
          input.version,
          { name: input.name, url: input.url, logoUrl: input.logoUrl },
          { notFound: LINK_GONE },
        );
        await record(
          admin,
          tx,
          'marketplace-link.update',
          'marketplace_link',
          id,
          linkDto(before!), // there (locked) when the update matched it
          linkDto(row),
        );
        return linkDto(row);
      });
    },

    async deleteMarketplaceLink(admin: UserDto, id: number, version: number): Promise<void> {
      await write(async (tx) => {
        const gone = await deleteAtVersion(tx, marketplaceLinks, eq(marketplaceLinks.id, id), version, {
          notFound: LINK_GONE,
        });
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
        await reorderAtVersions(tx, marketplaceLinks, rows, input.order, (position) => ({ position }));
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
  };
}
