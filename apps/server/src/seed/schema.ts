// Remembers that the demo data was loaded into this database, so a demo shop seeds once and never
// again, even after its owner deletes every product.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const demoSeeds = pgTable('demo_seeds', {
  /** 'demo' (one row per database). */
  name: text('name').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
