// The back office's marketplace links ('Also available on:'): created at the end, edited and
// deleted at the version shown, and put in order.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  AdminMarketplaceLinkDto,
  MarketplaceLinkCreateInput,
  MarketplaceLinkUpdateInput,
  ReorderInputData,
} from '@spice/shared/contracts/admin-site';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type ContentWriter, changeVersioned, reorderLocked } from './admin-writes.ts';
import { marketplaceLinks } from './schema.ts';

type LinkRow = typeof marketplaceLinks.$inferSelect;

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
  };
}
