import { percentOff } from '@spice/shared/pricing';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comboComponents, productImages, products, productVariants } from '../modules/catalog/schema.ts';
import { checkoutSettings, shippingMilestones } from '../modules/checkout/schema.ts';
import {
  banners,
  contentSections,
  marketplaceLinks,
  policies,
  siteSettings,
} from '../modules/content/schema.ts';
import { coupons } from '../modules/coupons/schema.ts';
import { reviews } from '../modules/reviews/schema.ts';
import { createTestDatabase } from '../test/app.ts';
import { isDatabaseEmpty, seedDemoData } from './demo-seed.ts';

describe('demo seed', () => {
  it('fills an empty database with a complete, consistent storefront', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const now = new Date('2026-03-15T10:00:00Z');

      expect(await isDatabaseEmpty(db)).toBe(true);
      await seedDemoData(db, now);
      expect(await isDatabaseEmpty(db)).toBe(false);

      // Products.
      const productRows = await db.select().from(products).orderBy(asc(products.position));
      expect(productRows.length).toBeGreaterThanOrEqual(12);
      expect(productRows.filter((p) => !p.active)).toHaveLength(1);
      expect(productRows.filter((p) => p.bestseller).length).toBeGreaterThanOrEqual(2);
      for (const p of productRows) {
        expect(p.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(p.brand).not.toBe('');
        expect(p.description.length).toBeGreaterThan(80);
        expect(p.about.length).toBeGreaterThanOrEqual(4);
        expect(p.about.length).toBeLessThanOrEqual(6);
      }
      const slugs = productRows.map((p) => p.slug);
      for (const required of ['garam-masala', 'chicken-masala', 'meat-masala', 'turmeric-powder']) {
        expect(slugs).toContain(required);
      }

      // Variants.
      const variantRows = await db
        .select()
        .from(productVariants)
        .orderBy(asc(productVariants.productId), asc(productVariants.position));
      for (const p of productRows) {
        const own = variantRows.filter((v) => v.productId === p.id);
        // The gift box is one combo of six 50 g packs; its stock is theirs (decision 0040).
        if (p.slug === 'festive-masala-box') {
          expect(own).toHaveLength(1);
          const parts = await db.select().from(comboComponents);
          expect(parts.filter((c) => c.comboVariantId === own[0]!.id)).toHaveLength(6);
          continue;
        }
        expect(own.length).toBeGreaterThanOrEqual(2);
        expect(own.length).toBeLessThanOrEqual(4);
        // Every product can be preselected: some variant is in stock.
        expect(own.some((v) => v.stock > 0)).toBe(true);
      }
      for (const v of variantRows) expect(v.mrpPaise).toBeGreaterThanOrEqual(v.pricePaise);
      const outOfStock = variantRows.filter((v) => v.stock === 0);
      expect(outOfStock.length).toBeGreaterThanOrEqual(1);
      const activeIds = new Set(productRows.filter((p) => p.active).map((p) => p.id));
      const notFirst = outOfStock.filter((v) => v.position > 0 && activeIds.has(v.productId));
      expect(notFirst).toHaveLength(1);
      expect(new Set(variantRows.map((v) => v.sku)).size).toBe(variantRows.length);

      // The percent-off rounding cases listed at the top of the product list.
      const bySku = new Map(variantRows.map((v) => [v.sku, v]));
      const cases: [string, number][] = [
        ['GM-50', 13],
        ['GM-100', 14],
        ['GM-200', 17],
        ['CM-100', 18],
        ['MM-100', 9],
        ['KK-500', 1],
        ['CH-100', 7],
        ['JP-100', 7],
        ['KM-50', 15],
        ['TP-100', 0],
      ];
      for (const [sku, expected] of cases) {
        const v = bySku.get(sku);
        expect(v, sku).toBeDefined();
        expect(percentOff(v!.mrpPaise, v!.pricePaise), sku).toBe(expected);
      }

      // Images: one product relies on imageUrl alone.
      const imageRows = await db.select().from(productImages);
      const withImages = new Set(imageRows.map((i) => i.productId));
      const imageUrlOnly = productRows.filter((p) => p.imageUrl && !withImages.has(p.id));
      expect(imageUrlOnly).toHaveLength(1);
      expect(productRows.filter((p) => p.imageUrl)).toHaveLength(1);
      for (const i of imageRows) expect(i.url).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);

      // Policies.
      const policyRows = await db.select().from(policies);
      expect(policyRows.map((p) => p.kind).sort()).toEqual(['privacy', 'return', 'shipping', 'terms']);
      const shipping = policyRows.find((p) => p.kind === 'shipping')!.body;
      expect(shipping).toContain('499');
      expect(shipping).toContain('90');
      expect(shipping).toMatch(/1[–-]2/);
      expect(shipping).toMatch(/5[–-]15/);
      const returns = policyRows.find((p) => p.kind === 'return')!.body;
      expect(returns).toContain('24 hours');

      // Banners: exactly one visible banner whose schedule has ended, and one live.
      const bannerRows = await db.select().from(banners);
      const past = bannerRows.filter((b) => b.visible && b.endTime && b.endTime < now);
      expect(past).toHaveLength(1);
      expect(past[0]!.startTime!.getTime()).toBeLessThan(now.getTime());
      const live = bannerRows.filter(
        (b) => b.visible && (!b.startTime || b.startTime <= now) && (!b.endTime || b.endTime >= now),
      );
      expect(live).toHaveLength(1);
      expect(bannerRows.filter((b) => !b.visible)).toHaveLength(1);

      // Settings, links, about, checkout and coupons.
      const [settings] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
      expect(settings?.title).toContain('Premium Masalas Online');
      expect(settings?.footerLinks).toEqual([]);
      expect(await db.select().from(marketplaceLinks)).toHaveLength(3);
      const about = await db
        .select()
        .from(contentSections)
        .where(eq(contentSections.key, 'about_us'))
        .orderBy(asc(contentSections.orderIndex));
      expect(about.map((s) => s.orderIndex)).toEqual([1, 2, 3, 4, 5]);
      const [fee] = await db.select().from(checkoutSettings);
      expect(fee?.platformFeePaise).toBe(900);
      const milestones = await db
        .select()
        .from(shippingMilestones)
        .orderBy(asc(shippingMilestones.minCartValuePaise));
      expect(milestones.map((m) => [m.minCartValuePaise, m.shippingChargePaise])).toEqual([
        [0, 9000],
        [29900, 4900],
        [49900, 0],
      ]);
      const couponRows = await db.select().from(coupons);
      expect(couponRows.map((c) => c.code).sort()).toEqual(['FESTIVE20', 'FLAT50', 'WELCOME10']);
      expect(couponRows.filter((c) => c.validUntil && c.validUntil < now)).toHaveLength(1);

      // Reviews: a dozen or more over several active products, one product with a second page,
      // every star present, the team's reply on some, all in the past and from no account.
      const reviewRows = await db.select().from(reviews);
      expect(reviewRows.length).toBeGreaterThanOrEqual(12);
      const perProduct = new Map<number, number>();
      for (const r of reviewRows) perProduct.set(r.productId, (perProduct.get(r.productId) ?? 0) + 1);
      expect(perProduct.size).toBeGreaterThanOrEqual(5);
      for (const id of perProduct.keys()) expect(activeIds.has(id)).toBe(true);
      expect(Math.max(...perProduct.values())).toBeGreaterThan(10);
      expect(new Set(reviewRows.map((r) => r.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
      expect(reviewRows.filter((r) => r.rating >= 4).length).toBeGreaterThan(reviewRows.length / 2);
      const replied = reviewRows.filter((r) => r.adminReply);
      expect(replied.length).toBeGreaterThanOrEqual(3);
      for (const r of reviewRows) {
        expect(r.userId).toBeNull();
        expect(r.hidden).toBe(false);
        expect(r.createdAt.getTime()).toBeLessThan(now.getTime());
        expect(r.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
        expect(r.email).toMatch(/@example\.in$/);
        expect(Boolean(r.adminReply)).toBe(Boolean(r.adminReplyAt));
        if (r.adminReplyAt) {
          expect(r.adminReplyAt.getTime()).toBeGreaterThan(r.createdAt.getTime());
          expect(r.adminReplyAt.getTime()).toBeLessThanOrEqual(now.getTime());
        }
      }
      expect(replied.every((r) => r.rating <= 4)).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});
