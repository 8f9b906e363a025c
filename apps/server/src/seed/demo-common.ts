// What every part of the demo seed shares: the brand, rupees to paise, dates around "now", and
// the Hindi twin each demo record must have (decision 0018).
import { toPaise } from '@spice/shared/money';

export const DEMO_BRAND = 'Kesar Chakki';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The seed's prices in rupees; toPaise refuses a typo with a fraction of a paisa. */
export const rupees = (r: number): number => toPaise(r);

/** Dates relative to the seed's "now". */
export type DaysFromNow = (days: number) => Date;

/** The Hindi of a demo record: every demo record has one (decision 0018). */
export function hindiOf<T>(table: Record<string, T>, key: string): T {
  const found = table[key];
  if (found === undefined) throw new Error(`seed: no Hindi for ${key} (add it to demo-hindi.ts)`);
  return found;
}
