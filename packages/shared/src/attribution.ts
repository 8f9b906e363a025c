// Where a sale came from (issue 38): the first and the last touch of the shopper's visits, kept in
// a first-party cookie for 30 days and stored on the order. A touch is a landing with campaign
// parameters (utm_*), an ad click id (gclid, fbclid) or a link from another site; a direct visit
// (typed address, bookmark, the shop's own links) is no touch and changes nothing. The cookie never
// leaves the shop, so it needs no consent (decision 0042); it holds no personal data.

export const ATTRIBUTION_COOKIE = 'kc_src';
export const ATTRIBUTION_DAYS = 30;
const DAY_MS = 86_400_000;
const MAX_FIELD = 100;

export interface Touch {
  /** utm_source, or what the click id or referrer implies ('google', 'facebook', a host). */
  source: string;
  /** utm_medium, or 'cpc' / 'paid_social' / 'organic' / 'referral'. */
  medium: string;
  campaign: string | null;
  content: string | null;
  term: string | null;
  gclid: string | null;
  fbclid: string | null;
  /** The referring site's host name, when another site linked here. */
  referrer: string | null;
  /** When the touch happened (ISO 8601). */
  at: string;
}

export interface Attribution {
  first: Touch;
  last: Touch;
}

/** The report's row key for an order without a touch. */
export const DIRECT = { source: '(direct)', medium: '(none)', campaign: '(not set)' } as const;

const SEARCH_ENGINES = /(?:^|\.)(google|bing|yahoo|duckduckgo|yandex|baidu|ecosia)\.[a-z.]+$/;
const SOCIAL: [RegExp, string][] = [
  [/(?:^|\.)(?:facebook\.com|fb\.com|fb\.me)$/, 'facebook'],
  [/(?:^|\.)(?:instagram\.com)$/, 'instagram'],
  [/(?:^|\.)(?:whatsapp\.com|wa\.me)$/, 'whatsapp'],
  [/(?:^|\.)(?:t\.co|twitter\.com|x\.com)$/, 'twitter'],
  [/(?:^|\.)(?:youtube\.com|youtu\.be)$/, 'youtube'],
];

function clean(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v.slice(0, MAX_FIELD) : null;
}

function hostOf(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * The touch of a landing on `url` from `referrer` (the Referer header), or null for a direct
 * visit or a move within the shop (`ownHost`).
 */
export function touchOf(
  url: URL,
  referrer: string | null | undefined,
  ownHost: string,
  at: Date,
): Touch | null {
  const q = url.searchParams;
  const utmSource = clean(q.get('utm_source'));
  const gclid = clean(q.get('gclid'));
  const fbclid = clean(q.get('fbclid'));
  const host = hostOf(referrer);
  const referrerHost = host && host !== ownHost.toLowerCase() ? host.replace(/^www\./, '') : null;
  if (!utmSource && !gclid && !fbclid && !referrerHost) return null;
  const social = referrerHost ? SOCIAL.find(([re]) => re.test(referrerHost))?.[1] : undefined;
  const implied: [string, string] = gclid
    ? ['google', 'cpc']
    : fbclid
      ? [social === 'instagram' ? 'instagram' : 'facebook', 'paid_social']
      : referrerHost && SEARCH_ENGINES.test(referrerHost)
        ? [referrerHost.match(SEARCH_ENGINES)?.[1] ?? referrerHost, 'organic']
        : social
          ? [social, 'social']
          : [referrerHost ?? '(direct)', 'referral'];
  return {
    source: utmSource?.toLowerCase() ?? implied[0],
    medium: clean(q.get('utm_medium'))?.toLowerCase() ?? (utmSource ? '(none)' : implied[1]),
    campaign: clean(q.get('utm_campaign')),
    content: clean(q.get('utm_content')),
    term: clean(q.get('utm_term')),
    gclid,
    fbclid,
    referrer: referrerHost,
    at: at.toISOString(),
  };
}

/**
 * The attribution after a touch: the first touch stays while it is younger than 30 days, the
 * last is this one.
 */
export function withTouch(current: Attribution | null, touch: Touch): Attribution {
  if (!current) return { first: touch, last: touch };
  const firstAge = Date.parse(touch.at) - Date.parse(current.first.at);
  return { first: firstAge < ATTRIBUTION_DAYS * DAY_MS ? current.first : touch, last: touch };
}

/** The cookie's value: JSON (the cookie library URI-encodes it when setting, decodes when reading). */
export function encodeAttribution(a: Attribution): string {
  return JSON.stringify(a);
}

function readTouch(value: unknown): Touch | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const text = (k: string) => (typeof v[k] === 'string' ? clean(v[k] as string) : null);
  const source = text('source');
  const medium = text('medium');
  const at = text('at');
  if (!source || !medium || !at || Number.isNaN(Date.parse(at))) return null;
  return {
    source,
    medium,
    campaign: text('campaign'),
    content: text('content'),
    term: text('term'),
    gclid: text('gclid'),
    fbclid: text('fbclid'),
    referrer: text('referrer'),
    at,
  };
}

/**
 * The cookie read back (the shopper can write anything in it: every field is checked and cut to
 * length), or null when absent, unreadable or older than 30 days at `now`.
 */
export function decodeAttribution(value: string | undefined, now: Date): Attribution | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as { first?: unknown; last?: unknown };
    const first = readTouch(parsed.first);
    const last = readTouch(parsed.last);
    if (!first || !last) return null;
    if (now.getTime() - Date.parse(last.at) > ATTRIBUTION_DAYS * DAY_MS) return null;
    return { first, last };
  } catch {
    return null;
  }
}
