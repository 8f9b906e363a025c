// Money is integer paise everywhere inside the shop (fields named `…Paise`); rupees appear only
// where a contract is serialised (a field typed `Rupees`, contracts/rupees.ts, filled by
// `toRupees` in the DTO mapping next to the routes, read with `toPaise`) and where a page formats
// ₹ (`formatRupees`). No zod here: every page formats money, and zod would weigh on each one.
/**
 * Whether a rupee amount is whole paise (at most two decimals): the one check behind `Rupees`,
 * `RupeesInput` (contracts/rupees.ts) and `toPaise`.
 */
export function isWholePaise(rupees: number): boolean {
  return Number.isFinite(rupees) && Math.abs(Math.round(rupees * 100) - rupees * 100) < 1e-6;
}

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
