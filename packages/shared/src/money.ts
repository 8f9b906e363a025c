// Money is integer paise everywhere inside the shop (fields named `…Paise`); rupees appear only
// where a contract is serialised (a field typed `Rupees` below, filled by `toRupees` in the DTO
// mapping next to the routes, read with `toPaise`) and where a page formats ₹ (`formatRupees`).
import * as zod from 'zod';
// Both read only when a value is parsed: contracts/zod.ts and messages.ts import this module
// (through the message texts), so nothing of theirs may be read while it loads.
import { isClientNumber } from './contracts/zod.ts';
import { MESSAGES } from './messages.ts';

/**
 * Whether a rupee amount is whole paise (at most two decimals): the one check behind `Rupees`,
 * `RupeesInput` and `toPaise`.
 */
export function isWholePaise(rupees: number): boolean {
  return Number.isFinite(rupees) && Math.abs(Math.round(rupees * 100) - rupees * 100) < 1e-6;
}

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

/** Rupees (as the API and spec speak them) to integer paise, rejecting fractions of a paisa. */
export function toPaise(rupees: number): number {
  if (!isWholePaise(rupees)) throw new RangeError(`Not a rupee amount with at most two decimals: ${rupees}`);
  return Math.round(rupees * 100);
}

/** Rupees as the API gives them (at most two decimals) to whole paise, for display and comparison. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Integer paise to a rupee number for JSON (e.g. 12050 -> 120.5). */
export function toRupees(paise: number): number {
  return paise / 100;
}

const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Display form with the rupee sign and Indian digit grouping: ₹1,299 or ₹49.50. */
export function formatRupees(paise: number): string {
  const value = paise / 100;
  return `₹${paise % 100 === 0 ? whole.format(value) : withPaise.format(value)}`;
}

/** Display form of a rupee amount as the API gives it (e.g. 120.5 -> ₹120.50). */
export function formatPrice(rupees: number): string {
  return formatRupees(rupeesToPaise(rupees));
}
