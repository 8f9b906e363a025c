// TEMPORARY SHIM (i18n-account): the pinned web i18n interface, until i18n-core's module is merged.
// Removed at the merge; i18n-core's files win.
import { LANG_TAG, type Lang, localizePath, pathLang } from '@spice/shared/lang';
import { type SpecMessages, specMessages } from '@spice/shared/messages-hi';
import { IntlMessageFormat } from 'intl-messageformat';
import { createElement, Fragment, type ReactNode, useCallback } from 'react';
import { useLocation } from 'react-router';
import en from './messages/en.json';
import hi from './messages/hi.json';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<typeof en>;
export type MessageValues = Record<string, string | number | Date>;
export type RichValues = Record<
  string,
  string | number | Date | ReactNode | ((chunks: ReactNode[]) => ReactNode)
>;
export interface Translate {
  (key: MessageKey, values?: MessageValues): string;
  rich(key: MessageKey, values: RichValues): ReactNode;
}

export function useLang(): Lang {
  return pathLang(useLocation().pathname);
}

function lookup(tree: unknown, key: string): string {
  let node = tree;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

export function useT(): Translate {
  const lang = useLang();
  const tree = lang === 'hi' ? hi : en;
  const make = (key: MessageKey) => new IntlMessageFormat(lookup(tree, key), LANG_TAG[lang]);
  const t = ((key, values) => {
    const out = make(key).format(values);
    return Array.isArray(out) ? out.join('') : String(out);
  }) as Translate;
  t.rich = (key, values) => {
    const out = make(key).format<ReactNode>(values as Record<string, ReactNode>);
    return Array.isArray(out) ? createElement(Fragment, null, ...out) : out;
  };
  return t;
}

export function useSpecMessages(): SpecMessages {
  return specMessages(useLang());
}

export interface Formatters {
  number(n: number): string;
  date(value: Date | string | number): string;
  dateTime(value: Date | string | number): string;
}

export function useFormat(): Formatters {
  const tag = LANG_TAG[useLang()];
  const d = (v: Date | string | number) => (v instanceof Date ? v : new Date(v));
  return {
    number: (n) => new Intl.NumberFormat(tag).format(n),
    date: (v) =>
      new Intl.DateTimeFormat(tag, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Asia/Kolkata',
      }).format(d(v)),
    dateTime: (v) =>
      new Intl.DateTimeFormat(tag, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Kolkata',
      }).format(d(v)),
  };
}

export function useLocalePath(): (path: string) => string {
  const lang = useLang();
  return useCallback((path: string) => localizePath(path, lang), [lang]);
}
