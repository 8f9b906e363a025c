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

export const IdParam = z.object({ id: z.coerce.number().int().positive() });
