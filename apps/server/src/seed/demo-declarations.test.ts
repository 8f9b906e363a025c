// The demo's declarations (issue 35, decision 0035): every demo product publishable in both
// languages, and a demo shop seeded before declarations existed gets them once on its next boot.
import { EMPTY_DECLARATIONS, fillDeclarations, missingDeclarations } from '@spice/shared/declarations';
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { declarationDefaults, products, productVariants } from '../modules/catalog/schema.ts';
import { createTestDatabase } from '../test/app.ts';
import { DEMO_DECLARATION_DEFAULTS, DEMO_DECLARATION_DEFAULTS_HI } from './demo-declarations.ts';
import { seedDemoOnce } from './demo-seed.ts';
import { demoSeeds } from './schema.ts';

// Each test seeds a database of its own.
describe('demo declarations', { timeout: 60_000 }, () => {
  it('are complete for every demo product, with a Hindi text for every English one', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      await seedDemoOnce(db, new Date('2026-03-15T10:00:00Z'));
      const rows = await db.select().from(products);
      const variants = await db.select().from(productVariants);
      for (const p of rows) {
        const { en, hi } = fillDeclarations(
          { ...EMPTY_DECLARATIONS, ...p.declarations },
          p.declarationsHi,
          DEMO_DECLARATION_DEFAULTS,
          DEMO_DECLARATION_DEFAULTS_HI,
        );
        const quantities = variants.filter((v) => v.productId === p.id).map((v) => v.netQuantity);
        expect(missingDeclarations(en, quantities), p.slug).toEqual([]);
        for (const key of ['genericName', 'ingredients', 'storage', 'countryOfOrigin'] as const) {
          expect(hi[key], `${p.slug} ${key}`).toMatch(/\p{Script=Devanagari}/u);
        }
        expect(en.nutritionPer100g, p.slug).not.toBeNull();
      }
    } finally {
      await database.close();
    }
  });

  it('are filled in once on the next boot of a demo shop seeded before them, keeping what the owner wrote', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      await seedDemoOnce(db, new Date('2026-03-15T10:00:00Z'));
      // As the shop was before: no defaults, no declarations, no net quantities, no marker.
      await db.delete(declarationDefaults);
      await db.update(products).set({ declarations: {}, declarationsHi: {} });
      await db.update(productVariants).set({ netQuantity: null });
      await db.delete(demoSeeds).where(eq(demoSeeds.name, 'demo-declarations'));
      const own = { genericName: 'Haldi (owner wrote this)' };
      await db.update(products).set({ declarations: own }).where(eq(products.slug, 'turmeric-powder'));

      expect(await seedDemoOnce(db)).toBe(false);
      const [garam] = await db.select().from(products).where(eq(products.slug, 'garam-masala'));
      expect(garam!.declarations.genericName).toBe('Spice blend (garam masala)');
      const [turmeric] = await db.select().from(products).where(eq(products.slug, 'turmeric-powder'));
      expect(turmeric!.declarations).toEqual(own);
      const unquantified = await db
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(isNull(productVariants.netQuantity));
      expect(unquantified).toEqual([]);
      expect((await db.select().from(declarationDefaults))[0]!.values.fssaiLicence).toBe('11521999000123');

      // Once: a later boot leaves the owner's changes alone.
      await db.update(products).set({ declarations: {} }).where(eq(products.slug, 'garam-masala'));
      await seedDemoOnce(db);
      const [after] = await db.select().from(products).where(eq(products.slug, 'garam-masala'));
      expect(after!.declarations).toEqual({});
    } finally {
      await database.close();
    }
  });
});
