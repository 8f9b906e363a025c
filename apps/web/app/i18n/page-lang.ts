// The page's language outside React, for the browser's API calls (features/account/api.ts, the
// search box): they ask the API to answer in the page's language.
import { LANG_TAG, type Lang, pathLang } from '@spice/shared/lang';
import type { SpecMessages } from '@spice/shared/messages-hi';

/** The Accept-Language header an API call from a page in this language sends. */
export function acceptLanguageFor(lang: Lang): string {
  return LANG_TAG[lang];
}

/** The language of the page the browser shows ('en' during a server render). */
export function currentPageLang(): Lang {
  return typeof window === 'undefined' ? 'en' : pathLang(window.location.pathname);
}

let pageSpec: SpecMessages | null = null;

/** Kept by the root component: the page's spec texts, for code outside React (API errors). */
export function setPageSpecMessages(spec: SpecMessages): void {
  pageSpec = spec;
}

/** The page's spec texts outside React; null before the page has rendered in the browser. */
export function pageSpecMessages(): SpecMessages | null {
  return pageSpec;
}
