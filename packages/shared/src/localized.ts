// Translatable catalogue and content texts: each English text has a Hindi twin beside it (decision
// 0018). A storefront read in Hindi takes the Hindi where the owner wrote one and the English
// where they did not, field by field, so a half-translated product still reads whole.
import type { Lang } from './lang.ts';

/** The text in the language, falling back to the English when the Hindi is blank. */
export function pick(en: string, hi: string | null | undefined, lang: Lang): string {
  return lang === 'hi' && hi && hi.trim() !== '' ? hi : en;
}

/** Lines (a product's About list) where hi[i] translates en[i]; a blank or missing one falls back. */
export function pickLines(en: readonly string[], hi: readonly string[], lang: Lang): string[] {
  if (lang === 'en') return [...en];
  return en.map((line, i) => pick(line, hi[i], lang));
}
