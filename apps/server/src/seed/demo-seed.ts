// Demo content for a first run: an original spice brand ("Kesar Chakki") with its catalogue
// (demo-catalogue.ts), storefront content (demo-content.ts), shop rules and coupons
// (demo-settings.ts) and customer reviews (demo-reviews.ts). Everything is inserted in one
// transaction, so a failed seed leaves the database empty. Money is integer paise; percent
// coupons use basis points.
import type { Db, Tx } from '../db/client.ts';
import { users } from '../modules/accounts/schema.ts';
import { products } from '../modules/catalog/schema.ts';
import { insertDemoCatalogue } from './demo-catalogue.ts';
import { DAY_MS } from './demo-common.ts';
import { insertDemoContent } from './demo-content.ts';
import { backfillDemoDeclarations, insertDemoDeclarationDefaults } from './demo-declarations.ts';
import { insertDemoOffers } from './demo-offers.ts';
import { insertDemoReviews } from './demo-reviews.ts';
import { insertDemoGrievanceOfficer } from './demo-rights.ts';
import { insertDemoShopSettings } from './demo-settings.ts';
import { insertDemoSubscriptionPlans } from './demo-subscriptions.ts';
import { demoSeeds } from './schema.ts';

export { DEMO_BRAND } from './demo-common.ts';

/** The demo back-office account (README: log in with this number; the code is in /dev/outbox). */
export const DEMO_ADMIN = {
  mobile: '9999900001',
  firstName: 'Shop',
  lastName: 'Admin',
  email: 'admin@kesarchakki.in',
  role: 'OWNER',
} as const;

/** True when the catalogue has no product yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length === 0;
}

/**
 * Demo mode's first boot: seeds the demo data (with the demo admin) unless this database was seeded
 * before, remembered by the marker row, never by an empty products table. Claiming the marker and
 * seeding are one transaction, so of several instances starting together exactly one seeds.
 */
export async function seedDemoOnce(
  db: Db,
  now: Date = new Date(),
  onSeeding: () => void = () => {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(demoSeeds)
      .values({ name: 'demo', seededAt: now })
      .onConflictDoNothing()
      .returning({ name: demoSeeds.name });
    if (claimed.length === 0) {
      await backfillOnce(tx, now);
      return false;
    }
    onSeeding();
    await insertDemoData(tx, now, { admin: true });
    return true;
  });
}

/**
 * Inserts the full demo data set in a single transaction and records the marker. Intended for an
 * empty database; `admin: false` (npm run seed:demo) leaves out the demo back-office account.
 */
export async function seedDemoData(
  db: Db,
  now: Date = new Date(),
  options: { admin: boolean } = { admin: true },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(demoSeeds).values({ name: 'demo', seededAt: now }).onConflictDoNothing();
    await insertDemoData(tx, now, options);
  });
}

/**
 * Data added to the demo after a shop was seeded, filled in once on its next boot (the seed itself
 * runs once): the declarations of issue 35 (decision 0035).
 */
async function backfillOnce(tx: Tx, now: Date): Promise<void> {
  const claimed = await tx
    .insert(demoSeeds)
    .values({ name: DECLARATIONS_MARKER, seededAt: now })
    .onConflictDoNothing()
    .returning({ name: demoSeeds.name });
  if (claimed.length > 0) await backfillDemoDeclarations(tx);
  // Issue 36's offers and their hing, once.
  const offersClaimed = await tx
    .insert(demoSeeds)
    .values({ name: OFFERS_MARKER, seededAt: now })
    .onConflictDoNothing()
    .returning({ name: demoSeeds.name });
  if (offersClaimed.length > 0) await insertDemoOffers(tx);
  // Issue 43's subscription plans, once (after the offers: the hing is subscribable too).
  const subscriptionsClaimed = await tx
    .insert(demoSeeds)
    .values({ name: SUBSCRIPTIONS_MARKER, seededAt: now })
    .onConflictDoNothing()
    .returning({ name: demoSeeds.name });
  if (subscriptionsClaimed.length > 0) await insertDemoSubscriptionPlans(tx);
}
const DECLARATIONS_MARKER = 'demo-declarations';
const OFFERS_MARKER = 'demo-offers';
const SUBSCRIPTIONS_MARKER = 'demo-subscriptions';

async function insertDemoData(tx: Tx, now: Date, options: { admin: boolean }): Promise<void> {
  const daysFromNow = (days: number): Date => new Date(now.getTime() + days * DAY_MS);
  await tx.insert(demoSeeds).values({ name: DECLARATIONS_MARKER, seededAt: now }).onConflictDoNothing();
  await insertDemoDeclarationDefaults(tx);
  const productId = await insertDemoCatalogue(tx);
  await insertDemoContent(tx, daysFromNow);
  await insertDemoShopSettings(tx, daysFromNow);
  await insertDemoReviews(tx, productId, daysFromNow);
  await insertDemoGrievanceOfficer(tx);
  await tx.insert(demoSeeds).values({ name: OFFERS_MARKER, seededAt: now }).onConflictDoNothing();
  await insertDemoOffers(tx);
  await tx.insert(demoSeeds).values({ name: SUBSCRIPTIONS_MARKER, seededAt: now }).onConflictDoNothing();
  await insertDemoSubscriptionPlans(tx);
  // Only a demo shop gets an admin whose codes anyone can read in the outbox.
  if (options.admin) await tx.insert(users).values(DEMO_ADMIN);
}
