// Sales by source (issue 38): the orders of a period grouped by the touch that brought them, by
// last touch and by first touch (shared/attribution.ts). An order counts once it is placed and
// not cancelled; its revenue is its total; an order that came back undelivered (RTO) still counts
// as an order (the rate says how many did). Orders without a touch are '(direct)'; an order that
// followed an abandoned-cart reminder has the reminder as its last touch.
import { DIRECT } from '@spice/shared/attribution';
import type {
  SalesBySourceDto,
  SalesBySourceQueryInput,
  SalesBySourceRowDto,
} from '@spice/shared/contracts/sales-sources';
import { toRupees } from '@spice/shared/money';
import { and, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvDocument, csvRupees } from '../../lib/csv.ts';
import { orders } from './schema.ts';

const DAY_MS = 86_400_000;
const startOfIstDay = (day: string): Date => new Date(`${day}T00:00:00+05:30`);

type Touch = 'first' | 'last';

/**
 * An order that followed an abandoned-cart reminder (issue 37) came from that message: its last
 * touch is the reminder, whatever the cookie held from before.
 */
const REMINDER = { source: 'cart-reminder', medium: 'message', campaign: 'abandoned-cart' } as const;

/** Written out (constants only, no parameters), so the select and the GROUP BY are one expression. */
function keyOf(touch: Touch, field: 'source' | 'medium' | 'campaign'): SQL<string> {
  const fromCookie = sql`coalesce("orders"."attribution" -> '${sql.raw(touch)}' ->> '${sql.raw(field)}', '${sql.raw(DIRECT[field])}')`;
  if (touch === 'first') return sql<string>`${fromCookie}`;
  return sql<string>`case when "orders"."recovered_from" = 'ABANDONED_CART' then '${sql.raw(REMINDER[field])}' else ${fromCookie} end`;
}

async function rowsBy(db: Db, touch: Touch, where: SQL | undefined) {
  const source = keyOf(touch, 'source');
  const medium = keyOf(touch, 'medium');
  const campaign = keyOf(touch, 'campaign');
  const rows = await db
    .select({
      source,
      medium,
      campaign,
      orders: sql<number>`count(*)::int`,
      revenuePaise: sql<string>`coalesce(sum(${orders.totalPaise}), 0)::bigint`,
      cod: sql<number>`count(*) filter (where ${orders.paymentMode} = 'COD')::int`,
      rto: sql<number>`count(*) filter (where ${orders.status} = 'RTO')::int`,
    })
    .from(orders)
    .where(where)
    .groupBy(source, medium, campaign);
  return rows
    .map((r): SalesBySourceRowDto & { revenuePaise: number } => {
      const revenuePaise = Number(r.revenuePaise);
      return {
        source: r.source,
        medium: r.medium,
        campaign: r.campaign,
        orders: r.orders,
        revenue: toRupees(revenuePaise),
        averageOrderValue: toRupees(Math.round(revenuePaise / r.orders)),
        codShare: Math.round((r.cod / r.orders) * 1000) / 1000,
        rtoRate: Math.round((r.rto / r.orders) * 1000) / 1000,
        revenuePaise,
      };
    })
    .sort(
      (a, b) => b.revenuePaise - a.revenuePaise || b.orders - a.orders || a.source.localeCompare(b.source),
    );
}

export function createSalesBySource(db: Db) {
  async function report(query: Pick<SalesBySourceQueryInput, 'from' | 'to'>): Promise<SalesBySourceDto> {
    const where: SQL[] = [ne(orders.status, 'CANCELLED')];
    if (query.from) where.push(gte(orders.createdAt, startOfIstDay(query.from)));
    if (query.to) where.push(lt(orders.createdAt, new Date(startOfIstDay(query.to).getTime() + DAY_MS)));
    const condition = and(...where);
    const [last, first] = await Promise.all([rowsBy(db, 'last', condition), rowsBy(db, 'first', condition)]);
    const strip = ({ revenuePaise: _p, ...row }: (typeof last)[number]) => row;
    const totalPaise = last.reduce((sum, r) => sum + r.revenuePaise, 0);
    return {
      from: query.from ?? null,
      to: query.to ?? null,
      lastTouch: last.map(strip),
      firstTouch: first.map(strip),
      totals: { orders: last.reduce((sum, r) => sum + r.orders, 0), revenue: toRupees(totalPaise) },
    };
  }

  return {
    report,
    /** Both tables in one sheet, a 'touch' column first (amounts in rupees, shares as percentages). */
    async csv(query: Pick<SalesBySourceQueryInput, 'from' | 'to'>): Promise<string> {
      const r = await report(query);
      const rows = (touch: string, list: SalesBySourceRowDto[]) =>
        list.map((x) => [
          touch,
          x.source,
          x.medium,
          x.campaign,
          String(x.orders),
          csvRupees(Math.round(x.revenue * 100)),
          csvRupees(Math.round(x.averageOrderValue * 100)),
          (x.codShare * 100).toFixed(1),
          (x.rtoRate * 100).toFixed(1),
        ]);
      return csvDocument(
        [
          'Touch',
          'Source',
          'Medium',
          'Campaign',
          'Orders',
          'Revenue (₹)',
          'Average order value (₹)',
          'COD share (%)',
          'RTO rate (%)',
        ],
        [...rows('last', r.lastTouch), ...rows('first', r.firstTouch)],
      );
    },
  };
}
