// Store content: banners, footer and site settings, marketplace links, content sections and the
// four policy texts. Owns the content tables; reads come from an in-memory snapshot.

import { selectBanner } from '@spice/shared/banner';
import type { PolicyEditInput, SettingsEditInput } from '@spice/shared/contracts/admin';
import type {
  BannerDto,
  ContentSectionDto,
  FooterDto,
  MarketplaceLinkDto,
  PolicyDto,
  SiteSettingsDto,
} from '@spice/shared/contracts/content';
import type { Lang } from '@spice/shared/lang';
import { pick } from '@spice/shared/localized';
import type { PolicyKind } from '@spice/shared/policy';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { createSnapshot } from '../../lib/snapshot.ts';
import { updateAtVersion } from '../../lib/versioned.ts';
import { AppError } from '../../plugins/errors.ts';
import { banners, contentSections, marketplaceLinks, policies, siteSettings } from './schema.ts';

/** The content in one language: the same DTOs, each text resolved to that language. */
export interface ContentView {
  banners: BannerDto[];
  settings: SiteSettingsDto;
  footer: FooterDto;
  marketplaceLinks: MarketplaceLinkDto[];
  sections: Map<string, ContentSectionDto[]>;
  policies: Map<PolicyKind, PolicyDto>;
}

/** The English view, plus the same content in each language (built once per snapshot). */
export interface ContentSnapshot extends ContentView {
  view(lang: Lang): ContentView;
}

export type ContentService = ReturnType<typeof createContentService>;

type PolicyRow = typeof policies.$inferSelect;
type SettingsRow = typeof siteSettings.$inferSelect;

/** Called inside the change's transaction (the back office writes its audit entry there). */
export type ContentChangeHook<T> = (before: T, after: T, tx: Tx) => Promise<void>;

const adminPolicy = (r: PolicyRow) => ({
  kind: r.kind as PolicyKind,
  title: r.title,
  body: r.body,
  titleHi: r.titleHi,
  bodyHi: r.bodyHi,
  version: r.version,
  updatedAt: r.updatedAt.toISOString(),
});
const adminSettings = (r: SettingsRow) => ({
  storeName: r.storeName,
  title: r.title,
  description: r.description,
  storeNameHi: r.storeNameHi,
  titleHi: r.titleHi,
  descriptionHi: r.descriptionHi,
  version: r.version,
  updatedAt: r.updatedAt.toISOString(),
});
export type AdminPolicyDto = ReturnType<typeof adminPolicy>;
export type AdminSettingsDto = ReturnType<typeof adminSettings>;

const EMPTY_SETTINGS: SiteSettingsDto = {
  storeName: 'Spice Shop',
  title: 'Spice Shop',
  description: '',
  logoUrl: null,
};

export function createContentService(db: Db, options: { ttlMs: number; bus?: InvalidationBus }) {
  const snapshot = createSnapshot(() => loadContent(db), options.ttlMs, {
    shared: options.bus && { bus: options.bus, topic: 'content' },
  });
  const view = async (lang: Lang) => (await snapshot.get()).view(lang);
  return {
    snapshot: () => snapshot.get(),
    invalidate: () => snapshot.invalidate(),
    // Storefront reads: English unless asked; Hindi falls back to English field by field.
    async banners(lang: Lang = 'en') {
      return (await view(lang)).banners;
    },
    /** The banner the home page shows now, or null for the built-in default. */
    async liveBanner(now = new Date(), lang: Lang = 'en') {
      return selectBanner((await view(lang)).banners, now);
    },
    async settings(lang: Lang = 'en') {
      return (await view(lang)).settings;
    },
    async footer(lang: Lang = 'en') {
      return (await view(lang)).footer;
    },
    async marketplaceLinks(lang: Lang = 'en') {
      return (await view(lang)).marketplaceLinks;
    },
    async sections(key: string, lang: Lang = 'en') {
      return (await view(lang)).sections.get(key) ?? [];
    },
    async policy(kind: PolicyKind, lang: Lang = 'en') {
      return (await view(lang)).policies.get(kind) ?? null;
    },

    // Back-office editing. Each save names the version its form showed: a save over a newer
    // version is refused (409), never silently overwriting. The snapshot is dropped after commit
    // so the storefront's next request shows the change.
    async adminPolicies(): Promise<AdminPolicyDto[]> {
      return (await db.select().from(policies).orderBy(asc(policies.kind))).map(adminPolicy);
    },

    async updatePolicy(
      kind: PolicyKind,
      input: PolicyEditInput,
      onChange?: ContentChangeHook<AdminPolicyDto>,
    ): Promise<AdminPolicyDto> {
      const after = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(policies).where(eq(policies.kind, kind)).for('update');
        if (!before) throw new AppError('notFound', 'Policy not found.');
        const row = await updateAtVersion(tx, policies, eq(policies.kind, kind), input.version, {
          title: input.title,
          body: input.body,
          titleHi: input.titleHi,
          bodyHi: input.bodyHi,
          updatedAt: new Date(),
        });
        await onChange?.(adminPolicy(before), adminPolicy(row), tx);
        return adminPolicy(row);
      });
      snapshot.invalidate();
      return after;
    },

    async adminSettings(): Promise<AdminSettingsDto | null> {
      const [row] = await db.select().from(siteSettings).limit(1);
      return row ? adminSettings(row) : null;
    },

    async updateSettings(
      input: SettingsEditInput,
      onChange?: ContentChangeHook<AdminSettingsDto>,
    ): Promise<AdminSettingsDto> {
      const after = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
        if (!before) throw new AppError('notFound', 'Store settings not found.');
        const row = await updateAtVersion(tx, siteSettings, eq(siteSettings.id, 1), input.version, {
          storeName: input.storeName,
          title: input.title,
          description: input.description,
          storeNameHi: input.storeNameHi,
          titleHi: input.titleHi,
          descriptionHi: input.descriptionHi,
          updatedAt: new Date(),
        });
        await onChange?.(adminSettings(before), adminSettings(row), tx);
        return adminSettings(row);
      });
      snapshot.invalidate();
      return after;
    },
  };
}

async function loadContent(db: Db): Promise<ContentSnapshot> {
  const [bannerRows, settingsRows, linkRows, sectionRows, policyRows] = await Promise.all([
    db.select().from(banners).orderBy(asc(banners.position), asc(banners.id)),
    db.select().from(siteSettings).limit(1),
    db.select().from(marketplaceLinks).orderBy(asc(marketplaceLinks.position), asc(marketplaceLinks.id)),
    db.select().from(contentSections).orderBy(asc(contentSections.orderIndex), asc(contentSections.id)),
    db.select().from(policies),
  ]);
  const s = settingsRows[0];

  function build(lang: Lang): ContentView {
    const settings: SiteSettingsDto = s
      ? {
          storeName: pick(s.storeName, s.storeNameHi, lang),
          title: pick(s.title, s.titleHi, lang),
          description: pick(s.description, s.descriptionHi, lang),
          logoUrl: s.logoUrl,
        }
      : EMPTY_SETTINGS;

    const policyMap = new Map<PolicyKind, PolicyDto>(
      policyRows.map((p) => [
        p.kind as PolicyKind,
        {
          kind: p.kind as PolicyKind,
          title: pick(p.title, p.titleHi, lang),
          body: pick(p.body, p.bodyHi, lang),
          updatedAt: p.updatedAt.toISOString(),
        },
      ]),
    );

    const sections = new Map<string, ContentSectionDto[]>();
    for (const row of sectionRows) {
      const list = sections.get(row.key) ?? [];
      list.push({
        id: row.id,
        title: pick(row.title, row.titleHi, lang),
        type: row.type === null ? null : pick(row.type, row.typeHi, lang),
        body: pick(row.body, row.bodyHi, lang),
        imageUrls: row.imageUrls,
        orderIndex: row.orderIndex,
      });
      sections.set(row.key, list);
    }

    return {
      banners: bannerRows.map((b) => ({
        id: b.id,
        // A Hindi image replaces the English one on Hindi pages (its words are in Hindi).
        imageUrl: pick(b.imageUrl, b.imageUrlHi, lang),
        alt: pick(b.alt, b.altHi, lang),
        linkUrl: b.linkUrl,
        visible: b.visible,
        startTime: b.startTime?.toISOString() ?? null,
        endTime: b.endTime?.toISOString() ?? null,
      })),
      settings,
      footer: {
        storeName: settings.storeName,
        facebookUrl: s?.facebookUrl ?? null,
        instagramUrl: s?.instagramUrl ?? null,
        phoneNumber: s?.phoneNumber ?? null,
        email: s?.email ?? null,
        logoUrl: settings.logoUrl,
        // Stored links may carry labelHi; the storefront gets only the label in its language.
        links: (s?.footerLinks ?? []).map((l) => ({ label: pick(l.label, l.labelHi, lang), url: l.url })),
        terms: policyMap.get('terms')?.body ?? '',
        privacyPolicy: policyMap.get('privacy')?.body ?? '',
      },
      // Marketplace names are brand names (Amazon, Flipkart), the same in both languages.
      marketplaceLinks: linkRows.map((l) => ({ id: l.id, name: l.name, url: l.url, logoUrl: l.logoUrl })),
      sections,
      policies: policyMap,
    };
  }

  const english = build('en');
  let hindi: ContentView | null = null;
  return {
    ...english,
    view(lang) {
      if (lang === 'en') return english;
      hindi ??= build('hi');
      return hindi;
    },
  };
}
