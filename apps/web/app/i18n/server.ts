// The server side of the i18n module: the page's language for loaders, and each language's
// catalogue compiled once (ICU messages parsed here, so the browser gets them ready to format).
import { createHash } from 'node:crypto';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { type Lang, offersHindi, pathLang } from '@spice/shared/lang';
import { specMessages } from '@spice/shared/messages-hi';
import { data } from 'react-router';
import type { PageMessages, SpecTexts } from './index';
import en from './messages/en.json';
import hi from './messages/hi.json';
import {
  type Entry,
  LANGUAGE_BANNER_NAMESPACES,
  LAYOUT_NAMESPACES,
  type Namespace,
  NOT_FOUND_NAMESPACES,
  PAGE_NAMESPACES,
  type Page,
} from './namespaces';
import { type CompiledCatalogue, flattenCatalogue } from './translate';

/** The page's language, from the request's URL ('/hi…' is Hindi; a '.data' request counts as its page). */
export function langOf(request: Request): Lang {
  const pathname = new URL(request.url).pathname.replace(/\.data$/, '');
  return pathLang(pathname === '/_root' ? '/' : pathname);
}

/** Whether this English page offers Hindi by a banner (first visit asking for Hindi: lang.ts). */
export function offerHindiOf(request: Request): boolean {
  return (
    langOf(request) === 'en' &&
    offersHindi('/', request.headers.get('cookie'), request.headers.get('accept-language'))
  );
}

/**
 * Drops what intl-messageformat takes as the default anyway (a plural's offset 0 and cardinal
 * type): every page carries these forms in its data, a plural is a fifth smaller without them.
 */
function compact(elements: MessageFormatElement[]): MessageFormatElement[] {
  for (const element of elements) {
    if (element.type === TYPE.plural) {
      const loose = element as Partial<typeof element>;
      if (element.offset === 0) delete loose.offset;
      if (element.pluralType === 'cardinal') delete loose.pluralType;
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) compact(option.value);
    }
    if (element.type === TYPE.tag) compact(element.children);
  }
  return elements;
}

/** One message parsed; a message that is only text stays text (the browser formats nothing). */
export function compileMessage(message: string): string | MessageFormatElement[] {
  const ast = compact(parse(message));
  if (ast.length === 0) return '';
  const only = ast[0];
  if (ast.length === 1 && only?.type === TYPE.literal) return only.value;
  return ast;
}

export function compileCatalogue(tree: object): CompiledCatalogue {
  return compileFlat(flattenCatalogue(tree));
}

function compileFlat(flat: Record<string, string>): CompiledCatalogue {
  const compiled: CompiledCatalogue = {};
  for (const [key, message] of Object.entries(flat)) {
    // The spec's texts are plain text, not ICU (useSpecMessages reads them as they are).
    if (key.startsWith('spec.')) {
      compiled[key] = message;
      continue;
    }
    try {
      compiled[key] = compileMessage(message);
    } catch (error) {
      throw new Error(`Message ${key} is not valid ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  return compiled;
}

/** Each language's messages by key: the catalogue's, and the spec's texts as 'spec.messages.…'. */
const flat: Record<Lang, Record<string, string>> = {
  en: { ...flattenCatalogue(en), ...flattenCatalogue({ spec: specTexts('en') }) },
  hi: { ...flattenCatalogue(hi), ...flattenCatalogue({ spec: specTexts('hi') }) },
};
const compiled: Record<Lang, Map<string, PageMessages>> = { en: new Map(), hi: new Map() };
const ALL_NAMESPACES = Object.keys(en) as Namespace[];

/** The whole catalogue (tests), or these entries of it (namespaces.ts), compiled once and kept. */
export function catalogueFor(lang: Lang, entries: readonly Entry[] = ALL_NAMESPACES): CompiledCatalogue {
  return messagesOf(lang, entries).catalogue;
}

/** One object per language and set of entries: loaders hand out the same one on every request. */
export function messagesOf(lang: Lang, entries: readonly Entry[]): PageMessages {
  const id = entries.join(',');
  let made = compiled[lang].get(id);
  if (!made) {
    const wanted = Object.entries(flat[lang]).filter(([key]) =>
      entries.some((entry) => key === entry || key.startsWith(`${entry}.`)),
    );
    const catalogue = compileFlat(Object.fromEntries(wanted));
    const id = createHash('sha256').update(JSON.stringify(catalogue)).digest('base64url').slice(0, 10);
    made = { id, lang, catalogue };
    compiled[lang].set(id, made);
  }
  return made;
}

const LAYOUT_WITH_BANNER = [...LAYOUT_NAMESPACES, ...LANGUAGE_BANNER_NAMESPACES];

/**
 * The layout's messages (header, footer), which the root loader sends with every page; the Hindi
 * banner's texts only to the page that shows it.
 */
export function layoutMessages(lang: Lang, offerHindi = false): PageMessages {
  return messagesOf(lang, offerHindi ? LAYOUT_WITH_BANNER : LAYOUT_NAMESPACES);
}

/**
 * A page's own messages for its loader's `i18n` field: the entries namespaces.ts names for it.
 * Call it in the loader of routes/<page>.tsx (namespaces.test.ts checks each route does).
 */
export function pageMessages(request: Request, page: Page): PageMessages {
  return messagesOf(langOf(request), PAGE_NAMESPACES[page]);
}

/** A page's 404, to throw from its loader: it carries the page's messages for its title (metaT). */
export function pageNotFound(request: Request, page: Page) {
  const entries = [...PAGE_NAMESPACES[page], ...NOT_FOUND_NAMESPACES];
  return data({ i18n: messagesOf(langOf(request), entries) }, { status: 404 });
}

/** The spec's texts in the language (useSpecMessages adds the functions). */
export function specTexts(lang: Lang): SpecTexts {
  const { messages, searchPrompt } = specMessages(lang);
  return { messages, searchPrompt };
}
