// Bulk work in the back office (issue 41): one action on many orders, each order reported on its
// own; the orders export streamed one row per order line; the products CSV import's report.
import { ORDER_STATUSES } from '../order-status.ts';
import { AdminOrdersQuery } from './admin.ts';
import * as z from './zod.ts';

export const BULK_ORDER_ACTIONS = ['CONFIRM', 'PACK', 'SHIP', 'DELIVER'] as const;
export type BulkOrderAction = (typeof BULK_ORDER_ACTIONS)[number];

/** At most this many orders in one bulk action: a larger selection is narrowed by the filter first. */
export const BULK_MAX_ORDERS = 500;
export const BULK_TOO_MANY = `At most ${BULK_MAX_ORDERS} orders at once: narrow the filter first.`;
export const BULK_NONE_SELECTED = 'Select at least one order.';

/** The list's filter without its page: "all orders matching the filter". */
export const BulkOrderFilter = AdminOrdersQuery.omit({ page: true, size: true });
export type BulkOrderFilterInput = z.infer<typeof BulkOrderFilter>;

const orderNumbers = z
  .array(z.string().trim().min(1).max(40))
  .max(BULK_MAX_ORDERS, BULK_TOO_MANY)
  .transform((list) => [...new Set(list)]);

/** Either the orders ticked on the page, or every order the filter matches. */
export const BulkOrderActionRequest = z
  .object({
    action: z.enum(BULK_ORDER_ACTIONS),
    orders: orderNumbers.optional(),
    filter: BulkOrderFilter.optional(),
  })
  .refine((s) => (s.orders?.length ?? 0) > 0 || s.filter !== undefined, BULK_NONE_SELECTED)
  .meta({ id: 'BulkOrderActionRequest' });
export type BulkOrderActionInput = z.infer<typeof BulkOrderActionRequest>;

export const BulkOrderOutcome = z
  .object({
    orderNumber: z.string(),
    /** done: the order moved; refused: it was left exactly as it was, for `message`. */
    outcome: z.enum(['done', 'refused']),
    /** The order's status after the attempt (null when no such order). */
    status: z.enum(ORDER_STATUSES).nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: 'BulkOrderOutcome' });
export type BulkOrderOutcomeDto = z.infer<typeof BulkOrderOutcome>;

export const BulkOrderResult = z
  .object({
    action: z.enum(BULK_ORDER_ACTIONS),
    done: z.number().int(),
    refused: z.number().int(),
    results: z.array(BulkOrderOutcome),
  })
  .meta({ id: 'BulkOrderResult' });
export type BulkOrderResultDto = z.infer<typeof BulkOrderResult>;

/** Order numbers in a query: repeated (`orders=A&orders=B`, ticked boxes) or comma-separated. */
const orderNumberList = z
  .union([z.string().max(BULK_MAX_ORDERS * 41), z.array(z.string().max(40)).max(BULK_MAX_ORDERS)])
  .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean))])
  .pipe(z.array(z.string().min(1).max(40)).max(BULK_MAX_ORDERS, BULK_TOO_MANY));

/**
 * The labels PDF and the line export: the list's filter (dates are IST days), or only the orders
 * named. The export with neither is every order.
 */
export const BulkOrdersQuery = BulkOrderFilter.extend({ orders: orderNumberList.optional() });
export type BulkOrdersQueryInput = z.infer<typeof BulkOrdersQuery>;

// ---- Products CSV ---------------------------------------------------------------------------------

export const ProductImportRow = z
  .object({
    /** The CSV's own line number (the header is line 1). */
    line: z.number().int(),
    sku: z.string(),
    errors: z.array(z.string()),
    /** What applying the row changes, in words ('Price ₹249.00 → ₹259.00'); empty: nothing. */
    changes: z.array(z.string()),
  })
  .meta({ id: 'ProductImportRow' });

export const ProductImportReport = z
  .object({
    dryRun: z.boolean(),
    /** True once written: only when no row has an error. */
    applied: z.boolean(),
    rows: z.array(ProductImportRow),
    errorCount: z.number().int(),
    changedRows: z.number().int(),
    /** A problem with the file itself (no SKU column, not CSV); rows are empty then. */
    fileError: z.string().nullable(),
  })
  .meta({ id: 'ProductImportReport' });
export type ProductImportReportDto = z.infer<typeof ProductImportReport>;

export const ProductImportQuery = z.object({
  /** Default true: nothing is written unless dryRun=false is asked for. */
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

/** A products CSV at most this long (about 5,000 variants). */
export const PRODUCT_CSV_MAX_BYTES = 2 * 1024 * 1024;
