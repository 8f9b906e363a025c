// Contracts of pincode lookups and the back office's delivery settings (issue 14).
import { isCalendarDate, parseCutoff, ZONE_KEYS } from '../delivery.ts';
import { MESSAGES } from '../messages.ts';
import { canonicalState } from '../states.ts';
import { PINCODE_PATTERN } from '../validators.ts';
import * as z from './zod.ts';

export const PincodeParam = z.object({
  pincode: z.string().regex(PINCODE_PATTERN, MESSAGES.addressPincode),
});

export const DeliveryEstimate = z
  .object({ from: z.string(), to: z.string() })
  .meta({ id: 'DeliveryEstimate', description: "Dates 'YYYY-MM-DD' in IST" });

/** What the shop offers at a pincode: the checkout's per-address answer. */
export const PincodeQuote = z.object({
  pincode: z.string(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  serviceable: z.boolean(),
  cod: z.boolean(),
  /** Why cash on delivery is not offered here; null when it is. */
  codReason: z.string().nullable(),
  /** Null when the shop does not deliver here. */
  estimatedDelivery: DeliveryEstimate.nullable(),
});
export type PincodeQuoteDto = z.infer<typeof PincodeQuote>;

/** The public look-up: the quote and the pincode's post-office localities for the address form. */
export const PincodeInfo = PincodeQuote.extend({
  localities: z.array(z.string()).meta({
    description: "India Post's post-office localities of the pincode, sorted ('Connaught Place')",
  }),
}).meta({ id: 'PincodeInfo' });
export type PincodeInfoDto = z.infer<typeof PincodeInfo>;

const Zone = z.object({ minDays: z.number().int(), maxDays: z.number().int(), cod: z.boolean() });
const zoneShape = <T extends z.ZodType>(zone: T) =>
  z.object(Object.fromEntries(ZONE_KEYS.map((k) => [k, zone])) as Record<(typeof ZONE_KEYS)[number], T>);

export const AdminDeliverySettings = z
  .object({
    warehousePincode: z.string(),
    /** 'HH:MM' on an Indian clock. */
    cutoff: z.string(),
    holidays: z.array(z.string()),
    zones: zoneShape(Zone),
    metroPrefixes: z.array(z.string()),
    specialStates: z.array(z.string()),
    specialPrefixes: z.array(z.string()),
    blocked: z.array(z.string()),
    version: z.number().int(),
  })
  .meta({ id: 'AdminDeliverySettings' });
export type AdminDeliverySettingsDto = z.infer<typeof AdminDeliverySettings>;

const PREFIX = 'Enter pincodes or their first digits, like 110001 or 79.';
const prefixes = z
  .array(
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,5}$/, PREFIX),
  )
  .max(500, 'At most 500 entries.');
const DAYS = 'Enter whole days from 0 to 30.';
const days = z.coerce.number({ error: DAYS }).int(DAYS).min(0, DAYS).max(30, DAYS);

const ZoneEdit = z
  .object({ minDays: days, maxDays: days, cod: z.boolean() })
  .refine((z) => z.maxDays >= z.minDays, {
    message: 'The longest delivery cannot be shorter than the quickest.',
    path: ['maxDays'],
  });

export const DeliverySettingsEdit = z.object({
  warehousePincode: z.string().trim().regex(PINCODE_PATTERN, MESSAGES.addressPincode),
  cutoff: z
    .string()
    .trim()
    .refine((v) => parseCutoff(v) !== null, 'Enter the cut-off as HH:MM on a 24-hour clock, like 14:00.'),
  holidays: z
    .array(z.string().trim().refine(isCalendarDate, 'Enter holidays as dates like 2026-01-26.'))
    .max(366, 'At most 366 holidays.'),
  zones: zoneShape(ZoneEdit),
  metroPrefixes: prefixes,
  specialStates: z
    .array(
      z
        .string()
        .trim()
        .refine((s) => canonicalState(s) !== null, 'Enter Indian states by their names.'),
    )
    .max(40)
    .transform((list) => list.map((s) => canonicalState(s)!)),
  specialPrefixes: prefixes,
  blocked: prefixes,
  /** As loaded; 0 when the settings were never saved. */
  version: z.coerce.number().int().min(0).max(z.INT4_MAX, z.OUT_OF_RANGE),
});
export type DeliverySettingsEditInput = z.infer<typeof DeliverySettingsEdit>;
