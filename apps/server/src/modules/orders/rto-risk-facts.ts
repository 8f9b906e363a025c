// What the RTO risk rules (shared/rto-risk.ts) need to know when a COD order is placed, read in
// one prepared statement before the placing transaction (so it holds no lock longer): this
// shopper's earlier orders, the shop's 90th percentile COD amount and how many COD parcels to
// this pincode and its first three digits came back in the last 90 days. Decision record 0034.
import type { RtoRisk, RtoRiskFacts } from '@spice/shared/rto-risk';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { orders } from './schema.ts';

/** Orders of the last 90 days read for the shop's percentile and the area rates (the newest). */
const WINDOW_ORDERS = 5000;
/** Fewer COD orders than this give no percentile: a new shop's first orders say little. */
const MIN_ORDERS_FOR_PERCENTILE = 20;

const ph = (name: string) => sql.placeholder(name);

const factsRow = preparedStatement('rto_risk_facts', (db) =>
  db
    .select({
      earlierCod: sql<number>`(select count(*)::int from orders o where o.user_id = ${ph('userId')} and o.payment_mode = 'COD')`,
      cancelled: sql<number>`(select count(*)::int from orders o where o.user_id = ${ph('userId')} and o.status = 'CANCELLED')`,
      returned: sql<number>`(select count(*)::int from orders o where o.user_id = ${ph('userId')} and o.status = 'RTO')`,
      p90: sql<number | null>`agg.p90`,
      pinFinished: sql<number>`agg.pin_finished`,
      pinReturned: sql<number>`agg.pin_returned`,
      areaFinished: sql<number>`agg.area_finished`,
      areaReturned: sql<number>`agg.area_returned`,
    })
    // An aggregate without GROUP BY: always one row, even when no COD order is that recent.
    .from(
      sql`(select
          case when count(*) >= ${sql.raw(String(MIN_ORDERS_FOR_PERCENTILE))}
            then percentile_disc(0.9) within group (order by r.total_paise) end as p90,
          (count(*) filter (where r.pin = ${ph('pincode')} and r.status in ('DELIVERED', 'RTO')))::int as pin_finished,
          (count(*) filter (where r.pin = ${ph('pincode')} and r.status = 'RTO'))::int as pin_returned,
          (count(*) filter (where left(r.pin, 3) = ${ph('area')} and r.status in ('DELIVERED', 'RTO')))::int as area_finished,
          (count(*) filter (where left(r.pin, 3) = ${ph('area')} and r.status = 'RTO'))::int as area_returned
        from (select o.total_paise, o.status, o.address->>'pincode' as pin from orders o
          where o.payment_mode = 'COD' and o.created_at > now() - interval '90 days'
          order by o.created_at desc limit ${sql.raw(String(WINDOW_ORDERS))}) as r) as agg`,
    ),
);

export async function rtoRiskFacts(
  executor: Db | Tx,
  input: { userId: number; pincode: string; amountPaise: number; addressLine: string },
): Promise<RtoRiskFacts> {
  const [row] = await factsRow(executor).execute({
    userId: input.userId,
    pincode: input.pincode,
    area: input.pincode.slice(0, 3),
  });
  return {
    earlierCodOrders: row?.earlierCod ?? 0,
    amountPaise: input.amountPaise,
    p90AmountPaise: row?.p90 ?? null,
    pincode: { finished: row?.pinFinished ?? 0, returned: row?.pinReturned ?? 0 },
    area: { finished: row?.areaFinished ?? 0, returned: row?.areaReturned ?? 0 },
    earlierCancellations: row?.cancelled ?? 0,
    earlierRtos: row?.returned ?? 0,
    addressLine: input.addressLine,
  };
}

const setRisk = preparedStatement('order_set_rto_risk', (db) =>
  db
    .update(orders)
    .set({ rtoRisk: sql`${sql.placeholder('risk')}::jsonb` })
    .where(eq(orders.id, sql.placeholder('orderId'))),
);

export async function recordRtoRisk(tx: Tx, orderId: number, risk: RtoRisk): Promise<void> {
  await setRisk(tx).execute({ orderId, risk: JSON.stringify(risk) });
}
