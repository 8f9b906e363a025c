// The storefront's first-party counting (issue 40, decision 0043): what a request tells the funnel
// is noted in memory and written in batches every few seconds (and at shutdown), so no page or
// API call waits for it. Counted: visitors (sessions), product views, add to cart, checkout
// started, searches. Never stored: an address, a user agent, a user id, a cookie. A visitor is
// sha256(day's salt, day, address, user agent) cut to 16 bytes; the salt is random per IST day and
// deleted once the day is over.
import { createHash, randomBytes } from 'node:crypto';
import { addDays, isBot, istDay, searchTerm } from '@spice/shared/analytics';
import { lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analyticsSalts } from './schema.ts';

/** The funnel's steps a visit can reach, as bits of analytics_visits.steps. */
export const FUNNEL_STEP_BITS = {
  session: 1,
  productView: 2,
  addToCart: 4,
  checkoutStarted: 8,
} as const;
export type FunnelStep = keyof typeof FUNNEL_STEP_BITS;

/** Who made a request, as the counting sees it (nothing of it is stored). */
export interface RequestFacts {
  ip: string;
  userAgent: string | undefined;
}

const STOREFRONT_PAGE = /^(?:\/hi)?(\/[^.]*?)?(?:\.data)?$/;
const PRODUCT_PAGE = /^(?:\/hi)?\/product\/([^/.]+)(?:\.data)?$/;
const CHECKOUT_PAGE = /^(?:\/hi)?\/checkout(?:\.data)?$/;
/** Paths that are not the shop's pages: the back office, the API, files, the dev outbox. */
const NOT_SHOP = /^\/(?:admin|api|assets|media|dev|i18n|robots\.txt|sitemap\.xml|favicon)(?:[/.]|$)/;

export interface CounterOptions {
  /** How often the noted counts are written [5 s]. */
  flushEveryMs?: number;
  now?: () => Date;
  /** A product's id from its slug (the catalogue's snapshot), or null when there is none. */
  productIdOf: (slug: string) => Promise<number | null>;
  log?: { warn(obj: object, msg: string): void };
}

export type AnalyticsCounter = ReturnType<typeof createAnalyticsCounter>;

export function createAnalyticsCounter(db: Db, options: CounterOptions) {
  const now = options.now ?? (() => new Date());
  const productViews = new Map<string, number>(); // `${day}|${slug}` → views
  const searches = new Map<string, { searches: number; zero: number }>(); // `${day}|${term}`
  const salts = new Map<string, Promise<string>>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  /** The day's salt: made by the first instance that needs it, read by the others. */
  function saltOf(day: string): Promise<string> {
    let salt = salts.get(day);
    if (!salt) {
      salt = (async () => {
        const fresh = randomBytes(32).toString('base64url');
        await db.insert(analyticsSalts).values({ day, salt: fresh }).onConflictDoNothing();
        // Yesterday's hashes stay as counted but can no longer be made again from an address.
        await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
        const [row] = await db
          .select({ salt: analyticsSalts.salt })
          .from(analyticsSalts)
          .where(sql`${analyticsSalts.day} = ${day}`);
        return row?.salt ?? fresh;
      })();
      salt.catch(() => salts.delete(day));
      for (const d of salts.keys()) if (d < day) salts.delete(d);
      salts.set(day, salt);
    }
    return salt;
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, options.flushEveryMs ?? 5_000);
    timer.unref();
  }

  /** Notes a step for the request's visitor; the hash is taken when the batch is written. */
  const pendingVisits: { day: string; ip: string; userAgent: string; bits: number }[] = [];
  function noteStep(facts: RequestFacts, bits: number) {
    if (isBot(facts.userAgent)) return false;
    pendingVisits.push({ day: istDay(now()), ip: facts.ip, userAgent: facts.userAgent ?? '', bits });
    schedule();
    return true;
  }

  async function writeBatch() {
    // Take everything noted so far at once (notes arriving meanwhile wait for the next batch); the
    // address and agent leave memory here, hashed.
    const noted = pendingVisits.splice(0);
    const views = [...productViews];
    const searched = [...searches];
    productViews.clear();
    searches.clear();
    const visits = new Map<string, number>(); // `${day}|${visitor}` → step bits
    for (const v of noted) {
      const salt = await saltOf(v.day);
      const visitor = createHash('sha256')
        .update(`${salt}|${v.day}|${v.ip}|${v.userAgent}`)
        .digest('base64url')
        .slice(0, 22);
      const key = `${v.day}|${visitor}`;
      visits.set(key, (visits.get(key) ?? 0) | v.bits);
    }
    const visitRows = [...visits].map(([key, steps]) => {
      const [day = '', visitor = ''] = key.split('|');
      return sql`(${day}::date, ${visitor}, ${steps}::smallint)`;
    });
    const viewRows: SQL[] = [];
    for (const [key, n] of views) {
      const [day = '', slug = ''] = key.split('|');
      const id = await options.productIdOf(slug);
      if (id !== null) viewRows.push(sql`(${day}::date, ${id}::int, ${n}::int)`);
    }
    const searchRows = searched.map(([key, n]) => {
      const bar = key.indexOf('|');
      return sql`(${key.slice(0, bar)}::date, ${key.slice(bar + 1)}, ${n.searches}::int, ${n.zero}::int)`;
    });
    // Several instances add to the same rows: each write adds, never overwrites.
    for (let i = 0; i < visitRows.length; i += 500)
      await db.execute(sql`insert into analytics_visits (day, visitor, steps)
        values ${sql.join(visitRows.slice(i, i + 500), sql`, `)}
        on conflict (day, visitor) do update set steps = analytics_visits.steps | excluded.steps`);
    for (let i = 0; i < viewRows.length; i += 500)
      await db.execute(sql`insert into analytics_product_views (day, product_id, views)
        values ${sql.join(viewRows.slice(i, i + 500), sql`, `)}
        on conflict (day, product_id) do update set views = analytics_product_views.views + excluded.views`);
    for (let i = 0; i < searchRows.length; i += 500)
      await db.execute(sql`insert into analytics_searches (day, term, searches, zero_results)
        values ${sql.join(searchRows.slice(i, i + 500), sql`, `)}
        on conflict (day, term) do update set searches = analytics_searches.searches + excluded.searches,
          zero_results = analytics_searches.zero_results + excluded.zero_results`);
  }

  /**
   * Days before yesterday become one funnel row each, and their visitor hashes are deleted, in one
   * statement (so a report reads a day from one table or the other, never both or neither). Adds
   * to a row already there, so two instances rolling up at once count each visit once.
   */
  async function rollUp(today = istDay(now())) {
    await db.execute(sql`
      with closed as (delete from analytics_visits where day < ${addDays(today, -1)}::date returning day, steps)
      insert into analytics_funnel_days (day, sessions, product_views, add_to_cart, checkout_started)
      select day, count(*)::int, count(*) filter (where steps & 2 <> 0)::int,
        count(*) filter (where steps & 4 <> 0)::int, count(*) filter (where steps & 8 <> 0)::int
      from closed group by day
      on conflict (day) do update set sessions = analytics_funnel_days.sessions + excluded.sessions,
        product_views = analytics_funnel_days.product_views + excluded.product_views,
        add_to_cart = analytics_funnel_days.add_to_cart + excluded.add_to_cart,
        checkout_started = analytics_funnel_days.checkout_started + excluded.checkout_started`);
  }
  let rolledUpFor = '';

  /** Writes what was noted so far (one batch at a time); a failure is logged, never thrown. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      try {
        await writeBatch();
        // Once a day per instance: the day before yesterday's hashes go.
        const today = istDay(now());
        if (rolledUpFor !== today) {
          await rollUp(today);
          rolledUpFor = today;
        }
      } catch (error) {
        options.log?.warn({ err: error }, 'analytics: a batch was not written');
      }
    });
    return flushing;
  }

  return {
    /**
     * A storefront page answered (a document, or a client navigation's `.data`): the visit, and a
     * product view or checkout started when the page is one. Not the back office, not robots, not
     * errors. Answers whether it was counted.
     */
    page(path: string, status: number, facts: RequestFacts): boolean {
      if (status !== 200 || NOT_SHOP.test(path) || !STOREFRONT_PAGE.test(path)) return false;
      let bits = FUNNEL_STEP_BITS.session;
      const product = PRODUCT_PAGE.exec(path);
      if (product?.[1]) {
        if (!isBot(facts.userAgent)) {
          const key = `${istDay(now())}|${decodeURIComponent(product[1]).replaceAll('|', '')}`;
          productViews.set(key, (productViews.get(key) ?? 0) + 1);
        }
        bits |= FUNNEL_STEP_BITS.productView;
      } else if (CHECKOUT_PAGE.test(path)) {
        bits |= FUNNEL_STEP_BITS.checkoutStarted;
      }
      return noteStep(facts, bits);
    },
    /** POST /api/cart answered 201. */
    addedToCart(facts: RequestFacts): boolean {
      return noteStep(facts, FUNNEL_STEP_BITS.session | FUNNEL_STEP_BITS.addToCart);
    },
    /** A search the shopper sent (the results page), with how many products it found. */
    searched(q: string, results: number, facts: Pick<RequestFacts, 'userAgent'>): boolean {
      const term = searchTerm(q);
      if (!term || isBot(facts.userAgent)) return false;
      const key = `${istDay(now())}|${term}`;
      const n = searches.get(key) ?? { searches: 0, zero: 0 };
      n.searches += 1;
      if (results === 0) n.zero += 1;
      searches.set(key, n);
      schedule();
      return true;
    },
    flush,
    rollUp,
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}
