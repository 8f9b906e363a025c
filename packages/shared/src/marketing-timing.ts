// When a marketing message (or a back-in-stock alert) may go out (issue 37, decision 0041): never
// inside the quiet hours (default 21:00–10:00 IST, a window that may cross midnight), at most
// `maxPerDay` marketing messages per shopper in any 24 hours, and a cart counts as abandoned only
// after `idleMinutes` without a change and with no order since. Pure functions; the clock is the
// caller's (`at`), so tests pin it. IST is UTC+05:30 all year, a fixed offset.

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 3_600_000;
const HM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export interface QuietHours {
  /** 'HH:MM' on an Indian clock: quiet from here… */
  from: string;
  /** …until here (exclusive). from > to crosses midnight; from = to means no quiet hours. */
  to: string;
}

export const isHourMinute = (value: string) => HM.test(value);

/** 'HH:MM' as minutes after midnight. */
export function minutesOfDay(hm: string): number {
  const m = HM.exec(hm);
  if (!m) throw new Error(`Not a time of day: ${hm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes after midnight on an Indian clock at `at` (seconds dropped). */
export function istMinuteOfDay(at: Date): number {
  const ms = (((at.getTime() + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.floor(ms / 60_000);
}

/** Whether `at` falls inside the quiet hours (none: never). */
export function inQuietHours(at: Date, quiet: QuietHours | null): boolean {
  if (!quiet) return false;
  const from = minutesOfDay(quiet.from);
  const to = minutesOfDay(quiet.to);
  if (from === to) return false;
  const now = istMinuteOfDay(at);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** `at` itself when it is outside the quiet hours, else the moment they end (the morning). */
export function outsideQuietHours(at: Date, quiet: QuietHours | null): Date {
  if (!quiet || !inQuietHours(at, quiet)) return at;
  const to = minutesOfDay(quiet.to);
  const now = istMinuteOfDay(at);
  const wait = (to - now + 1440) % 1440;
  // Back to the start of the current minute, then forward to the quiet hours' end.
  const minuteStart = at.getTime() - (at.getTime() % 60_000);
  return new Date(minuteStart + wait * 60_000);
}

/**
 * The earliest moment from `at` on when fewer than `maxPerDay` of the shopper's marketing messages
 * (`sent`, any order) fall in the 24 hours before it. `maxPerDay` 0 allows none (null).
 */
export function afterDailyCap(at: Date, sent: readonly Date[], maxPerDay: number): Date | null {
  if (maxPerDay <= 0) return null;
  const recent = sent
    .map((d) => d.getTime())
    .filter((t) => t > at.getTime() - DAY_MS)
    .sort((a, b) => b - a);
  if (recent.length < maxPerDay) return at;
  // The maxPerDay-th newest must leave the window: exactly 24 h after it.
  return new Date(Math.max(at.getTime(), recent[maxPerDay - 1]! + DAY_MS));
}

/**
 * When a marketing message due at `due` actually goes: after the daily cap allows it, then out of
 * the quiet hours. A morning after the quiet hours may meet the cap again, so both are applied
 * until they agree. Null when the cap allows none.
 */
export function marketingSendTime(
  due: Date,
  rules: { quietHours: QuietHours | null; maxPerShopperPerDay: number },
  sent: readonly Date[],
): Date | null {
  let at = due;
  for (let i = 0; i < 8; i++) {
    const capped = afterDailyCap(at, sent, rules.maxPerShopperPerDay);
    if (!capped) return null;
    const next = outsideQuietHours(capped, rules.quietHours);
    if (next.getTime() === at.getTime()) return at;
    at = next;
  }
  return at;
}

/**
 * A cart is abandoned once it has gone `idleMinutes` without a change and no order was placed
 * since that change.
 */
export function isAbandoned(input: {
  lastChangeAt: Date;
  lastOrderAt: Date | null;
  now: Date;
  idleMinutes: number;
}): boolean {
  const { lastChangeAt, lastOrderAt, now, idleMinutes } = input;
  if (lastOrderAt && lastOrderAt.getTime() >= lastChangeAt.getTime()) return false;
  return now.getTime() - lastChangeAt.getTime() >= idleMinutes * 60_000;
}

/** How many back-in-stock subscribers one batch may tell: the new stock × the factor. */
export function backInStockBatchSize(stock: number, factor: number): number {
  return Math.max(0, Math.floor(stock) * Math.max(0, Math.floor(factor)));
}
