// Numbers and dates as Indian shoppers read them, in the page's language: Indian digit grouping
// (1,00,000) in both, dates on the Indian clock (IST), month names in Hindi on Hindi pages.
// Prices keep formatRupees / <Price> (₹1,00,000 reads the same in both languages).
import { LANG_TAG, type Lang } from '@spice/shared/lang';

const TIME_ZONE = 'Asia/Kolkata';

export interface Formatters {
  /** 100000 → '1,00,000' (both languages). */
  number(n: number): string;
  /** A day: '23 Nov 2026' in English, '23 नवंबर 2026' in Hindi. */
  date(value: Date | string | number): string;
  /** An instant: '23 Nov 2026, 9:05 pm IST' in English, '23 नवंबर 2026, 9:05 pm IST' in Hindi. */
  dateTime(value: Date | string | number): string;
  /** A calendar day ('2026-11-26'), with its weekday: 'Thu, 26 Nov' / 'गुरुवार, 26 नवंबर'. */
  weekdayDate(day: string): string;
}

const cache = new Map<Lang, Formatters>();

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

/** The formatters for one language (made once per language). */
export function formatters(lang: Lang): Formatters {
  const known = cache.get(lang);
  if (known) return known;
  const tag = LANG_TAG[lang];
  // Hindi's short month names ('नव॰') read oddly; Hindi pages spell the month out.
  const month = lang === 'hi' ? 'long' : 'short';
  const numberFormat = new Intl.NumberFormat(tag, { numberingSystem: 'latn' });
  const dateFormat = new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month,
    year: 'numeric',
    timeZone: TIME_ZONE,
    numberingSystem: 'latn',
  });
  // Hindi reads the part of the day, not am/pm: 'रात 10:24', 'सुबह 9:05'.
  const timeFormat = new Intl.DateTimeFormat(tag, {
    hour: 'numeric',
    minute: '2-digit',
    ...(lang === 'hi' ? { dayPeriod: 'short' as const } : { hour12: true }),
    timeZone: TIME_ZONE,
    numberingSystem: 'latn',
  });
  // A calendar day is no instant: formatted as the UTC day it names.
  const dayFormat = new Intl.DateTimeFormat(tag, {
    weekday: lang === 'hi' ? 'long' : 'short',
    day: 'numeric',
    month,
    timeZone: 'UTC',
    numberingSystem: 'latn',
  });
  const made: Formatters = {
    number: (n) => numberFormat.format(n),
    date: (value) => dateFormat.format(toDate(value)),
    dateTime: (value) => {
      const date = toDate(value);
      return `${dateFormat.format(date)}, ${timeFormat.format(date).toLowerCase()} IST`;
    },
    weekdayDate: (day) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`Not a day: ${day}`);
      return dayFormat.format(toDate(`${day}T00:00:00Z`));
    },
  };
  cache.set(lang, made);
  return made;
}
