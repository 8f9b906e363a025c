// Store content: banners, footer and site settings, marketplace links, content sections and the
// four policy texts. Owns the content tables; reads come from an in-memory snapshot.

import { selectBanner } from '@spice/shared/banner';
import {
  CHANGED_MEANWHILE,
  type PolicyEditInput,
  type SettingsEditInput,
} from '@spice/shared/contracts/admin';
import type {
  BannerDto,
  ContentSectionDto,
  FooterDto,
  MarketplaceLinkDto,
  PolicyDto,
  SiteSettingsDto,
} from '@spice/shared/contracts/content';
import type { PolicyKind } from '@spice/shared/policy';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { createSnapshot } from '../../lib/snapshot.ts';
import { AppError } from '../../plugins/errors.ts';
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

type PolicyRow = typeof policies.$inferSelect;
type SettingsRow = typeof siteSettings.$inferSelect;

/** Called inside the change's transaction (the back office writes its audit entry there). */
export type ContentChangeHook<T> = (before: T, after: T, tx: Tx) => Promise<void>;

const adminPolicy = (r: PolicyRow) => ({
  kind: r.kind as PolicyKind,
  title: r.title,
  body: r.body,
  version: r.version,
  updatedAt: r.updatedAt.toISOString(),
});
const adminSettings = (r: SettingsRow) => ({
  storeName: r.storeName,
  title: r.title,
  description: r.description,
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
        const [row] = await tx
          .update(policies)
          .set({
            title: input.title,
            body: input.body,
            version: sql`${policies.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(policies.kind, kind), eq(policies.version, input.version)))
          .returning();
        if (!row) throw new AppError('conflict', CHANGED_MEANWHILE);
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
        const [row] = await tx
          .update(siteSettings)
          .set({
            storeName: input.storeName,
            title: input.title,
            description: input.description,
            version: sql`${siteSettings.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(siteSettings.id, 1), eq(siteSettings.version, input.version)))
          .returning();
        if (!row) throw new AppError('conflict', CHANGED_MEANWHILE);
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
