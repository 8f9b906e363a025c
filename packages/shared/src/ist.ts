// India Standard Time for the back office's date-time fields: the owner types times as they read
// them on an Indian clock (a datetime-local field, no zone), the database keeps UTC instants.
// IST is UTC+05:30 all year (no daylight saving), so a fixed offset is exact.

const IST_OFFSET_MS = 330 * 60_000;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A datetime-local value ('2026-01-31T18:30', seconds optional) read as IST; null when not a real time. */
export function istLocalToDate(local: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = m.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(wall);
  // Date.UTC rolls 31 February over into March; a round trip catches it.
  if (
    back.getUTCFullYear() !== y ||
    back.getUTCMonth() !== mo - 1 ||
    back.getUTCDate() !== d ||
    back.getUTCHours() !== h ||
    back.getUTCMinutes() !== mi ||
    back.getUTCSeconds() !== s
  ) {
    return null;
  }
  return new Date(wall - IST_OFFSET_MS);
}

/**
 * A time as the back office accepts it: a datetime-local value read as IST, or a full ISO 8601
 * instant with its zone ('…Z', '…+05:30') from an API client. Null when it is neither.
 */
export function parseIstDateTime(value: string): Date | null {
  if (LOCAL.test(value)) return istLocalToDate(value);
  if (!WITH_ZONE.test(value)) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t);
}

/** An instant as a datetime-local value on an Indian clock ('2026-01-31T18:30'), for form fields. */
export function toIstLocal(at: Date | string): string {
  const t = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(t + IST_OFFSET_MS).toISOString().slice(0, 16);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An instant as a shopper reads it on an Indian clock: '23 Nov 2026, 9:05 pm IST'. Built by hand,
 * not with Intl, so the server's render and the browser's hydration always print the same text.
 */
export function formatIst(at: Date | string): string {
  const t = new Date((typeof at === 'string' ? Date.parse(at) : at.getTime()) + IST_OFFSET_MS);
  const h = t.getUTCHours();
  const minutes = String(t.getUTCMinutes()).padStart(2, '0');
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}, ${hour12}:${minutes} ${h < 12 ? 'am' : 'pm'} IST`;
}
