// Every message a page can render is in what the page ships (namespaces.ts): for each route module,
// the message keys in its source and in every module it imports must be in the layout's entries or
// its page's; a dialog (a module calling useDialogMessages) in the layout's or its dialog's. A key
// the page does not ship would show itself ('checkout.title') instead of its text.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './messages/en.json';
import {
  BUNDLED_NAMESPACES,
  DIALOG_NAMESPACES,
  type Entry,
  LANGUAGE_BANNER_NAMESPACES,
  LAYOUT_NAMESPACES as LAYOUT_SHIPPED,
  NOT_FOUND_NAMESPACES,
  PAGE_NAMESPACES,
} from './namespaces';
import { specTexts } from './server';
import { flattenCatalogue } from './translate';

const APP = path.resolve(import.meta.dirname, '..');
const KEYS = Object.keys(flattenCatalogue({ ...en, spec: specTexts('en') }));
const NAMESPACES = new Set([...Object.keys(en), 'spec']);

interface ModuleInfo {
  imports: string[];
  /** Message keys, or key prefixes ('order.status.') where the source builds the rest. */
  keys: string[];
  /** The dialog this module is (it calls useDialogMessages), or null. */
  dialog: string | null;
}

const modules = new Map<string, ModuleInfo>();
/** What every page has: the layout's entries and the texts in the browser's bundle. */
const LAYOUT_NAMESPACES = [...LAYOUT_SHIPPED, ...BUNDLED_NAMESPACES];
/** The shop layout renders the Hindi banner only when the root loader sent its texts (offerHindi). */
const SHOP_LAYOUT_NAMESPACES = [...LAYOUT_NAMESPACES, ...LANGUAGE_BANNER_NAMESPACES];

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const file of [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`]) {
    if (/\.tsx?$/.test(file) && existsSync(file)) return file;
  }
  return null;
}

/** Message keys written in a source: quoted texts that are keys, or key prefixes before a ${…}. */
export function keysIn(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/(['"`])([a-zA-Z]+)\.([a-zA-Z0-9_.]*)(\$\{|\1)/g)) {
    const [, , ns = '', rest = '', end] = m;
    if (!NAMESPACES.has(ns)) continue;
    const text = `${ns}.${rest}`;
    if (end === '${') {
      if (KEYS.some((k) => k.startsWith(text))) found.add(text);
    } else if (KEYS.includes(text)) found.add(text);
  }
  // The spec's texts (useSpecMessages): messages.cartTitle, MESSAGES.invalidOtp, searchPrompt.title;
  // messages[key] needs them all.
  for (const m of source.matchAll(/\b(messages|MESSAGES|searchPrompt)(\.[a-zA-Z]+|\[)/g)) {
    const group = m[1] === 'searchPrompt' ? 'searchPrompt' : 'messages';
    const key = m[2] === '[' ? `spec.${group}` : `spec.${group}${m[2]}`;
    if (KEYS.some((k) => k === key || k.startsWith(`${key}.`))) found.add(key);
  }
  return [...found];
}

function info(file: string): ModuleInfo {
  let known = modules.get(file);
  if (known) return known;
  const source = readFileSync(file, 'utf8');
  const imports = [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)]
    .map((m) => resolveImport(file, m[1] ?? ''))
    // The i18n module's own texts (the error page's fallback) are not a page's.
    .filter((f): f is string => f !== null && !f.includes(`${path.sep}i18n${path.sep}`));
  const body = source.replace(/^import[\s\S]*?from\s*['"][^'"]+['"];?$/gm, '');
  // A dialog renders with useDialogMessages; a module drawing its own DOM loads them (the consent banner).
  const dialog = /(?:useDialogMessages|loadDialogMessages)\(\s*'([^']+)'/.exec(source)?.[1] ?? null;
  known = { imports, keys: keysIn(body), dialog };
  modules.set(file, known);
  return known;
}

/** Keys used by a module and what it imports, stopping at dialogs (collected apart). */
function keysOf(entry: string, dialogs: Map<string, string>): Map<string, string> {
  const keys = new Map<string, string>(); // key → file that uses it
  const seen = new Set<string>();
  const visit = (file: string, isEntry: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    const m = info(file);
    if (m.dialog && !isEntry) {
      dialogs.set(file, m.dialog);
      return;
    }
    for (const key of m.keys) if (!keys.has(key)) keys.set(key, path.relative(APP, file));
    for (const imported of m.imports) visit(imported, false);
  };
  visit(entry, true);
  return keys;
}

const covers = (entries: readonly Entry[], key: string) =>
  entries.some((e) => key === e || key.startsWith(`${e}.`));

function missing(keys: Map<string, string>, entries: readonly Entry[]): string[] {
  return [...keys].filter(([key]) => !covers(entries, key)).map(([key, file]) => `${key} (${file})`);
}

const pages = readdirSync(path.join(APP, 'routes'))
  .filter((f) => f.endsWith('.tsx') && f !== 'shop-layout.tsx')
  .map((f) => f.replace(/\.tsx$/, ''));
const dialogs = new Map<string, string>();

describe('each page ships the messages it renders (namespaces.ts)', () => {
  it('the layout (root, shop layout) uses only the layout entries', () => {
    for (const file of ['root.tsx', 'routes/shop-layout.tsx']) {
      expect(missing(keysOf(path.join(APP, file), dialogs), SHOP_LAYOUT_NAMESPACES), file).toEqual([]);
    }
  });

  it("the Hindi banner's texts, sent only with offerHindi, are used by the banner alone", () => {
    const keys = keysOf(path.join(APP, 'routes/shop-layout.tsx'), dialogs);
    const users = [...keys]
      .filter(([key]) => covers(LANGUAGE_BANNER_NAMESPACES, key))
      .map(([, file]) => file);
    expect(users.length).toBeGreaterThan(0);
    expect(new Set(users.map((file) => path.basename(file)))).toEqual(new Set(['language-switch.tsx']));
  });

  it.each(pages)(
    'routes/%s.tsx: its keys are in the layout or its page entries, and its loader sends them',
    (page) => {
      const file = path.join(APP, 'routes', `${page}.tsx`);
      expect(Object.hasOwn(PAGE_NAMESPACES, page), `PAGE_NAMESPACES has no '${page}'`).toBe(true);
      const source = readFileSync(file, 'utf8');
      expect(source).toMatch(new RegExp(`pageMessages\\(request, '${page}'\\)`));
      // A page whose loader throws pageNotFound also ships the 404 page's texts with that 404.
      const notFound = source.includes(`pageNotFound(request, '${page}')`) ? NOT_FOUND_NAMESPACES : [];
      const own = [...PAGE_NAMESPACES[page as keyof typeof PAGE_NAMESPACES], ...notFound];
      expect(missing(keysOf(file, dialogs), [...LAYOUT_NAMESPACES, ...own])).toEqual([]);
    },
  );

  it('every dialog uses only the layout entries and its own', () => {
    for (const file of ['root.tsx', 'routes/shop-layout.tsx', ...pages.map((p) => `routes/${p}.tsx`)]) {
      keysOf(path.join(APP, file), dialogs);
    }
    expect([...new Set(dialogs.values())].sort()).toEqual(Object.keys(DIALOG_NAMESPACES).sort());
    for (const [file, dialog] of dialogs) {
      const own = DIALOG_NAMESPACES[dialog as keyof typeof DIALOG_NAMESPACES] ?? [];
      expect(missing(keysOf(file, new Map()), [...LAYOUT_NAMESPACES, ...own]), file).toEqual([]);
    }
  });

  it('names only namespaces and keys the catalogue has', () => {
    const all = [
      ...LAYOUT_NAMESPACES,
      ...Object.values(PAGE_NAMESPACES).flat(),
      ...Object.values(DIALOG_NAMESPACES).flat(),
    ];
    expect(
      all.filter((e) => !NAMESPACES.has(e) && !KEYS.some((k) => k === e || k.startsWith(`${e}.`))),
    ).toEqual([]);
  });

  it('finds keys written whole, in templates, and not in other texts', () => {
    const source = "t('checkout.title'); t(`order.status$" + "{s}`); x = 'product.slug'; y = 'a.b'";
    expect(keysIn(source)).toEqual(['checkout.title', 'order.status']);
  });

  it('catches a page that renders a key it does not ship', () => {
    const keys = new Map([['checkout.title', 'routes/home.tsx']]);
    expect(missing(keys, [...LAYOUT_NAMESPACES, ...PAGE_NAMESPACES.home])).toEqual([
      'checkout.title (routes/home.tsx)',
    ]);
  });
});
