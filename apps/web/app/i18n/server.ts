// The server side of the i18n module: the page's language for loaders, and each language's
// catalogue compiled once (ICU messages parsed here, so the browser gets them ready to format).
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { type Lang, offersHindi, pathLang } from '@spice/shared/lang';
import { specMessages } from '@spice/shared/messages-hi';
import type { SpecTexts } from './index';
import en from './messages/en.json';
import hi from './messages/hi.json';
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

/** One message parsed; a message that is only text stays text (the browser formats nothing). */
export function compileMessage(message: string): string | MessageFormatElement[] {
  const ast = parse(message);
  if (ast.length === 0) return '';
  const only = ast[0];
  if (ast.length === 1 && only?.type === TYPE.literal) return only.value;
  return ast;
}

export function compileCatalogue(tree: object): CompiledCatalogue {
  const flat = flattenCatalogue(tree);
  const compiled: CompiledCatalogue = {};
  for (const [key, message] of Object.entries(flat)) {
    try {
      compiled[key] = compileMessage(message);
    } catch (error) {
      throw new Error(`Message ${key} is not valid ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  return compiled;
}

const compiled: Partial<Record<Lang, CompiledCatalogue>> = {};

/** The page language's catalogue, compiled on first use and kept. */
export function catalogueFor(lang: Lang): CompiledCatalogue {
  compiled[lang] ??= compileCatalogue(lang === 'hi' ? hi : en);
  return compiled[lang];
}

/** The spec's texts in the page's language, for the root loader (useSpecMessages adds the functions). */
export function specTexts(lang: Lang): SpecTexts {
  const { messages, searchPrompt } = specMessages(lang);
  return { messages, searchPrompt };
}
