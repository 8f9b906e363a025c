// The storefront's own counts for the owner's analytics (issue 40, decision 0043): no personal
// data. A visitor is a salted hash that changes every IST day (the day's salt is deleted once the
// day is over, so yesterday's hashes cannot be recomputed from an address); product views and
// searches are counts per day.
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** One random salt per IST day, shared by every instance; earlier days' rows are deleted. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A visitor's day: the steps of the funnel it reached, as bits (FUNNEL_STEP_BITS). One row per
 * visitor and day; a later request only adds bits.
 */
export const analyticsVisits = pgTable(
  'analytics_visits',
  {
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
    steps: smallint('steps').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor] })],
);

/** Product pages seen per day (every view, not visitors): 'viewed often, rarely bought'. */
export const analyticsProductViews = pgTable(
  'analytics_product_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/** Searches per day and term (searchTerm()), and how many of them found nothing. */
export const analyticsSearches = pgTable(
  'analytics_searches',
  {
    day: date('day', { mode: 'string' }).notNull(),
    term: text('term').notNull(),
    searches: integer('searches').notNull(),
    zeroResults: integer('zero_results').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.term] }),
    check('analytics_searches_zero_le', sql`${t.zeroResults} <= ${t.searches}`),
  ],
);

/**
 * The funnel of a day that is over, rolled up from analytics_visits (whose rows for it are then
 * deleted, hashes and all): a year of funnel reads 365 rows. Days before yesterday only, so no
 * batch can still be on its way for them.
 */
export const analyticsFunnelDays = pgTable('analytics_funnel_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  sessions: integer('sessions').notNull(),
  productViews: integer('product_views').notNull(),
  addToCart: integer('add_to_cart').notNull(),
  checkoutStarted: integer('checkout_started').notNull(),
});
