// The storefront's two languages. English lives at today's URLs; Hindi under /hi. The page's URL
// decides its language; the `lang` cookie only remembers the shopper's choice (banner, messages).

export const LANGS = ['en', 'hi'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** The cookie that remembers the shopper's chosen language. */
export const LANG_COOKIE = 'lang';
/** BCP 47 tags for <html lang>, hreflang and Intl formatting. */
export const LANG_TAG: Record<Lang, string> = { en: 'en-IN', hi: 'hi-IN' };
/** Each language's name written in itself, for the language switch. */
export const LANG_NAME: Record<Lang, string> = { en: 'English', hi: 'हिन्दी' };

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'hi';
}

/** The language a path is in: '/hi' and '/hi/…' are Hindi, everything else English. */
export function pathLang(pathname: string): Lang {
  return pathname === '/hi' || pathname.startsWith('/hi/') ? 'hi' : 'en';
}

/** The path without its language prefix: '/hi/cart' → '/cart', '/hi' → '/'. */
export function stripLangPrefix(pathname: string): string {
  if (pathLang(pathname) === 'en') return pathname;
  const rest = pathname.slice(3);
  return rest === '' ? '/' : rest;
}

/** The same page in another language: localizePath('/cart', 'hi') → '/hi/cart'. Keeps ?query and #hash. */
export function localizePath(path: string, lang: Lang): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const tail = cut === -1 ? '' : path.slice(cut);
  const base = stripLangPrefix(pathname || '/');
  if (lang === 'en') return base + tail;
  return (base === '/' ? '/hi' : `/hi${base}`) + tail;
}

/**
 * The language an Accept-Language header asks for first, among ours (q-values honoured);
 * null when it names neither. 'hi-IN,hi;q=0.9,en;q=0.8' → 'hi'.
 */
export function langFromAcceptLanguage(header: string | null | undefined): Lang | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    if (isLang(entry.base)) return entry.base;
  }
  return null;
}

/** The `lang` cookie's value in a Cookie header, when it names one of ours. */
export function langFromCookie(cookieHeader: string | null | undefined): Lang | null {
  const value = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]+)`).exec(cookieHeader ?? '')?.[1];
  return isLang(value) ? value : null;
}

/**
 * Whether a page offers Hindi by a banner: an English page, a first visit (no `lang` cookie, so
 * no choice made yet) and an Accept-Language that asks for Hindi before English. Never a
 * redirect: crawlers and shared links keep their page. The page cache keys pages by this bit.
 */
export function offersHindi(
  pathname: string,
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): boolean {
  if (pathLang(pathname) !== 'en') return false;
  if (new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=`).test(cookieHeader ?? '')) return false;
  return langFromAcceptLanguage(acceptLanguage) === 'hi';
}
