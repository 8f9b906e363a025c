// Shipments and tracking as the API shows them (issue 14, part 2).
import * as z from './zod.ts';

export const TrackingEvent = z.object({
  /** The courier's own words, e.g. 'IN TRANSIT', 'OUT FOR DELIVERY'. */
  status: z.string(),
  at: z.string(),
  location: z.string().nullable(),
  /** A failed attempt's reason (DELIVERY_FAILED), or the answer sent to the courier; null otherwise. */
  detail: z.string().nullable(),
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

/** Label page sizes: A5 for an office printer, 4×6 inch for a thermal label printer. */
export const LABEL_FORMATS = ['A5', '4x6'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const LABEL_FORMAT_NAMES: Record<LabelFormat, string> = {
  A5: 'A5 (office printer)',
  '4x6': '4 × 6 inch (thermal label printer)',
};

const labelText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).default('');

/** The back office's label settings; blank sender fields fall back to the store's own details. */
export const LabelSettingsEdit = z.object({
  format: z.enum(LABEL_FORMATS, { error: 'Choose a label size.' }),
  senderName: labelText(80),
  senderAddress: labelText(300),
  senderPhone: z
    .string()
    .trim()
    .refine((s) => s === '' || /^[+\d][\d\s-]{5,19}$/.test(s), 'Enter a phone number.')
    .default(''),
  returnAddress: labelText(300),
  /** The version the form showed; 0 before the settings were first saved. */
  version: z.coerce.number().int().nonnegative().max(2_147_483_647),
});
export type LabelSettingsEditInput = z.infer<typeof LabelSettingsEdit>;

export const LabelSettings = z
  .object({
    format: z.enum(LABEL_FORMATS),
    senderName: z.string(),
    senderAddress: z.string(),
    senderPhone: z.string(),
    returnAddress: z.string(),
    version: z.number().int(),
    /** What prints when a field is blank: the store name and the invoice's registered address. */
    defaults: z.object({ senderName: z.string(), senderAddress: z.string() }),
  })
  .meta({ id: 'LabelSettings' });
export type LabelSettingsDto = z.infer<typeof LabelSettings>;
