// The back office's About page sections: created at the end, edited and deleted at the version
// shown, and put in order. The table holds other pages' sections too; these touch About's only.
import type { UserDto } from '@spice/shared/contracts/accounts';
import {
  ABOUT_KEY,
  type AboutSectionCreateInput,
  type AboutSectionUpdateInput,
  type AdminAboutSectionDto,
  type ReorderInputData,
} from '@spice/shared/contracts/admin-site';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  deleteAtVersion,
  deletedMeanwhile,
  reorderAtVersions,
  updateAtVersion,
} from '../../lib/versioned.ts';
import type { ContentWriter } from './admin-writes.ts';
import { contentSections } from './schema.ts';

type SectionRow = typeof contentSections.$inferSelect;

const SECTION_GONE = deletedMeanwhile('Section');

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

export function createSectionAdmin(writer: ContentWriter) {
  const { db, record, write } = writer;

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
        const [before] = await lockSection(tx, id);
        const row = await updateAtVersion(
          tx,
          contentSections,
          aboutSection(id),
          input.version,
          {
            title: input.title,
            type: input.type,
            body: input.body,
            titleHi: input.titleHi,
            typeHi: input.typeHi,
            bodyHi: input.bodyHi,
            imageUrls: input.imageUrls.join(','),
          },
          { notFound: SECTION_GONE },
        );
        // It was there (locked) when the update matched it.
        await record(
          admin,
          tx,
          'section.update',
          'content_section',
          id,
          sectionDto(before!),
          sectionDto(row),
        );
        return sectionDto(row);
      });
    },

    async deleteSection(admin: UserDto, id: number, version: number): Promise<void> {
      await write(async (tx) => {
        const gone = await deleteAtVersion(tx, contentSections, aboutSection(id), version, {
          notFound: SECTION_GONE,
        });
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
        await reorderAtVersions(tx, contentSections, rows, input.order, (orderIndex) => ({ orderIndex }));
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
