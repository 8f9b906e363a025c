// The back office's footer: the footer fields of the one site_settings row. Its version is shared
// with the store name, title and description, since both edit the same row.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { AdminFooterDto, FooterEditInput } from '@spice/shared/contracts/admin-site';
import { eq } from 'drizzle-orm';
import { deletedMeanwhile, updateAtVersion } from '../../lib/versioned.ts';
import type { ContentWriter } from './admin-writes.ts';
import { siteSettings } from './schema.ts';

type SettingsRow = typeof siteSettings.$inferSelect;

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

export function createFooterAdmin(writer: ContentWriter) {
  const { db, record, write } = writer;

  return {
    async footer(): Promise<AdminFooterDto | null> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
      return row ? footerDto(row) : null;
    },

    async updateFooter(admin: UserDto, input: FooterEditInput): Promise<AdminFooterDto> {
      return write(async (tx) => {
        const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
        const row = await updateAtVersion(
          tx,
          siteSettings,
          eq(siteSettings.id, 1),
          input.version,
          {
            facebookUrl: input.facebookUrl,
            instagramUrl: input.instagramUrl,
            phoneNumber: input.phoneNumber,
            email: input.email,
            logoUrl: input.logoUrl,
            footerLinks: footerLinksOf(input.links, before?.footerLinks ?? []),
            updatedAt: new Date(),
          },
          { notFound: deletedMeanwhile('Store settings') },
        );
        // It was there (locked) when the update matched it.
        const { version: _b, updatedAt: _bu, ...beforeFields } = footerDto(before!);
        const { version: _a, updatedAt: _au, ...afterFields } = footerDto(row);
        await record(admin, tx, 'footer.update', 'site_settings', 1, beforeFields, afterFields);
        return footerDto(row);
      });
    },
  };
}
