// The storefront's i18n interface (decision 0017). The page's URL decides its language ('/hi…' is
// Hindi); the root loader hands the page the layout's messages and the page's loader its own
// (namespaces.ts names which), compiled (server.ts), so the browser loads one language, only the
// messages the page renders, and no ICU parser.
//   useLang()          the page's language
//   useT()             t(key, values) and t.rich(key, values) — ICU MessageFormat
//   useSpecMessages()  the spec's texts (messages.ts) in the page's language
//   useFormat()        numbers and dates, Indian style, IST
//   useLocalePath()    lp('/cart') → '/hi/cart' on Hindi pages
import { type Lang, localizePath, pathLang } from '@spice/shared/lang';
import type { SpecMessages } from '@spice/shared/messages-hi';
import { SPEC_FUNCTIONS_EN, SPEC_FUNCTIONS_HI, type SpecFunctions } from '@spice/shared/spec-functions';
import { useCallback } from 'react';
import { useLocation, useMatches } from 'react-router';
import { type Formatters, formatters } from './format';
import { errorPage as enErrorPage } from './messages/en.json';
import { errorPage as hiErrorPage } from './messages/hi.json';
import { type CompiledCatalogue, createTranslator, type Translate } from './translate';

export type { Formatters } from './format';
export type { MessageKey, MessageValues, RichValues, Translate } from './translate';

/** The page's language, from its URL. */
export function useLang(): Lang {
  return pathLang(useLocation().pathname);
}

/** A loader's `i18n` field: namespaces of one language's catalogue, compiled (server.ts). */
export interface PageMessages {
  /** Names this content (a hash of it): the page's translator is kept by its parts' ids. */
  id: string;
  lang: Lang;
  catalogue: CompiledCatalogue;
}

// The error page's texts (namespaces.ts BUNDLED_NAMESPACES), under every page's messages: when the
// root loader itself failed, its error page still speaks the page's language.
const errorTexts = (lang: Lang, texts: Record<string, string>): PageMessages => ({
  id: lang,
  lang,
  catalogue: Object.fromEntries(Object.entries(texts).map(([k, v]) => [`errorPage.${k}`, v])),
});
const FALLBACK: Record<Lang, PageMessages> = {
  en: errorTexts('en', enErrorPage),
  hi: errorTexts('hi', hiErrorPage),
};

interface PageTexts {
  t: Translate;
  catalogue: CompiledCatalogue;
  spec?: SpecMessages;
}
/** By the ids of the page's parts: a few entries, one per kind of page and dialogs opened. */
const pageTexts = new Map<string, PageTexts>();

function textsFor(lang: Lang, parts: PageMessages[]): PageTexts {
  const all = [FALLBACK[lang], ...parts];
  const id = all.map((p) => p.id).join();
  let texts = pageTexts.get(id);
  if (!texts) {
    const catalogue: CompiledCatalogue = Object.assign({}, ...all.map((p) => p.catalogue));
    texts = { t: createTranslator(lang, catalogue), catalogue };
    pageTexts.set(id, texts);
  }
  return texts;
}

const translatorFor = (lang: Lang, parts: PageMessages[]) => textsFor(lang, parts).t;

/** The spec's texts among the page's messages ('spec.messages.cartTitle' → messages.cartTitle). */
function specFor(lang: Lang, parts: PageMessages[]): SpecMessages {
  const texts = textsFor(lang, parts);
  const group = (prefix: string) =>
    Object.fromEntries(
      Object.entries(texts.catalogue)
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, text]) => [key.slice(prefix.length), text]),
    );
  texts.spec ??= {
    messages: group('spec.messages.'),
    searchPrompt: group('spec.searchPrompt.'),
    ...SPEC_FUNCTIONS[lang],
  } as SpecMessages;
  return texts.spec;
}

/**
 * The messages of the dialogs opened so far (i18n/dialogs.ts adds them; its code comes with the
 * dialogs', so the first load of a page carries none of it).
 */
export const dialogMessages: Record<Lang, PageMessages[]> = { en: [], hi: [] };

/** The page's messages: its routes' (root first) and the dialogs' loaded so far. */
function pagePartsOf(lang: Lang, data: readonly unknown[]): PageMessages[] {
  return [...messagesOf(lang, data), ...dialogMessages[lang]];
}

/** The `i18n` of each matched route's data that is in the page's language, root first. */
function messagesOf(lang: Lang, data: readonly unknown[]): PageMessages[] {
  const parts: PageMessages[] = [];
  for (const d of data) {
    const messages = (d as { i18n?: PageMessages } | null | undefined)?.i18n;
    if (messages?.lang === lang && messages.catalogue) parts.push(messages);
  }
  return parts;
}

/**
 * The translator for the page's language: the layout's messages (root loader) and the page's own
 * (its loader's `i18n`), until a navigation that crossed languages has loaded the new ones.
 */
export function useT(
  /** In an error boundary: the 404 the page's loader threw (pageNotFound carries its messages). */
  thrown?: unknown,
): Translate {
  const lang = useLang();
  const matches = useMatches();
  const data = matches.map((m) => m.loaderData);
  if (thrown) data.push((thrown as { data?: unknown }).data);
  return translatorFor(lang, pagePartsOf(lang, data));
}

/** The spec's texts as the root loader sends them: specMessages(lang) less its functions. */
export type SpecTexts = Pick<SpecMessages, 'messages' | 'searchPrompt'>;

const SPEC_FUNCTIONS: Record<Lang, SpecFunctions> = { en: SPEC_FUNCTIONS_EN, hi: SPEC_FUNCTIONS_HI };
/**
 * The spec's texts (MESSAGES, SEARCH_PROMPT, …) and text functions in the page's language: what
 * specMessages(lang) from @spice/shared/messages-hi gives, with the texts the page ships (entries
 * 'spec…' in namespaces.ts), so the browser's bundle carries neither language's texts (decision 0017).
 */
export function useSpecMessages(): SpecMessages {
  const lang = useLang();
  const matches = useMatches();
  return specFor(
    lang,
    pagePartsOf(
      lang,
      matches.map((m) => m.loaderData),
    ),
  );
}

/** Numbers and dates in the page's language: Indian grouping, IST, Hindi month names on Hindi pages. */
export function useFormat(): Formatters {
  return formatters(useLang());
}

/** A path in the page's language: lp('/cart') is '/hi/cart' on Hindi pages, '/cart' on English ones. */
export function useLocalePath(): (path: string) => string {
  const lang = useLang();
  return useCallback((path: string) => localizePath(path, lang), [lang]);
}

export { acceptLanguageFor, currentPageLang, pageSpecMessages, setPageSpecMessages } from './page-lang';

/**
 * A translator for meta functions, which cannot use hooks: from the matched routes' data (the
 * layout's messages and the page's), as useT() has them.
 */
export function metaT(
  matches: readonly ({ loaderData?: unknown } | undefined)[],
  /** The page's thrown 404 (pageNotFound in server.ts carries the page's messages). */
  error?: unknown,
): Translate {
  const root = matches[0]?.loaderData as { lang?: Lang } | undefined;
  const lang = root?.lang ?? 'en';
  const thrown = (error as { data?: unknown } | null | undefined)?.data;
  return translatorFor(lang, messagesOf(lang, [...matches.map((m) => m?.loaderData), thrown]));
}

/** The spec's texts for meta functions: from the matched routes' data, as useSpecMessages() has them. */
export function metaSpec(matches: readonly ({ loaderData?: unknown } | undefined)[]): SpecMessages {
  const root = matches[0]?.loaderData as { lang?: Lang } | undefined;
  const lang = root?.lang ?? 'en';
  return specFor(
    lang,
    messagesOf(
      lang,
      matches.map((m) => m?.loaderData),
    ),
  );
}
