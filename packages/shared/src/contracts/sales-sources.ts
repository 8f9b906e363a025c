// Where sales came from (issue 38): the order's touches, the sales-by-source report, the product
// feeds' back-office summary and the purchase event (kept apart from issue 37's marketing contracts).
import * as z from './zod.ts';

export const Touch = z
  .object({
    source: z.string(),
    medium: z.string(),
    campaign: z.string().nullable(),
    content: z.string().nullable(),
    term: z.string().nullable(),
    gclid: z.string().nullable(),
    fbclid: z.string().nullable(),
    referrer: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'Touch' });

/** First and last touch of the shopper's visits before the order (30 days, first-party cookie). */
export const OrderAttribution = z.object({ first: Touch, last: Touch }).meta({ id: 'OrderAttribution' });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-01.');
export const SalesBySourceQuery = z.object({
  from: day.optional(),
  to: day.optional(),
});
export type SalesBySourceQueryInput = z.infer<typeof SalesBySourceQuery>;

export const SalesBySourceRow = z.object({
  source: z.string(),
  medium: z.string(),
  campaign: z.string(),
  orders: z.number().int(),
  /** Rupees: the orders' totals (cancelled orders left out). */
  revenue: z.number(),
  averageOrderValue: z.number(),
  /** Share of the orders paid cash on delivery, 0…1. */
  codShare: z.number(),
  /** Share of the orders that came back undelivered (RTO), 0…1. */
  rtoRate: z.number(),
});
export type SalesBySourceRowDto = z.infer<typeof SalesBySourceRow>;

export const SalesBySource = z
  .object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    lastTouch: z.array(SalesBySourceRow),
    firstTouch: z.array(SalesBySourceRow),
    totals: z.object({ orders: z.number().int(), revenue: z.number() }),
  })
  .meta({ id: 'SalesBySource' });
export type SalesBySourceDto = z.infer<typeof SalesBySource>;

export const FeedSummary = z
  .object({
    feeds: z.array(z.object({ name: z.string(), url: z.string(), items: z.number().int() })),
    leftOut: z.array(
      z.object({
        productId: z.number().int(),
        name: z.string(),
        sku: z.string(),
        reasons: z.array(z.enum(['no image', 'no description'])),
      }),
    ),
  })
  .meta({ id: 'FeedSummary' });
export type FeedSummaryDto = z.infer<typeof FeedSummary>;

/** GA4's purchase event for one order (issue 38): the browser sends it once, after consent. */
export const PurchaseEventBody = z
  .object({
    transaction_id: z.string(),
    currency: z.literal('INR'),
    value: z.number(),
    tax: z.number(),
    shipping: z.number(),
    coupon: z.string().optional(),
    payment_type: z.enum(['COD', 'online']),
    items: z.array(
      z.object({
        item_id: z.string(),
        item_name: z.string(),
        item_variant: z.string(),
        price: z.number(),
        quantity: z.number().int(),
        item_brand: z.string(),
        item_category: z.string(),
      }),
    ),
  })
  .meta({ id: 'PurchaseEvent' });
