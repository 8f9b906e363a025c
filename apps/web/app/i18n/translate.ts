// The translator behind useT(): ICU MessageFormat (intl-messageformat) over a catalogue compiled on
// the server (server.ts), so the browser never loads the ICU parser. A message without arguments
// arrives as its plain text; any other as its parsed form (the parser's AST).
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LANG_TAG, type Lang } from '@spice/shared/lang';
import { IntlMessageFormat } from 'intl-messageformat';
import { createElement, Fragment, type ReactNode } from 'react';
import type en from './messages/en.json';

/** A flat catalogue: 'header.cart' → text, or the parsed form of a message with arguments. */
export type CompiledCatalogue = Record<string, string | MessageFormatElement[]>;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the catalogues ('header.cart', 'product.reviewCount', …), checked at compile time. */
export type MessageKey = Leaves<typeof en>;

export type MessageValues = Record<string, string | number | Date>;
/** t.rich's values: plain values, React nodes, and tag functions (`<link>…</link>` → link(chunks)). */
export type RichValues = Record<
  string,
  string | number | Date | ReactNode | ((chunks: ReactNode[]) => ReactNode)
>;

export interface Translate {
  (key: MessageKey, values?: MessageValues): string;
  rich(key: MessageKey, values: RichValues): ReactNode;
}

/** Flattens a nested catalogue ({ header: { cart: 'Cart' } }) to 'header.cart' keys. */
export function flattenCatalogue(tree: object, prefix = '', into: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into[prefix + key] = value;
    else if (value && typeof value === 'object') flattenCatalogue(value, `${prefix}${key}.`, into);
    else throw new TypeError(`Catalogue entry ${prefix}${key} is neither text nor a group`);
  }
  return into;
}

export function createTranslator(lang: Lang, catalogue: CompiledCatalogue): Translate {
  const formats = new Map<string, IntlMessageFormat>();
  const locale = LANG_TAG[lang];
  function format(key: string): string | IntlMessageFormat {
    const entry = catalogue[key];
    // A key the catalogue lacks shows itself rather than breaking the page; the catalogue test
    // and MessageKey keep that from shipping.
    if (entry === undefined) return key;
    if (typeof entry === 'string') return entry;
    let made = formats.get(key);
    if (!made) {
      made = new IntlMessageFormat(entry, locale);
      formats.set(key, made);
    }
    return made;
  }
  const t = ((key, values) => {
    const message = format(key);
    if (typeof message === 'string') return message;
    const out = message.format(values);
    return Array.isArray(out) ? out.join('') : String(out);
  }) as Translate;
  t.rich = (key, values) => {
    const message = format(key);
    if (typeof message === 'string') return message;
    const out = message.format<ReactNode>(values as Record<string, ReactNode>);
    return Array.isArray(out) ? createElement(Fragment, null, ...out) : out;
  };
  return t;
}
