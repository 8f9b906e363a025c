import * as z from './zod.ts';

/** Every API error: `{ message, errors? }` (ARCHITECTURE.md, contracts). */
export const ErrorBody = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  // Some errors carry a detail for the page, e.g. `amount` (the current total) on a 409.
  .loose()
  .meta({ id: 'Error' });

export const IdParam = z.object({ id: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE) });

export const LANG_MESSAGE = "lang must be 'en' (English) or 'hi' (Hindi).";

/** `?lang=hi` on the public catalogue and content reads; absent means English. */
export const LangQuery = z.object({ lang: z.enum(['en', 'hi'], { error: LANG_MESSAGE }).default('en') });

/**
 * The Hindi twin of an English text field (decision 0018): the same length limit, blank allowed
 * (the storefront then shows the English). Left out of a request, the stored Hindi stays as it is.
 */
export const hindiText = (what: string, max: number) =>
  z
    .string({ error: `The Hindi ${what} must be text.` })
    .trim()
    .max(max, `The Hindi ${what} must be at most ${max.toLocaleString('en-IN')} characters.`)
    .optional();
