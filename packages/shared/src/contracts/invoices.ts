// Contracts of GST invoices (issue 13): the store's GST settings, the buyer's optional GSTIN at
// checkout, product tax fields and the back office's monthly register.

import {
  GST_STATES,
  gstinProblem,
  gstinStateMismatch,
  normaliseGstin,
  SERIES_PREFIX_INVALID,
  seriesPrefixFits,
} from '../gst.ts';
import { isWholePaise } from '../money.ts';
import { Rupees, RupeesInput } from './rupees.ts';

export { GSTIN_LABEL } from '../gst.ts';

import * as z from './zod.ts';

/** A GSTIN as typed (spaces and case forgiven), checked for shape, state code and check digit. */
export const Gstin = z
  .string()
  .transform(normaliseGstin)
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Checkout's optional GSTIN: blank means a consumer invoice. */
export const OptionalGstin = z
  .union([z.literal('').transform(() => null), Gstin])
  .nullish()
  .transform((v) => v ?? null);

export const HSN_INVALID = 'An HSN code has 4, 6 or 8 digits.';
export const GST_RATE_INVALID = 'A GST rate is a percent from 0 to 40 with at most two decimals.';

/** Product tax fields; null while the owner has not set them (invoices then use HSN 0910 at 5%). */
export const ProductTaxFields = z.object({
  hsnCode: z
    .string()
    .trim()
    .refine((s) => s === '' || /^(\d{4}|\d{6}|\d{8})$/.test(s), HSN_INVALID)
    .transform((s) => (s === '' ? null : s))
    .nullish()
    .transform((v) => v ?? null),
  gstRate: z
    .number({ error: GST_RATE_INVALID })
    .min(0, GST_RATE_INVALID)
    .max(40, GST_RATE_INVALID)
    .refine(isWholePaise, GST_RATE_INVALID)
    .nullish()
    .transform((v) => v ?? null),
});

export const InvoiceSettingsEdit = z
  .object({
    legalName: z.string().trim().min(1, 'Enter the legal name.').max(120),
    tradeName: z.string().trim().max(120).default(''),
    gstin: Gstin,
    address: z.string().trim().min(1, 'Enter the registered address.').max(400),
    stateCode: z.string().refine((c) => Boolean(GST_STATES[c]), 'Choose the state of registration.'),
    fssai: z
      .string()
      .trim()
      .refine((s) => s === '' || /^\d{14}$/.test(s), 'An FSSAI licence number has 14 digits.')
      .default(''),
    seriesPrefix: z.string().trim().toUpperCase().refine(seriesPrefixFits, SERIES_PREFIX_INVALID),
    /** GSTR-1's B2C (Large) limit in rupees: ₹1,00,000 since 1 August 2024 (decision 0030). */
    b2clThreshold: RupeesInput.refine(
      (v) => v > 0,
      'Enter the B2C (Large) limit in rupees, above 0.',
    ).default(100_000),
    /** The version the form showed; 0 before the settings were first saved. */
    version: z.coerce.number().int().nonnegative(),
  })
  .superRefine((s, ctx) => {
    // A GSTIN is issued per state: its first two digits are the registration's state code.
    if (GST_STATES[s.stateCode] && !gstinProblem(s.gstin) && s.gstin.slice(0, 2) !== s.stateCode) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: gstinStateMismatch(s.stateCode) });
    }
  });
export type InvoiceSettingsEditInput = z.infer<typeof InvoiceSettingsEdit>;

export const InvoiceSettings = z
  .object({
    legalName: z.string(),
    tradeName: z.string(),
    gstin: z.string(),
    address: z.string(),
    stateCode: z.string(),
    fssai: z.string(),
    seriesPrefix: z.string(),
    b2clThreshold: Rupees,
    version: z.number().int(),
  })
  .meta({ id: 'InvoiceSettings' });
export type InvoiceSettingsDto = z.infer<typeof InvoiceSettings>;

const heads = {
  taxable: Rupees,
  cgst: Rupees,
  sgst: Rupees,
  igst: Rupees,
  total: Rupees,
};

export const InvoiceRegisterQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month as YYYY-MM.')
    .optional(),
});

export const InvoiceRegister = z
  .object({
    month: z.string(),
    documents: z.array(
      z.object({
        kind: z.enum(['invoice', 'credit_note']),
        number: z.string(),
        orderNumber: z.string(),
        issuedAt: z.string(),
        buyer: z.string(),
        buyerGstin: z.string().nullable(),
        placeOfSupply: z.string(),
        /** Of a credit note: the invoice it cancels. */
        refersTo: z.string().nullable(),
        ...heads,
      }),
    ),
    invoiceTotals: z.object(heads),
    creditNoteTotals: z.object(heads),
  })
  .meta({ id: 'InvoiceRegister' });
export type InvoiceRegisterDto = z.infer<typeof InvoiceRegister>;

/**
 * GSTR-1's tables as CSVs (decision 0030): 'hsn' is both HSN tables together, 'b2c' the old name
 * of 'b2cs'.
 */
export const INVOICE_EXPORTS = [
  'b2b',
  'b2cl',
  'b2cs',
  'cdnr',
  'cdnur',
  'hsn-b2b',
  'hsn-b2c',
  'hsn',
  'docs',
  'b2c',
] as const;
export type InvoiceExport = (typeof INVOICE_EXPORTS)[number];
export const InvoiceExportParams = z.object({ kind: z.enum(INVOICE_EXPORTS) });

export const GSTR1_PERIOD_INVALID = 'Choose a return period as MMYYYY, like 112026.';
export const Gstr1Query = z.object({
  period: z.string({ error: GSTR1_PERIOD_INVALID }).regex(/^(0[1-9]|1[0-2])20\d\d$/, GSTR1_PERIOD_INVALID),
});
