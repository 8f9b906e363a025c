// The search index over the active products (decision 0015). Two steps, the first one the spec's:
// 1. Names: products whose name, Hindi name or search keywords equal or contain the query (in any
//    spelling of the table in @spice/shared/spice-names), exact names first, then names starting
//    with it, names containing it, then keywords. When any product matches here, these are the
//    answer, so 'turmeric' or 'haldi' still finds exactly one product and Enter opens its page.
// 2. Otherwise MiniSearch (BM25 with typo and prefix matching) over name > keywords > description
//    and about lines, keeping the results that score at least a quarter of the best one.
// The index holds product ids only; the caller maps them to the snapshot's products.
import {
  canonicalText,
  findSpiceWords,
  KEY_MARK,
  maxEdits,
  normaliseText,
  spellingsOf,
} from '@spice/shared/spice-names';
import MiniSearch from 'minisearch';

/** The fields of a product search reads. */
export interface Searchable {
  id: number;
  name: string;
  nameHi: string;
  searchKeywords: readonly string[];
  description: string;
  about: readonly string[];
}

interface Doc {
  id: number;
  name: string;
  keywords: string;
  text: string;
}

interface NameForms {
  id: number;
  names: string[];
  keywords: string[];
  /**
   * Every name and keyword form in two strings, ASCII ones and the rest (Devanagari): one
   * substring test rules most products out, and ASCII strings stay one byte per character in V8,
   * where that test is several times faster.
   */
  ascii: string;
  other: string;
}

const BOOST = { name: 5, keywords: 3, text: 1 };
/** Results of step 2 scoring below this share of the best are noise ('elaichi' is not in every blend). */
const MIN_SHARE = 0.25;

/**
 * The text with, after it, the key of each table row it names and, for short fields (names,
 * keywords), every spelling of the row too, so a typo of any spelling still matches there.
 * Descriptions get the keys only: all spellings on every description made the index many times
 * larger and slower for little gain (a known spelling becomes the key in the query anyway).
 */
function expand(raw: string, spellings: boolean): string {
  const normalised = normaliseText(raw);
  if (!normalised) return '';
  const extra = findSpiceWords(normalised.split(' ')).flatMap((hit) =>
    spellings ? [KEY_MARK + hit.key, ...spellingsOf(hit.key)] : [KEY_MARK + hit.key],
  );
  return [normalised, ...extra].join(' ');
}

/** Both the spelling as typed and the table's reading of it. */
function forms(raw: string): string[] {
  const normalised = normaliseText(raw);
  if (!normalised) return [];
  const canonical = canonicalText(normalised);
  return canonical === normalised ? [normalised] : [normalised, canonical];
}

const isAscii = (s: string) => !/[^\p{ASCII}]/u.test(s);
const occurs = (p: NameForms, q: { q: string; ascii: boolean }) =>
  (q.ascii ? p.ascii : p.other).includes(q.q);

/** Every 3-character piece of the text, each listing the products (by position) that hold it. */
function addTrigrams(grams: Map<string, number[]>, text: string, order: number): void {
  for (let i = 0; i + 3 <= text.length; i++) {
    const gram = text.slice(i, i + 3);
    const list = grams.get(gram);
    if (!list) grams.set(gram, [order]);
    else if (list.at(-1) !== order) list.push(order);
  }
}

/**
 * The products (positions, ascending) that may contain one of the queries: for each query the
 * list of its rarest trigram, merged; every product when a query is shorter than 3 characters.
 * (Profile at 5,000 products: the substring test over every product's names was most of a search.)
 */
function candidatesOf(
  grams: Map<string, number[]>,
  qs: readonly string[],
  everyone: readonly number[],
): readonly number[] {
  const lists: number[][] = [];
  for (const q of qs) {
    if (q.length < 3) return everyone;
    let rarest: number[] | undefined;
    for (let i = 0; i + 3 <= q.length; i++) {
      const list = grams.get(q.slice(i, i + 3)) ?? [];
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    lists.push(rarest!);
  }
  if (lists.length === 1) return lists[0]!;
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/** base if a form equals a query, base + 1 if one starts with it, base + 2 if one contains it. */
function rankOf(list: readonly string[], base: number, qs: readonly string[]): number | undefined {
  let rank: number | undefined;
  for (const s of list) {
    for (const q of qs) {
      if (s === q) return base;
      if (rank !== base + 1 && s.startsWith(q)) rank = base + 1;
      else if (rank === undefined && s.includes(q)) rank = base + 2;
    }
  }
  return rank;
}

export interface SearchIndex {
  /** Ids of the matching products, best first. */
  search(query: string, limit?: number): number[];
}

function nameForms(p: Searchable): NameForms {
  const named = [...forms(p.name), ...forms(p.nameHi)];
  const keywords = p.searchKeywords.flatMap(forms);
  const all = [...named, ...keywords];
  return {
    id: p.id,
    names: named,
    keywords,
    ascii: all.filter(isAscii).join('\n'),
    other: all.filter((s) => !isAscii(s)).join('\n'),
  };
}

/** The index at once, in the caller's turn (tests, benches, small catalogues). */
export function buildSearchIndex(products: readonly Searchable[]): SearchIndex {
  const steps = indexSteps(products);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same index in slices of at most `sliceMs` of the event loop, yielding to requests between
 * slices (decision 0038): at 5,000 products a build costs 0.4 s quiet, several seconds on a busy
 * machine, and no request must wait behind it.
 */
export async function buildSearchIndexInSlices(
  products: readonly Searchable[],
  sliceMs = 8,
): Promise<SearchIndex> {
  const steps = indexSteps(products);
  for (;;) {
    const until = performance.now() + sliceMs;
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() >= until) break;
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Builds the index one product per step; the last step returns it. */
function* indexSteps(products: readonly Searchable[]): Generator<void, SearchIndex> {
  const names: NameForms[] = [];
  const grams = new Map<string, number[]>();
  for (const p of products) {
    const forms = nameForms(p);
    addTrigrams(grams, `${forms.ascii}\n${forms.other}`, names.length);
    names.push(forms);
    yield;
  }
  const everyone = names.map((_, i) => i);
  const mini = new MiniSearch<Doc>({
    fields: ['name', 'keywords', 'text'],
    tokenize: (text) => text.split(' ').filter(Boolean),
    processTerm: (term) => term,
    searchOptions: {
      boost: BOOST,
      // A word the table knows is not a typo; other words get maxEdits and, from 3 letters, prefixes.
      fuzzy: (term) => (term.startsWith(KEY_MARK) ? false : maxEdits(term)),
      prefix: (term) => !term.startsWith(KEY_MARK) && [...term].length >= 3,
    },
  });
  for (const p of products) {
    mini.add({
      id: p.id,
      name: `${expand(p.name, true)} ${expand(p.nameHi, true)}`,
      keywords: p.searchKeywords.map((k) => expand(k, true)).join(' '),
      text: [p.description, ...p.about].map((t) => expand(t, false)).join(' '),
    });
    yield;
  }

  /**
   * Step 1, the first `limit` by (rank, catalogue order) without sorting the whole catalogue: one
   * list per rank, in catalogue order as scanned; a product that `limit` others already precede
   * is not kept, and the scan stops once `limit` exact names are found. (Profile at 5,000
   * products: ranking and sorting every product that contains 'masala' was most of a search.)
   */
  function byName(query: string, canonical: string, limit: number): number[] {
    const qs = canonical === query ? [query] : [query, canonical];
    const [first, second] = qs.map((q) => ({ q, ascii: isAscii(q) }));
    const byRank: number[][] = [[], [], [], [], [], []];
    const candidates = candidatesOf(grams, qs, everyone);
    for (let i = 0; i < candidates.length; i++) {
      const p = names[candidates[i]!]!;
      // One substring test per candidate: the trigram lists only narrow the scan down.
      if (!occurs(p, first!) && !(second && occurs(p, second))) continue;
      const rank = rankOf(p.names, 0, qs) ?? rankOf(p.keywords, 3, qs);
      if (rank === undefined) continue;
      let ahead = 0;
      for (let r = 0; r <= rank; r++) ahead += byRank[r]!.length;
      if (ahead >= limit) continue;
      byRank[rank]!.push(p.id);
      if (byRank[0]!.length >= limit) break;
    }
    return byRank.flat().slice(0, limit);
  }

  function ranked(canonical: string): number[] {
    let hits = mini.search(canonical, { combineWith: 'AND' });
    if (hits.length === 0) hits = mini.search(canonical, { combineWith: 'OR' });
    const best = hits[0]?.score ?? 0;
    return hits.filter((h) => h.score >= best * MIN_SHARE).map((h) => h.id as number);
  }

  return {
    search(query, limit = 50) {
      const normalised = normaliseText(query);
      if (!normalised) return [];
      const canonical = canonicalText(normalised);
      const named = byName(normalised, canonical, limit);
      return (named.length > 0 ? named : ranked(canonical)).slice(0, limit);
    },
  };
}
