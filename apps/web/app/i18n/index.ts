// The storefront's i18n interface (decision 0017). The page's URL decides its language ('/hi…' is
// Hindi); the root loader hands the page its language's catalogue, compiled (server.ts), so the
// browser loads one language and no ICU parser.
//   useLang()          the page's language
//   useT()             t(key, values) and t.rich(key, values) — ICU MessageFormat
//   useSpecMessages()  the spec's texts (messages.ts) in the page's language
//   useFormat()        numbers and dates, Indian style, IST
//   useLocalePath()    lp('/cart') → '/hi/cart' on Hindi pages
import { type Lang, localizePath, pathLang } from '@spice/shared/lang';
import type { SpecMessages } from '@spice/shared/messages-hi';
import { SPEC_FUNCTIONS_EN, SPEC_FUNCTIONS_HI, type SpecFunctions } from '@spice/shared/spec-functions';
import { useCallback } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
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

// When the root loader itself failed, its error page still speaks the page's language.
const FALLBACK: Record<Lang, CompiledCatalogue> = {
  en: Object.fromEntries(Object.entries(enErrorPage).map(([k, v]) => [`errorPage.${k}`, v])),
  hi: Object.fromEntries(Object.entries(hiErrorPage).map(([k, v]) => [`errorPage.${k}`, v])),
};

const translators = new WeakMap<CompiledCatalogue, Translate>();

/** The translator for the page's language. */
export function useT(): Translate {
  const lang = useLang();
  const root = useRouteLoaderData('root') as { lang?: Lang; messages?: CompiledCatalogue } | undefined;
  // The root loader's catalogue is the page's language's, unless a navigation just crossed languages.
  const catalogue = root?.messages && root.lang === lang ? root.messages : FALLBACK[lang];
  let t = translators.get(catalogue);
  if (!t) {
    t = createTranslator(lang, catalogue);
    translators.set(catalogue, t);
  }
  return t;
}

/** The spec's texts as the root loader sends them: specMessages(lang) less its functions. */
export type SpecTexts = Pick<SpecMessages, 'messages' | 'searchPrompt'>;

const SPEC_FUNCTIONS: Record<Lang, SpecFunctions> = { en: SPEC_FUNCTIONS_EN, hi: SPEC_FUNCTIONS_HI };
const specs = new WeakMap<SpecTexts, SpecMessages>();
const NO_SPEC_TEXTS = { messages: {}, searchPrompt: {} } as SpecTexts;

/**
 * The spec's texts (MESSAGES, SEARCH_PROMPT, …) and text functions in the page's language: what
 * specMessages(lang) from @spice/shared/messages-hi gives, with the texts from the root loader, so
 * the browser's bundle carries neither language's texts (decision 0017).
 */
export function useSpecMessages(): SpecMessages {
  const lang = useLang();
  const root = useRouteLoaderData('root') as { lang?: Lang; spec?: SpecTexts } | undefined;
  const texts = root?.spec && root.lang === lang ? root.spec : NO_SPEC_TEXTS;
  let spec = specs.get(texts);
  if (!spec) {
    spec = { ...texts, ...SPEC_FUNCTIONS[lang] };
    specs.set(texts, spec);
  }
  return spec;
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

/** The root loader's data as meta functions and helpers see it (matches[0].loaderData). */
interface RootI18n {
  lang: Lang;
  messages: CompiledCatalogue;
  spec: SpecTexts;
}

/** A translator for meta functions, which cannot use hooks: from the root loader's data. */
export function rootT(root: RootI18n): Translate {
  let t = translators.get(root.messages);
  if (!t) {
    t = createTranslator(root.lang, root.messages);
    translators.set(root.messages, t);
  }
  return t;
}

/** The spec's texts for meta functions: from the root loader's data. */
export function rootSpec(root: RootI18n): SpecMessages {
  let spec = specs.get(root.spec);
  if (!spec) {
    spec = { ...root.spec, ...SPEC_FUNCTIONS[root.lang] };
    specs.set(root.spec, spec);
  }
  return spec;
}
