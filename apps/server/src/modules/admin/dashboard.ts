// The back office's dashboard figures, read straight from the tables in one place (read-only, so
// the admin module may look across modules here rather than ask each one).
import { addDays, istDay } from '@spice/shared/analytics';
import type { AnalyticsAnswer } from '@spice/shared/contracts/analytics';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AnalyticsService } from '../analytics/service.ts';
import { sellableStockSql } from '../catalog/stock.ts';

export const LOW_STOCK_AT = 10;

export interface Dashboard {
  today: { orders: number; revenuePaise: number };
  month: { orders: number; revenuePaise: number };
  /** The analytics home (issue 40): today's sales against yesterday's, and the last 30 days by day. */
  todaySales: AnalyticsAnswer;
  last30: AnalyticsAnswer;
  lowStock: { productName: string; slug: string; weight: string; sku: string; stock: number }[];
  unrepliedReviews: number;
  unreadMessages: number;
  /**
   * Cash on delivery over the last 30 days (cancelled orders left out): its share of orders, and
   * of the COD orders whose fate is known (delivered or returned), the share returned (RTO).
   */
  cod: { orders: number; codOrders: number; delivered: number; returned: number };
  /**
   * RTO over the last 90 days (issue 34), of COD orders whose fate is known (delivered or
   * returned): by week placed (IST, Monday first), by state and by the pincode's first three
   * digits (the 15 with most orders).
   */
  rto: {
    byWeek: RtoGroup[];
    byState: RtoGroup[];
    byPrefix: RtoGroup[];
  };
  /**
   * The confirmation rate beside it (issue 34): of the COD orders placed in the last 90 days that
   * were asked to confirm (`codConfirmation` not NOT_REQUIRED), those CONFIRMED (by the link, a
   * WhatsApp reply, an address change, the owner's call or paying online), grouped the same way.
   */
  confirmation: {
    byWeek: ConfirmationGroup[];
    byState: ConfirmationGroup[];
    byPrefix: ConfirmationGroup[];
  };
}

export interface ConfirmationGroup {
  key: string;
  /** COD orders asked to confirm (PENDING, CONFIRMED, CANCELLED or EXPIRED). */
  asked: number;
  confirmed: number;
}

export interface RtoGroup {
  key: string;
  finished: number;
  returned: number;
}

export type DashboardService = ReturnType<typeof createDashboardService>;

export function createDashboardService(db: Db, analytics: Pick<AnalyticsService, 'report'>) {
  // Both drivers (PGlite and node-postgres) answer raw queries with `{ rows }`.
  const rows = async <T>(query: SQL): Promise<T[]> =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /** Days and months are Indian (IST); cancelled orders bring no revenue and are not counted (reports.ts). */
    async figures(now = new Date()): Promise<Dashboard> {
      // Sales figures come from the analytics reports, written once (issue 40).
      const day = istDay(now);
      const [todaySales, month, last30] = await Promise.all([
        analytics.report('sales', { from: day, to: day, granularity: 'day' }),
        analytics.report('sales', { from: `${day.slice(0, 7)}-01`, to: day, granularity: 'month' }),
        analytics.report('sales', { from: addDays(day, -29), to: day, granularity: 'day' }),
      ]);
      const figure = (t: AnalyticsAnswer['totals']) => ({
        orders: t.orders ?? 0,
        revenuePaise: Math.round((t.netSales ?? 0) * 100),
      });
      const lowStock = await rows<Dashboard['lowStock'][number]>(sql`
          select p.name as "productName", p.slug, v.weight, v.sku, ${sellableStockSql('v')} as stock
          from product_variants v join products p on p.id = v.product_id
          where ${sellableStockSql('v')} <= ${LOW_STOCK_AT} and p.active
          order by 5, p.name, v.position
          limit 50
        `);
      const [cod] = await rows<Dashboard['cod']>(sql`
          select
            count(*)::int as orders,
            count(*) filter (where payment_mode = 'COD')::int as "codOrders",
            count(*) filter (where payment_mode = 'COD' and status = 'DELIVERED')::int as delivered,
            count(*) filter (where payment_mode = 'COD' and status = 'RTO')::int as returned
          from orders
          where status <> 'CANCELLED'
            and created_at > ${now.toISOString()}::timestamptz - interval '30 days'
            and created_at <= ${now.toISOString()}::timestamptz
        `);
      const rtoBy = (key: SQL, order: SQL, limit: number) =>
        rows<RtoGroup>(sql`
          select ${key} as key,
            count(*)::int as finished,
            count(*) filter (where status = 'RTO')::int as returned
          from orders
          where payment_mode = 'COD' and status in ('DELIVERED', 'RTO')
            and created_at > ${now.toISOString()}::timestamptz - interval '90 days'
            and created_at <= ${now.toISOString()}::timestamptz
          group by 1 order by ${order} limit ${limit}
        `);
      // Orders placed as COD that were asked to confirm (a cod_confirmations row); the same
      // window, keys and limits as the RTO tables.
      const confirmationBy = (key: SQL, order: SQL, limit: number) =>
        rows<ConfirmationGroup>(sql`
          select ${key} as key,
            count(*)::int as asked,
            count(*) filter (where cc.status = 'CONFIRMED')::int as confirmed
          from orders o join cod_confirmations cc on cc.order_id = o.id
          where o.created_at > ${now.toISOString()}::timestamptz - interval '90 days'
            and o.created_at <= ${now.toISOString()}::timestamptz
          group by 1 order by ${order} limit ${limit}
        `);
      const week = (table: SQL) =>
        sql`to_char(date_trunc('week', ${table}created_at at time zone 'Asia/Kolkata'), 'YYYY-MM-DD')`;
      const state = (table: SQL) => sql`coalesce(nullif(${table}address->>'state', ''), 'Not given')`;
      const prefix = (table: SQL) => sql`left(${table}address->>'pincode', 3)`;
      const none = sql``;
      const o = sql.raw('o.');
      const [byWeek, byState, byPrefix, confirmedByWeek, confirmedByState, confirmedByPrefix] =
        await Promise.all([
          rtoBy(week(none), sql`1`, 14),
          rtoBy(state(none), sql`2 desc, 1`, 40),
          rtoBy(prefix(none), sql`2 desc, 1`, 15),
          confirmationBy(week(o), sql`1`, 14),
          confirmationBy(state(o), sql`2 desc, 1`, 40),
          confirmationBy(prefix(o), sql`2 desc, 1`, 15),
        ]);
      const [counts] = await rows<{ reviews: number; messages: number }>(sql`
          select
            (select count(*) from reviews where admin_reply is null and not hidden)::int as reviews,
            (select count(*) from contact_messages where read_at is null)::int as messages
        `);
      return {
        today: figure(todaySales.totals),
        month: figure(month.totals),
        todaySales,
        last30,
        lowStock,
        unrepliedReviews: counts?.reviews ?? 0,
        unreadMessages: counts?.messages ?? 0,
        cod: cod ?? { orders: 0, codOrders: 0, delivered: 0, returned: 0 },
        rto: { byWeek, byState, byPrefix },
        confirmation: { byWeek: confirmedByWeek, byState: confirmedByState, byPrefix: confirmedByPrefix },
      };
    },
  };
}
