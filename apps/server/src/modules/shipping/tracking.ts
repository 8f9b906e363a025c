// The `tracking` every order DTO carries (null before shipping): read here, beside the tables, so
// the orders module asks for it without reaching into shipping's tables.
import type { TrackingDto } from '@spice/shared/contracts/shipping';
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shipmentEvents, shipments } from './schema.ts';

/** Per order id that has shipped: courier, AWB, link and events oldest first. */
export async function trackingByOrder(
  db: Pick<Db, 'select'>,
  orderIds: readonly number[],
): Promise<Map<number, TrackingDto>> {
  const result = new Map<number, TrackingDto>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, [...orderIds]));
  if (rows.length === 0) return result;
  const events = await db
    .select()
    .from(shipmentEvents)
    .where(
      inArray(
        shipmentEvents.shipmentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
  for (const s of rows) {
    result.set(s.orderId, {
      courier: s.courierName,
      awb: s.awb,
      url: s.trackingUrl,
      events: events
        .filter((e) => e.shipmentId === s.id)
        .map((e) => ({ status: e.status, at: e.at.toISOString(), location: e.location, detail: e.detail })),
    });
  }
  return result;
}

export async function trackingOf(db: Pick<Db, 'select'>, orderId: number): Promise<TrackingDto | null> {
  return (await trackingByOrder(db, [orderId])).get(orderId) ?? null;
}

/**
 * Whether an order has a shipment, by the order id column the caller holds: an expression for the
 * orders module's one-statement list (the shipments table is named only in this module).
 */
export const hasShipment = (orderId: SQL) =>
  sql<boolean>`exists (select 1 from shipments s where s.order_id = ${orderId})`;

/**
 * An order's latest shipment as { courier, awb, url } (null before one), by the order id column
 * the caller holds: an expression for the orders module's one-statement reads.
 */
export const latestShipment = (orderId: SQL) =>
  sql<{ courier: string | null; awb: string | null; url: string | null } | null>`(
    select json_build_object('courier', s.courier_name, 'awb', s.awb, 'url', s.tracking_url)
    from shipments s where s.order_id = ${orderId} order by s.id desc limit 1)`;
