// Shipments and tracking as the API shows them (issue 14, part 2).
import * as z from './zod.ts';

export const TrackingEvent = z.object({
  /** The courier's own words, e.g. 'IN TRANSIT', 'OUT FOR DELIVERY'. */
  status: z.string(),
  at: z.string(),
  location: z.string().nullable(),
});

/** Null on an order until it ships. Events oldest first. */
export const Tracking = z
  .object({
    courier: z.string(),
    awb: z.string(),
    url: z.string().nullable(),
    events: z.array(TrackingEvent),
  })
  .meta({ id: 'Tracking' });
export type TrackingDto = z.infer<typeof Tracking>;

export const ShippingOptions = z
  .object({
    couriers: z.array(z.object({ code: z.string(), name: z.string() })),
    /** The courier API that books parcels itself, when configured ('shiprocket'), else null. */
    automatic: z.string().nullable(),
  })
  .meta({ id: 'ShippingOptions' });

/** Order numbers, comma-separated or repeated (`orders=A&orders=B`, as a form's checkboxes send them). */
export const LabelsQuery = z.object({
  orders: z
    .union([z.string().max(2000), z.array(z.string().max(40)).max(100)])
    .transform((v) => [
      ...new Set((Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean)),
    ])
    .pipe(z.array(z.string().min(1).max(40)).min(1, 'Choose at least one order.').max(100)),
});

export const WebhookProviderParam = z.object({ provider: z.string().min(1).max(30) });
