// The GST figures of orders' invoices, line by line, as issued (the invoice's snapshot): read here,
// beside the invoices table, for the orders export (issue 41). An order not invoiced yet (a COD
// order before it ships) has none: its tax is decided when its invoice is issued.
import type { TaxedRow } from '@spice/shared/gst';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices } from './schema.ts';

export interface InvoiceLineTax {
  number: string;
  /** The goods rows in the order's item order (id ascending), as the invoice printed them. */
  goods: TaxedRow[];
}

export async function invoiceTaxByOrder(
  db: Pick<Db, 'select'>,
  orderIds: readonly number[],
): Promise<Map<number, InvoiceLineTax>> {
  const result = new Map<number, InvoiceLineTax>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({
      orderId: invoices.orderId,
      number: invoices.number,
      // Only the goods rows of the snapshot: the seller and buyer blocks stay in the database.
      goods: sql<TaxedRow[] | null>`${invoices.snapshot}->'goods'`,
    })
    .from(invoices)
    .where(inArray(invoices.orderId, [...orderIds]));
  for (const r of rows) result.set(r.orderId, { number: r.number, goods: r.goods ?? [] });
  return result;
}
