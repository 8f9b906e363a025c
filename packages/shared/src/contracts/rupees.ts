// The wire's rupee fields: every contract field that carries rupees is `Rupees` (or
// `RupeesInput` in a form), so a search for them lists the API's money edge. Beside the contracts
// rather than in money.ts, so the pages that only format money do not load zod.
import * as zod from 'zod';
// Both read only when a value is parsed: zod.ts and messages.ts import this module (through the
// message texts), so nothing of theirs may be read while it loads.
import { MESSAGES } from '../messages.ts';
import { isWholePaise } from '../money.ts';
import { isClientNumber } from './zod.ts';

export const RUPEES_MESSAGE = 'Enter an amount in rupees with up to two decimals, like 49 or 49.50.';

/**
 * A rupee amount on the wire (spec section 3: the API speaks rupees): whole paise. Every contract
 * field that carries rupees is this schema, so a search for `Rupees` lists them; the server
 * fills them with `toRupees(…Paise)` at the edge. (Not a `z.codec`: the storefront's loaders
 * call the services in-process and hand the same DTOs to the page, so one contract type must
 * mean rupees on both sides.)
 */
export const Rupees = zod
  .number()
  .refine((v) => isClientNumber(v), { error: () => MESSAGES.numberOutOfRange })
  .refine(isWholePaise, RUPEES_MESSAGE);

/** A rupee amount as typed in a form (the back office's settings and coupons): 0 to ₹10 lakh. */
export const RupeesInput = zod.coerce
  .number({ error: RUPEES_MESSAGE })
  .refine((v) => isClientNumber(v), { error: () => MESSAGES.numberOutOfRange })
  .min(0, RUPEES_MESSAGE)
  .max(1_000_000, 'That amount is too large.')
  .refine(isWholePaise, RUPEES_MESSAGE);
