// Store content: banners, footer and site settings, marketplace links, content sections and the
// four policy texts. Owns the content tables; reads come from an in-memory snapshot.

import { selectBanner } from '@spice/shared/banner';
import type {
  BannerDto,
  ContentSectionDto,
  FooterDto,
  MarketplaceLinkDto,
  PolicyDto,
  SiteSettingsDto,
} from '@spice/shared/contracts/content';
import type { PolicyKind } from '@spice/shared/policy';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createSnapshot } from '../../lib/snapshot.ts';
import { banners, contentSections, marketplaceLinks, policies, siteSettings } from './schema.ts';

export interface ContentSnapshot {
  banners: BannerDto[];
  settings: SiteSettingsDto;
  footer: FooterDto;
  marketplaceLinks: MarketplaceLinkDto[];
  sections: Map<string, ContentSectionDto[]>;
  policies: Map<PolicyKind, PolicyDto>;
}

export type ContentService = ReturnType<typeof createContentService>;

const EMPTY_SETTINGS: SiteSettingsDto = {
  storeName: 'Spice Shop',
  title: 'Spice Shop',
  description: '',
  logoUrl: null,
};

export function createContentService(db: Db, options: { ttlMs: number }) {
  const snapshot = createSnapshot(() => loadContent(db), options.ttlMs);
  return {
    snapshot: () => snapshot.get(),
    invalidate: () => snapshot.invalidate(),
    async banners() {
      return (await snapshot.get()).banners;
    },
    /** The banner the home page shows now, or null for the built-in default. */
    async liveBanner(now = new Date()) {
      return selectBanner((await snapshot.get()).banners, now);
    },
    async settings() {
      return (await snapshot.get()).settings;
    },
    async footer() {
      return (await snapshot.get()).footer;
    },
    async marketplaceLinks() {
      return (await snapshot.get()).marketplaceLinks;
    },
    async sections(key: string) {
      return (await snapshot.get()).sections.get(key) ?? [];
    },
    async policy(kind: PolicyKind) {
      return (await snapshot.get()).policies.get(kind) ?? null;
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
  const settings: SiteSettingsDto = s
    ? { storeName: s.storeName, title: s.title, description: s.description, logoUrl: s.logoUrl }
    : EMPTY_SETTINGS;

  const policyMap = new Map<PolicyKind, PolicyDto>(
    policyRows.map((p) => [
      p.kind as PolicyKind,
      { kind: p.kind as PolicyKind, title: p.title, body: p.body, updatedAt: p.updatedAt.toISOString() },
    ]),
  );

  const sections = new Map<string, ContentSectionDto[]>();
  for (const row of sectionRows) {
    const list = sections.get(row.key) ?? [];
    list.push({
      id: row.id,
      title: row.title,
      type: row.type,
      body: row.body,
      imageUrls: row.imageUrls,
      orderIndex: row.orderIndex,
    });
    sections.set(row.key, list);
  }

  return {
    banners: bannerRows.map((b) => ({
      id: b.id,
      imageUrl: b.imageUrl,
      alt: b.alt,
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
      links: s?.footerLinks ?? [],
      terms: policyMap.get('terms')?.body ?? '',
      privacyPolicy: policyMap.get('privacy')?.body ?? '',
    },
    marketplaceLinks: linkRows.map((l) => ({ id: l.id, name: l.name, url: l.url, logoUrl: l.logoUrl })),
    sections,
    policies: policyMap,
  };
}
