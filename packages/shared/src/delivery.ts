// Delivery rules (issue 14): which zone a pincode is in and by when a parcel ordered now arrives.
// Pure, the clock passed in, dates as 'YYYY-MM-DD' on an Indian clock (IST, UTC+05:30 all year),
// so the product page, the checkout and the API print the same dates.

export const ZONE_KEYS = ['local', 'state', 'metro', 'national', 'special'] as const;
export type ZoneKey = (typeof ZONE_KEYS)[number];

export const ZONE_LABELS: Record<ZoneKey, string> = {
  local: 'Same city as the warehouse',
  state: 'Same state',
  metro: 'Metro cities',
  national: 'Rest of India',
  special: 'Special regions',
};

export interface ZoneRule {
  minDays: number;
  maxDays: number;
  cod: boolean;
}

export interface DeliveryRules {
  warehousePincode: string;
  /** Minutes after midnight IST; an order at or after it ships the next working day. */
  cutoffMinutes: number;
  /** 'YYYY-MM-DD' days nothing ships or arrives (Sundays never do). */
  holidays: readonly string[];
  zones: Record<ZoneKey, ZoneRule>;
  /** Pincode prefixes (or whole pincodes) of the metro cities. */
  metroPrefixes: readonly string[];
  /** States and union territories couriers reach slowly (North-East, islands, J&K, Ladakh). */
  specialStates: readonly string[];
  specialPrefixes: readonly string[];
  /** Pincodes or prefixes the shop does not deliver to. */
  blocked: readonly string[];
}

export interface Place {
  pincode: string;
  district: string;
  state: string;
}

export const DELIVERY_MESSAGES = {
  notServiceable: 'We do not deliver to this pincode yet.',
  unknownPincode: 'We could not find this pincode.',
  stateMismatch: (state: string) => `This pincode is in ${state}.`,
  codAvailable: 'Cash on delivery available',
} as const;

export const startsWithAny = (prefixes: readonly string[], pincode: string) =>
  prefixes.some((p) => p.length > 0 && pincode.startsWith(p));

export function isServiceable(rules: Pick<DeliveryRules, 'blocked'>, pincode: string): boolean {
  return !startsWithAny(rules.blocked, pincode);
}

/**
 * The zone of a place seen from the warehouse, most specific first: the warehouse's own district,
 * then the special regions (slow whatever the state), the warehouse's state, the metros, the rest.
 */
export function resolveZone(
  rules: Pick<DeliveryRules, 'metroPrefixes' | 'specialStates' | 'specialPrefixes'>,
  warehouse: Place | null,
  place: Place,
): ZoneKey {
  if (warehouse && place.district === warehouse.district && place.state === warehouse.state) return 'local';
  if (rules.specialStates.includes(place.state) || startsWithAny(rules.specialPrefixes, place.pincode)) {
    return 'special';
  }
  if (warehouse && place.state === warehouse.state) return 'state';
  if (startsWithAny(rules.metroPrefixes, place.pincode)) return 'metro';
  return 'national';
}

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Today's date on an Indian clock. */
export const istDate = (now: Date) => toDay(now.getTime() + IST_OFFSET_MS);

export function isWorkingDay(day: string, holidays: readonly string[]): boolean {
  return new Date(dayMs(day)).getUTCDay() !== 0 && !holidays.includes(day);
}

/** The working day `n` working days after `day` (n = 0: `day` itself if it works, else the next). */
export function addWorkingDays(day: string, n: number, holidays: readonly string[]): string {
  let t = dayMs(day);
  while (!isWorkingDay(toDay(t), holidays)) t += DAY_MS;
  for (let left = n; left > 0; ) {
    t += DAY_MS;
    if (isWorkingDay(toDay(t), holidays)) left--;
  }
  return toDay(t);
}

/** The day an order placed `now` is handed to the courier. */
export function dispatchDate(now: Date, cutoffMinutes: number, holidays: readonly string[]): string {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const today = toDay(ist.getTime());
  const minutes = ist.getUTCHours() * 60 + ist.getUTCMinutes();
  if (isWorkingDay(today, holidays) && minutes < cutoffMinutes) return today;
  return addWorkingDays(toDay(dayMs(today) + DAY_MS), 0, holidays);
}

/** A delivery window: the first and last day ('YYYY-MM-DD', IST) a parcel may arrive. */
export interface DeliveryWindow {
  from: string;
  to: string;
}

/**
 * The delivery window of an order placed `now`: dispatch, then the zone's days in transit, both
 * counted in working days (couriers neither ship nor deliver on Sundays and listed holidays).
 */
export function estimateDelivery(
  now: Date,
  rules: Pick<DeliveryRules, 'cutoffMinutes' | 'holidays'>,
  zone: ZoneRule,
): DeliveryWindow {
  const shipped = dispatchDate(now, rules.cutoffMinutes, rules.holidays);
  return {
    from: addWorkingDays(shipped, zone.minDays, rules.holidays),
    to: addWorkingDays(shipped, zone.maxDays, rules.holidays),
  };
}

/** '2025-11-27' → 'Thu, 27 Nov'. */
export function formatDeliveryDate(day: string): string {
  const d = new Date(dayMs(day));
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

const HINDI_DAY = new Intl.DateTimeFormat('hi-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
  numberingSystem: 'latn',
});

/** A delivery day ('2026-12-01'): 'Tue, 1 Dec' in English, 'मंगलवार, 1 दिसंबर' in Hindi. */
export function deliveryDay(day: string, lang: 'en' | 'hi'): string {
  return lang === 'hi' ? HINDI_DAY.format(new Date(dayMs(day))) : formatDeliveryDate(day);
}

/** What the shopper reads: the last day of the window is the promise. */
export const deliveryByLabel = (estimate: { to: string }) => `Delivery by ${formatDeliveryDate(estimate.to)}`;

const CUTOFF = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** '14:00' → 840; null when not a time of day. */
export function parseCutoff(text: string): number | null {
  const m = CUTOFF.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export const formatCutoff = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A real calendar date written 'YYYY-MM-DD'. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const t = dayMs(text);
  return !Number.isNaN(t) && toDay(t) === text;
}
