// The COD remittance view (issue 12): delivered cash on delivery orders whose cash the courier has
// or has not yet paid over to the shop. Rupees at this edge, paise inside; days are IST days.

import { PageQuery } from './admin.ts';
import { Rupees } from './rupees.ts';
import * as z from './zod.ts';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Use a date like 2026-01-31.');

/** `remitted`: 'no' (the default: still owed by the courier), 'yes', or 'all'; from/to: delivery days (IST). */
export const CodRemittanceFilter = z.object({
  remitted: z.enum(['no', 'yes', 'all']).default('no'),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type CodRemittanceFilterInput = z.infer<typeof CodRemittanceFilter>;

export const CodRemittanceQuery = PageQuery.extend(CodRemittanceFilter.shape);
export type CodRemittanceQueryInput = z.infer<typeof CodRemittanceQuery>;

export const CodRemittanceRow = z
  .object({
    orderNumber: z.string(),
    customerName: z.string(),
    /** When the cash was collected (the order marked delivered). */
    collectedAt: z.string(),
    amount: Rupees,
    collectedBy: z.string().nullable(),
    remittedAt: z.string().nullable(),
    remittedBy: z.string().nullable(),
    reference: z.string().nullable(),
  })
  .meta({ id: 'CodRemittanceRow' });

const Totals = z.object({ orders: z.number().int(), amount: Rupees });

export const CodRemittancePage = z
  .object({
    content: z.array(CodRemittanceRow),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    /** Every order matching the filter (all pages). */
    totals: Totals,
    /** Everything collected and not yet remitted, whatever the filter. */
    outstanding: Totals,
  })
  .meta({ id: 'CodRemittancePage' });

export const MarkRemittedBody = z.object({
  orderNumbers: z
    .array(z.string().trim().min(1).max(40))
    .min(1, 'Choose at least one order.')
    .max(200, 'At most 200 orders at a time.'),
  /** The courier's remittance id or bank UTR, if any. */
  reference: z
    .string()
    .trim()
    .max(100, 'The reference is at most 100 characters.')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type MarkRemittedInput = z.infer<typeof MarkRemittedBody>;

export const MarkedRemitted = z
  .object({ remitted: z.number().int(), amount: Rupees, remittedAt: z.string() })
  .meta({ id: 'MarkedRemitted' });

export type CodRemittancePageDto = z.infer<typeof CodRemittancePage>;
