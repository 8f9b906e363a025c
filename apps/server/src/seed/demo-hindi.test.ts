import { describe, expect, it } from 'vitest';
import { products, productVariants } from '../modules/catalog/schema.ts';
import { banners, contentSections, policies, siteSettings } from '../modules/content/schema.ts';
import { coupons } from '../modules/coupons/schema.ts';
import { createTestDatabase } from '../test/app.ts';
import { hindiWeight } from './demo-hindi.ts';
import { seedDemoData } from './demo-seed.ts';

const DEVANAGARI = /\p{Script=Devanagari}/u;
/** Hindi text: mostly Devanagari (brand names, FSSAI, OTP, UPI, ₹ and digits may stay as they are). */
function expectHindi(text: string, where: string) {
  // Vowel signs are marks, not letters: count both, or a line with two 'FSSAI's looks half English.
  const letters = [...text].filter((c) => /[\p{L}\p{M}]/u.test(c));
  const devanagari = letters.filter((c) => DEVANAGARI.test(c));
  expect(devanagari.length / letters.length, `${where}: ${text.slice(0, 60)}`).toBeGreaterThan(0.6);
}

describe('demo seed in Hindi', () => {
  it('gives every product, variant, banner, About section, policy, store text and coupon its Hindi', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      await seedDemoData(db, new Date('2026-03-15T10:00:00Z'));

      const productRows = await db.select().from(products);
      expect(productRows.length).toBeGreaterThanOrEqual(12);
      for (const p of productRows) {
        expectHindi(p.nameHi, `${p.slug} name`);
        expectHindi(p.descriptionHi, `${p.slug} description`);
        // One Hindi line for each English one, none blank.
        expect(p.aboutHi, p.slug).toHaveLength(p.about.length);
        for (const [i, line] of p.aboutHi.entries()) expectHindi(line, `${p.slug} about ${i}`);
      }
      for (const v of await db.select().from(productVariants))
        expect(v.weightHi).toMatch(/^\d+ (ग्राम|किलो)$/);

      const bannerRows = await db.select().from(banners);
      expect(bannerRows.length).toBeGreaterThan(0);
      for (const b of bannerRows) expectHindi(b.altHi, `banner ${b.id}`);

      const sections = await db.select().from(contentSections);
      expect(sections.length).toBeGreaterThanOrEqual(5);
      for (const s of sections) {
        expectHindi(s.titleHi, `section ${s.title}`);
        expectHindi(s.bodyHi, `section ${s.title} body`);
        if (s.type) expectHindi(s.typeHi, `section ${s.title} subtitle`);
      }

      const policyRows = await db.select().from(policies);
      expect(policyRows.map((p) => p.kind).sort()).toEqual(['privacy', 'return', 'shipping', 'terms']);
      for (const p of policyRows) {
        expectHindi(p.titleHi, `${p.kind} title`);
        expectHindi(p.bodyHi, `${p.kind} body`);
        // The Markdown keeps its shape: as many headings as the English.
        expect(p.bodyHi.match(/^## /gm)?.length ?? 0).toBe(p.body.match(/^## /gm)?.length ?? 0);
      }

      const [settings] = await db.select().from(siteSettings);
      expectHindi(settings!.storeNameHi, 'store name');
      expectHindi(settings!.titleHi, 'title');
      expectHindi(settings!.descriptionHi, 'description');

      const couponRows = await db.select().from(coupons);
      expect(couponRows.length).toBeGreaterThan(0);
      for (const c of couponRows) expectHindi(c.descriptionHi, `coupon ${c.code}`);
    } finally {
      await database.close();
    }
    // Migrating and seeding a fresh in-memory database takes a while on a busy machine.
  }, 60_000);

  it('writes weight labels the Hindi way', () => {
    expect(hindiWeight('50g')).toBe('50 ग्राम');
    expect(hindiWeight('1 kg')).toBe('1 किलो');
    expect(hindiWeight('1 pack')).toBe('1 pack');
  });
});
