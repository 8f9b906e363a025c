// Batch stock rules (issue 39, decision 0044): a variant's units live in batches with a best-before
// date. A batch is sellable when it is not recalled and its best-before is more than the shop's
// minimum remaining shelf life away; packing takes units first-expiry-first-out (FEFO) from
// sellable batches only; a negative count correction takes from the batches nearest their
// best-before first. Dates are calendar days in India ('YYYY-MM-DD'), compared as day numbers.

export const BATCH_DEFAULTS = {
  minShelfLifeDays: 30,
  /** Alert on batches within this many days of the minimum shelf life. */
  expiryAlertDays: 60,
  reorderLevel: 10,
  /** Without a shelf life on the product: a year. */
  shelfLifeMonths: 12,
} as const;

export interface BatchUnits {
  batchNumber: string;
  bestBefore: string;
  /** Units on the shelf: received + returned + adjusted − sold. */
  onHand: number;
  recalled: boolean;
}

export interface Allocation {
  batchNumber: string;
  quantity: number;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day (a plain calendar date, no time zone). */
export function dayNumber(day: string): number {
  if (!ISO_DAY.test(day)) throw new Error(`Not a day: ${day}`);
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** The 'YYYY-MM-DD' day of a day number. */
export function dayOf(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar day in India at an instant. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** Whole days from `today` to the best-before (negative once past). */
export function daysToBestBefore(bestBefore: string, today: string): number {
  return dayNumber(bestBefore) - dayNumber(today);
}

/** Not recalled and its best-before more than the minimum remaining shelf life away. */
export function isSellable(
  batch: Pick<BatchUnits, 'bestBefore' | 'recalled'>,
  today: string,
  minShelfLifeDays: number,
): boolean {
  return !batch.recalled && daysToBestBefore(batch.bestBefore, today) > minShelfLifeDays;
}

/** The units of the sellable batches (before reservations). */
export function sellableUnits(
  batches: readonly BatchUnits[],
  today: string,
  minShelfLifeDays: number,
): number {
  return batches.reduce(
    (sum, b) => sum + (isSellable(b, today, minShelfLifeDays) ? Math.max(0, b.onHand) : 0),
    0,
  );
}

/** Nearest best-before first; ties by batch number, so the order is the same on every run. */
function byBestBefore(a: BatchUnits, b: BatchUnits): number {
  if (a.bestBefore !== b.bestBefore) return a.bestBefore < b.bestBefore ? -1 : 1;
  return a.batchNumber < b.batchNumber ? -1 : a.batchNumber > b.batchNumber ? 1 : 0;
}

/** Takes `quantity` units from `batches` in order; null when they hold too few. */
function takeInOrder(batches: readonly BatchUnits[], quantity: number): Allocation[] | null {
  const taken: Allocation[] = [];
  let left = quantity;
  for (const b of batches) {
    if (left === 0) break;
    const n = Math.min(left, Math.max(0, b.onHand));
    if (n > 0) {
      taken.push({ batchNumber: b.batchNumber, quantity: n });
      left -= n;
    }
  }
  return left === 0 ? taken : null;
}

/**
 * A line's units first-expiry-first-out from the sellable batches: never an expired or recalled
 * unit, never more than a batch holds, the quantities adding up to the line. Null when the sellable
 * batches hold too few.
 */
export function allocateFefo(
  batches: readonly BatchUnits[],
  quantity: number,
  today: string,
  minShelfLifeDays: number,
): Allocation[] | null {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new Error('A quantity is a whole number.');
  const sellable = batches.filter((b) => isSellable(b, today, minShelfLifeDays)).sort(byBestBefore);
  return takeInOrder(sellable, quantity);
}

/**
 * A negative stock change without a batch named (damage, count short): from the batches nearest
 * their best-before first, recalled ones left alone. Null when they hold too few.
 */
export function takeNearestFirst(batches: readonly BatchUnits[], quantity: number): Allocation[] | null {
  return takeInOrder(batches.filter((b) => !b.recalled).sort(byBestBefore), quantity);
}

/** The best-before of a pack made on `manufacturedOn` with a shelf life in months (end-of-month safe). */
export function bestBeforeFrom(manufacturedOn: string, shelfLifeMonths: number | null | undefined): string {
  const months = shelfLifeMonths && shelfLifeMonths > 0 ? shelfLifeMonths : BATCH_DEFAULTS.shelfLifeMonths;
  const [y, m, d] = manufacturedOn.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = total % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return dayOf(Math.round(Date.UTC(year, month, Math.min(d, lastDay)) / DAY_MS));
}

/** The batch a positive stock change without a batch becomes: named by the day it came in. */
export function datedBatchNumber(today: string): string {
  return `R-${today.replaceAll('-', '')}`;
}

/** 'Best before: March 2027 or later' on the product page (English; Hindi in the web messages). */
export function bestBeforeMonth(bestBefore: string, locale: 'en' | 'hi' = 'en'): string {
  return new Date(`${bestBefore}T00:00:00Z`).toLocaleDateString(locale === 'hi' ? 'hi-IN' : 'en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Whether a batch is within the alert window: sellable or not, its best-before is near the cut-off. */
export function nearExpiry(
  batch: Pick<BatchUnits, 'bestBefore' | 'recalled' | 'onHand'>,
  today: string,
  minShelfLifeDays: number,
  alertDays: number,
): boolean {
  return (
    !batch.recalled &&
    batch.onHand > 0 &&
    daysToBestBefore(batch.bestBefore, today) <= minShelfLifeDays + alertDays
  );
}
