// Which words of a product's name (or description) a search query matched, for <mark>. Pure and
// small, so the storefront runs it in the browser without the server's search index: it applies
// the same rules as the index (spellings from spice-names.ts, prefixes, the same typo allowance).
// It returns plain text parts; the page renders them as text nodes, so nothing is ever HTML.
import { editDistance, findSpiceWords, maxEdits, normaliseText } from './spice-names.ts';

export interface TextPart {
  text: string;
  mark: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The query's words and the table rows it names. */
function queryTerms(query: string): { words: string[]; keys: Set<string> } {
  const words = normaliseText(query).split(' ').filter(Boolean);
  return { words, keys: new Set(findSpiceWords(words).map((w) => w.key)) };
}

function wordMatches(word: string, terms: readonly string[]): boolean {
  return terms.some(
    (t) => word.includes(t) || (maxEdits(t) > 0 && editDistance(word, t, maxEdits(t)) <= maxEdits(t)),
  );
}

/** `text` cut into parts, the ones the query matched marked. No match: one unmarked part. */
export function highlightParts(text: string, query: string): TextPart[] {
  const { words: terms, keys } = queryTerms(query);
  if (terms.length === 0 || !text) return [{ text, mark: false }];
  const spans = [...text.matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    word: m[0].normalize('NFC').toLowerCase(),
  }));
  const marked = new Array<boolean>(spans.length).fill(false);
  for (const hit of findSpiceWords(spans.map((s) => s.word))) {
    if (keys.has(hit.key)) marked.fill(true, hit.from, hit.to);
  }
  spans.forEach((s, i) => {
    if (!marked[i] && wordMatches(s.word, terms)) marked[i] = true;
  });

  // Neighbouring marked words become one mark ('Garam Masala', not two).
  const parts: TextPart[] = [];
  let at = 0;
  for (let i = 0; i < spans.length; i++) {
    if (!marked[i]) continue;
    let j = i;
    while (
      j + 1 < spans.length &&
      marked[j + 1] &&
      /^\s+$/u.test(text.slice(spans[j]!.end, spans[j + 1]!.start))
    )
      j++;
    if (spans[i]!.start > at) parts.push({ text: text.slice(at, spans[i]!.start), mark: false });
    parts.push({ text: text.slice(spans[i]!.start, spans[j]!.end), mark: true });
    at = spans[j]!.end;
    i = j;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

/**
 * A short piece of `text` around its first matched word (for a result found by its description),
 * or null when the query matched nothing in it.
 */
export function matchedExcerpt(text: string, query: string, radius = 60): TextPart[] | null {
  const parts = highlightParts(text, query);
  const first = parts.findIndex((p) => p.mark);
  if (first < 0) return null;
  const offset = parts.slice(0, first).reduce((n, p) => n + p.text.length, 0);
  const from = Math.max(0, text.lastIndexOf(' ', Math.max(0, offset - radius)) + 1);
  const toSpace = text.indexOf(' ', Math.min(text.length, offset + radius));
  const to = toSpace < 0 ? text.length : toSpace;
  const cut = text.slice(from, to);
  const piece = `${from > 0 ? '…' : ''}${to < text.length ? `${cut.replace(/[\s.,;:!?]+$/u, '')}…` : cut}`;
  return highlightParts(piece, query);
}
