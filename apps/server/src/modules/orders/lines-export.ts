// The orders export (issue 41): one CSV row per order line, with the line's GST figures as its
// invoice has them, the payment and the shipping, for a date range and the list's filter. Streamed:
// orders are read a batch at a time by keyset (id after the last one sent, never OFFSET), their
// lines, invoices and couriers for that batch alone, and each batch is written to the reply before
// the next is read, so 100,000 orders take the memory of one batch. A slow reader holds the next
// read back (the stream's backpressure), it does not pile rows up.
import { Readable } from 'node:stream';
import { paymentModeLabel } from '@spice/shared/cod';
import type { BulkOrdersQueryInput } from '@spice/shared/contracts/bulk';
import { formatRate } from '@spice/shared/gst';
import { statusLabel } from '@spice/shared/order-status';
import { stringify } from 'csv-stringify/sync';
import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvIstTimestamp, csvRupees, spreadsheetSafe } from '../../lib/csv.ts';
import { variantSkuById } from '../catalog/line-facts.ts';
import { invoiceTaxByOrder } from '../invoices/line-tax.ts';
import { couriersByOrder } from '../shipping/couriers-of.ts';
import { filterCondition } from './admin-service.ts';
import { orderItems, orders } from './schema.ts';

/** Orders per read: their lines, invoices and couriers are one statement each per batch. */
export const EXPORT_BATCH = 1000;

export const ORDER_LINES_HEADER = [
  'Order number',
  'Placed at (IST)',
  'Status',
  'Customer',
  'Mobile',
  'State',
  'Pincode',
  'Payment mode',
  'Payment status',
  'Payment id',
  'Invoice number',
  'Line',
  'Product',
  'Variant',
  'SKU',
  'Quantity',
  'Unit price (₹)',
  'MRP (₹)',
  'Line amount (₹)',
  'Discount share (₹)',
  'Taxable value (₹)',
  'GST rate',
  'HSN',
  'CGST (₹)',
  'SGST (₹)',
  'IGST (₹)',
  'Order total (₹)',
  'Delivery (₹)',
  'Courier',
  'AWB',
] as const;

type Row = string[];

/** The address text ends '…, city, state, pincode' (older orders have no state field). */
function stateOf(address: { state?: string; fullAddress: string; pincode: string }): string {
  if (address.state) return address.state;
  const parts = address.fullAddress.split(',').map((p) => p.trim());
  if (parts.at(-1) === address.pincode) parts.pop();
  return parts.length > 2 ? (parts.at(-1) ?? '') : '';
}

async function* orderLineRows(db: Db, query: BulkOrdersQueryInput): AsyncGenerator<Row[]> {
  const { orders: picked, ...filter } = query;
  const condition = and(
    filterCondition(filter),
    picked && picked.length > 0 ? inArray(orders.orderNumber, picked) : undefined,
  );
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        name: orders.userName,
        mobile: orders.userMobile,
        address: orders.address,
        paymentMode: orders.paymentMode,
        paymentStatus: orders.paymentStatus,
        paymentId: orders.providerPaymentId,
        invoiceNumber: orders.invoiceNumber,
        totalPaise: orders.totalPaise,
        deliveryPaise: orders.deliveryPaise,
        trackingId: orders.trackingId,
      })
      .from(orders)
      .where(and(condition, gt(orders.id, afterId)))
      .orderBy(asc(orders.id))
      .limit(EXPORT_BATCH);
    if (batch.length === 0) return;
    afterId = batch.at(-1)!.id;
    const ids = batch.map((o) => o.id);
    const [lines, taxes, couriers] = await Promise.all([
      db
        .select({
          orderId: orderItems.orderId,
          productName: orderItems.productName,
          variant: orderItems.variant,
          quantity: orderItems.quantity,
          pricePaise: orderItems.pricePaise,
          mrpPaise: orderItems.mrpPaise,
          sku: variantSkuById(sql`"order_items"."variant_id"`),
        })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.orderId), asc(orderItems.id)),
      invoiceTaxByOrder(db, ids),
      couriersByOrder(db, ids),
    ]);
    const rows: Row[] = [];
    let at = 0;
    for (const o of batch) {
      const tax = taxes.get(o.id);
      let n = 0;
      for (; at < lines.length && lines[at]!.orderId === o.id; at++, n++) {
        const line = lines[at]!;
        const taxed = tax?.goods[n];
        const amount = line.pricePaise * line.quantity;
        rows.push([
          o.orderNumber,
          csvIstTimestamp(o.createdAt),
          statusLabel(o.status),
          spreadsheetSafe(o.name),
          o.mobile,
          spreadsheetSafe(stateOf(o.address)),
          o.address.pincode,
          paymentModeLabel(o.paymentMode),
          o.paymentStatus,
          o.paymentId,
          o.invoiceNumber ?? '',
          String(n + 1),
          spreadsheetSafe(line.productName),
          spreadsheetSafe(line.variant),
          line.sku ?? '',
          String(line.quantity),
          csvRupees(line.pricePaise),
          csvRupees(line.mrpPaise),
          csvRupees(amount),
          // Blank until the order's invoice is issued (a COD order: when it ships).
          taxed ? csvRupees(taxed.discountPaise) : '',
          taxed ? csvRupees(taxed.taxablePaise) : '',
          taxed ? formatRate(taxed.rateBp) : '',
          taxed?.hsn ?? '',
          taxed ? csvRupees(taxed.cgstPaise) : '',
          taxed ? csvRupees(taxed.sgstPaise) : '',
          taxed ? csvRupees(taxed.igstPaise) : '',
          csvRupees(o.totalPaise),
          csvRupees(o.deliveryPaise),
          couriers.get(o.id) ?? '',
          o.trackingId ?? '',
        ]);
      }
    }
    yield rows;
  }
}

/**
 * The export as a byte stream (UTF-8 with a byte-order mark, so spreadsheets read the ₹ in the
 * header). The next batch is read only when the reader asks for more (Readable's read()), and a
 * batch goes out as one chunk of CSV text: per-row chunks cost more than the database reads.
 */
export function orderLinesCsv(db: Db, query: BulkOrdersQueryInput): Readable {
  const batches = orderLineRows(db, query);
  const csv = (rows: readonly Row[]) => stringify(rows as Row[], { record_delimiter: '\r\n' });
  let started = false;
  return new Readable({
    read() {
      const head = started ? '' : `\uFEFF${csv([[...ORDER_LINES_HEADER]])}`;
      started = true;
      batches.next().then(
        (next) => {
          if (next.done) {
            if (head) this.push(head);
            this.push(null);
          } else this.push(head + csv(next.value));
        },
        (error: unknown) => this.destroy(error as Error),
      );
    },
    destroy(error, callback) {
      // A reader gone midway (closed tab) ends the generator, so no further batch is read.
      batches.return(undefined).then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}
