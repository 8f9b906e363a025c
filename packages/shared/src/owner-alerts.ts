// When the owner's alerts go out (issue 41, decision 0050): new orders one by one or as a digest
// every N minutes (windows on an Indian clock), low stock once each time a variant falls below its
// reorder level, a grievance once as its next deadline nears, the daily summary at 09:00 IST for
// yesterday, and WhatsApp never inside the shop's quiet hours (the marketing rule of decision
// 0041, reused: `outsideQuietHours`). Pure functions; the clock is the caller's (`now`), so tests
// pin it. IST is UTC+05:30 all year, a fixed offset.
import { addDays, istDay } from './analytics.ts';
import { istMinuteOfDay, outsideQuietHours, type QuietHours } from './marketing-timing.ts';

export const ALERT_KINDS = [
  'new_order',
  'low_stock',
  'payment',
  'failed_job',
  'grievance',
  'daily_summary',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_CHANNELS = ['email', 'whatsapp', 'sms'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** The digest lengths the owner may choose; 0: each order on its own. */
export const DIGEST_MINUTES = [0, 5, 15, 30, 60, 120, 240, 720, 1440] as const;

/** 09:00 on an Indian clock, as minutes after midnight. */
export const DAILY_SUMMARY_MINUTE = 9 * 60;
/** A grievance's deadline is 'near' this long before it. */
export const GRIEVANCE_WARN_MS = 12 * 3_600_000;
/** How far back a scan looks when it has no cursor yet, and at most (a shop down for days). */
export const FIRST_SCAN_LOOKBACK_MS = 15 * 60_000;
export const MAX_SCAN_LOOKBACK_MS = 24 * 3_600_000;
/** Each scan looks this much before its last one too: a row committed late is still seen (keys dedupe). */
export const SCAN_OVERLAP_MS = 5 * 60_000;

const IST_OFFSET_MS = 330 * 60_000;
const MINUTE_MS = 60_000;

export interface AlertPreference {
  channels: readonly AlertChannel[];
  kinds: readonly AlertKind[];
  /** 0: a new-order alert per order; N: one digest per N-minute window. */
  digestMinutes: number;
}

/** What a staff member gets when they never saved a preference: everything, by e-mail, each order. */
export const DEFAULT_ALERT_PREFERENCE: AlertPreference = {
  channels: ['email'],
  kinds: [...ALERT_KINDS],
  digestMinutes: 0,
};

/** Whether a staff member's preference asks for alerts of `kind` (and has a channel to get them on). */
export function wantsAlert(p: AlertPreference, kind: AlertKind): boolean {
  return p.channels.length > 0 && p.kinds.includes(kind);
}

export interface DigestWindow {
  /** The window's number: stable for a given length, so it keys the digest's job. */
  index: number;
  start: Date;
  /** Exclusive: the moment the digest goes. */
  end: Date;
}

/**
 * The `minutes`-long window holding `at`. Windows are counted on an Indian clock, so an hourly
 * digest covers 10:00–11:00 IST rather than 10:30–11:30, and a daily one a calendar day.
 */
export function digestWindow(at: Date, minutes: number): DigestWindow {
  if (!Number.isInteger(minutes) || minutes <= 0) throw new Error(`Not a digest length: ${minutes}`);
  const len = minutes * MINUTE_MS;
  const index = Math.floor((at.getTime() + IST_OFFSET_MS) / len);
  const start = index * len - IST_OFFSET_MS;
  return { index, start: new Date(start), end: new Date(start + len) };
}

/**
 * How a new order reaches one staff member: at once (`digestMinutes` 0), or in the digest of its
 * window, which goes when the window closes.
 */
export function newOrderPlan(
  placedAt: Date,
  digestMinutes: number,
): { kind: 'each' } | { kind: 'digest'; window: DigestWindow } {
  if (digestMinutes <= 0) return { kind: 'each' };
  return { kind: 'digest', window: digestWindow(placedAt, digestMinutes) };
}

/**
 * When an alert due at `due` is sent on `channel`: WhatsApp waits for the end of the quiet hours
 * (it is the channel that rings a phone at night); e-mail and SMS go when due.
 */
export function alertSendTime(due: Date, channel: AlertChannel, quiet: QuietHours | null): Date {
  return channel === 'whatsapp' ? outsideQuietHours(due, quiet) : due;
}

/**
 * The daily summary due at `now`: from 09:00 IST on, that IST day's summary (of the day before)
 * is due; before 09:00, none (yesterday's was due yesterday). A shop down at 09:00 sends it when
 * it is back the same day; its key (`day`) makes it once.
 */
export function dailySummaryDue(now: Date): { day: string; of: string } | null {
  if (istMinuteOfDay(now) < DAILY_SUMMARY_MINUTE) return null;
  const day = istDay(now);
  return { day, of: addDays(day, -1) };
}

/** The instant of 09:00 IST on `day` ('YYYY-MM-DD'). */
export function dailySummaryAt(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS + DAILY_SUMMARY_MINUTE * MINUTE_MS);
}

/**
 * Low stock alerts once per fall: the variants below their level now that were not before are
 * told; those back at or above it are forgotten, so a later fall is told again.
 */
export function lowStockChanges(
  before: ReadonlySet<number>,
  now: ReadonlySet<number>,
): { fell: number[]; recovered: number[] } {
  return {
    fell: [...now].filter((id) => !before.has(id)).sort((a, b) => a - b),
    recovered: [...before].filter((id) => !now.has(id)).sort((a, b) => a - b),
  };
}

/** Below the reorder level: strictly less than it (a level of 10 alerts at 9). */
export const isBelowReorderLevel = (stock: number, level: number) => stock < level;

/**
 * Whether an open grievance's next deadline is near enough to alert: within `warnMs` before it, or
 * missed within the last day (a scan that ran late still tells once; older ones are the queue's).
 */
export function grievanceNearDeadline(dueAt: Date, now: Date, warnMs = GRIEVANCE_WARN_MS): boolean {
  const t = now.getTime();
  const due = dueAt.getTime();
  return t >= due - warnMs && t < due + MAX_SCAN_LOOKBACK_MS;
}

/**
 * The span a scan at `now` reads for new rows, from its last run (`cursor`): a little before the
 * cursor (late commits), never more than a day back, the first time a quarter of an hour.
 */
export function scanSpan(cursor: Date | null, now: Date): { from: Date; to: Date } {
  const floor = now.getTime() - MAX_SCAN_LOOKBACK_MS;
  const from = cursor ? cursor.getTime() - SCAN_OVERLAP_MS : now.getTime() - FIRST_SCAN_LOOKBACK_MS;
  return { from: new Date(Math.max(floor, Math.min(from, now.getTime()))), to: now };
}
