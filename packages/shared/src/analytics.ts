// The owner's analytics (issue 40): the rules the reports share. Days are Indian (IST, UTC+05:30
// all year); a range is two calendar days 'YYYY-MM-DD', both included. The previous period is the
// same number of days just before. Weeks start on Monday (as the dashboard's RTO weeks did).

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

export const ANALYTICS_REPORTS = [
  'sales',
  'payments',
  'customers',
  'cohorts',
  'products',
  'funnel',
  'search',
] as const;
export type AnalyticsReport = (typeof ANALYTICS_REPORTS)[number];

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const RANGE_PRESETS = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'last90',
  'thisMonth',
  'lastMonth',
  'custom',
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  custom: 'Custom',
};

export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether 'YYYY-MM-DD' names a real calendar day. */
export function isDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === value;
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number): string => dayOf(dayMs(day) + n * DAY_MS);

/** Days from `from` to `to`, both included (1 for a single day). */
export const daysIn = (r: DayRange): number => Math.round((dayMs(r.to) - dayMs(r.from)) / DAY_MS) + 1;

/** The day an instant falls on, on an Indian clock. */
export const istDay = (at: Date): string => dayOf(at.getTime() + IST_OFFSET_MS);

/** The instant an IST day begins (its midnight in India), as UTC. */
export const istDayStart = (day: string): Date => new Date(dayMs(day) - IST_OFFSET_MS);

/** The half-open instants [start, end) a range covers in IST, for queries. */
export function rangeInstants(r: DayRange): { start: Date; end: Date } {
  return { start: istDayStart(r.from), end: istDayStart(addDays(r.to, 1)) };
}

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month `n` months after `day`'s month. */
export function addMonths(day: string, n: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + n;
  return dayOf(Date.UTC(y + Math.floor(m / 12), ((m % 12) + 12) % 12, 1));
}

/** A preset's days as of `now` (IST). 'Last 7 days' ends today and holds 7 days. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: Date): DayRange {
  const today = istDay(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: firstOfMonth(today), to: today };
    case 'lastMonth': {
      const from = addMonths(today, -1);
      return { from, to: addDays(firstOfMonth(today), -1) };
    }
  }
}

/** The period of the same length that ends the day before `r` begins. */
export function previousRange(r: DayRange): DayRange {
  const n = daysIn(r);
  return { from: addDays(r.from, -n), to: addDays(r.from, -1) };
}

export const RANGE_MESSAGES = {
  badDay: 'Dates must be real days written YYYY-MM-DD.',
  reversed: 'The start date must not be after the end date.',
  tooLong: 'A range can cover at most 2 years.',
} as const;

/**
 * Why a range cannot be reported, or null when it can: both real days, `from` not after `to`, and
 * at most 2 years (the day before `from`'s date two years on is the last allowed `to`).
 */
export function rangeProblem(r: DayRange): string | null {
  if (!isDay(r.from) || !isDay(r.to)) return RANGE_MESSAGES.badDay;
  if (r.from > r.to) return RANGE_MESSAGES.reversed;
  const y = Number(r.from.slice(0, 4)) + 2;
  const twoYearsOn = isDay(`${y}${r.from.slice(4)}`) ? `${y}${r.from.slice(4)}` : `${y}-03-01`;
  if (r.to >= twoYearsOn) return RANGE_MESSAGES.tooLong;
  return null;
}

/** The Monday of `day`'s week. */
export function weekStart(day: string): string {
  const weekday = (new Date(dayMs(day)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** The bucket a day falls in: the day itself, its week's Monday or its month's first day. */
export function bucketOf(day: string, g: Granularity): string {
  if (g === 'day') return day;
  if (g === 'week') return weekStart(day);
  return firstOfMonth(day);
}

/** Every bucket a range touches, in order (the first may start before `from`). */
export function bucketsOf(r: DayRange, g: Granularity): string[] {
  const out: string[] = [];
  let b = bucketOf(r.from, g);
  while (b <= r.to) {
    out.push(b);
    b = g === 'day' ? addDays(b, 1) : g === 'week' ? addDays(b, 7) : addMonths(b, 1);
  }
  return out;
}

/** The granularity a range reads best in when none is asked for: days up to 31, weeks to 180. */
export function defaultGranularity(r: DayRange): Granularity {
  const n = daysIn(r);
  return n <= 31 ? 'day' : n <= 180 ? 'week' : 'month';
}

/** Rupees with two decimals from integer paise (a number in JSON: 1234.5 is ₹1,234.50). */
export const rupees = (paise: number): number => Math.round(paise) / 100;

/** `part` of `whole` in percent with one decimal; null when there is no whole to divide. */
export function rate(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/** The change from `previous` to `current` in percent (one decimal); null from zero. */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/**
 * 'Viewed often but rarely bought': at least 10 views in the range and orders for fewer than 5 in
 * 100 of them.
 */
export function rarelyBought(views: number, orders: number): boolean {
  return views >= 10 && orders * 20 < views;
}

/** Whole months from month `a` to month `b` ('YYYY-MM'). */
export function monthsBetween(a: string, b: string): number {
  return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
}

export interface CohortCount {
  /** The month of the customers' first order, 'YYYY-MM'. */
  cohort: string;
  /** A month they ordered in, 'YYYY-MM' (the cohort's own month gives its size). */
  month: string;
  customers: number;
}

export interface CohortRow {
  cohort: string;
  customers: number;
  /** Month 1, 2, … after the first: customers of the cohort who ordered in it, and their share. */
  later: { offset: number; month: string; customers: number; share: number | null }[];
}

/**
 * The monthly cohort table: for each cohort, the share of its new customers who ordered again in
 * each later month up to `lastMonth` (a month with none of them ordering shows 0).
 */
export function cohortTable(counts: readonly CohortCount[], lastMonth: string): CohortRow[] {
  const sizes = new Map<string, number>();
  const later = new Map<string, number>();
  for (const c of counts) {
    if (c.month === c.cohort) sizes.set(c.cohort, (sizes.get(c.cohort) ?? 0) + c.customers);
    else if (c.month > c.cohort)
      later.set(`${c.cohort}|${c.month}`, (later.get(`${c.cohort}|${c.month}`) ?? 0) + c.customers);
  }
  return [...sizes.keys()].sort().map((cohort) => {
    const size = sizes.get(cohort) ?? 0;
    const months = Math.max(0, monthsBetween(cohort, lastMonth));
    return {
      cohort,
      customers: size,
      later: Array.from({ length: months }, (_, i) => {
        const month = addMonths(`${cohort}-01`, i + 1).slice(0, 7);
        const n = later.get(`${cohort}|${month}`) ?? 0;
        return { offset: i + 1, month, customers: n, share: rate(n, size) };
      }),
    };
  });
}

/**
 * Visitors counted by the storefront (decision 0043): a user agent that says it is a robot, a
 * crawler, a link previewer or a monitoring tool is not a shopper.
 */
const BOT =
  /bot|crawl|spider|slurp|facebookexternalhit|whatsapp|preview|monitor|lighthouse|pingdom|curl|wget|python|httpclient|go-http|node-fetch|axios|autocannon/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}

/** A search as stored: trimmed, lower case, inner spaces collapsed, at most 100 characters. */
export function searchTerm(q: string): string {
  return q.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 100);
}
