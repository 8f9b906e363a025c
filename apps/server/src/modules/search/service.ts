// The one search the storefront uses: the header dropdown, Enter, the results page and
// GET /api/products/search all call search(). No request waits for an index build (decision
// 0038): a search answers from the index it has and, when the catalogue's searchable text has
// changed since, starts a rebuild in the background (debounced, built in slices of the event
// loop) that is swapped in whole when done. Only the very first index, before any exists, is
// waited for; the app starts it at boot (warm()). The products answered are always the current
// snapshot's, so prices, stock and names are today's and a product made inactive drops out at once;
// a product added or renamed is found by its new words once the rebuild is swapped in.
import type { ProductDto } from '@spice/shared/contracts/catalog';
import type { Lang } from '@spice/shared/lang';
import { LRUCache } from 'lru-cache';
import { weakEtag } from '../../lib/etag.ts';
import type { CatalogService, CatalogSnapshot } from '../catalog/service.ts';
import { buildSearchIndexInSlices, type Searchable, type SearchIndex } from './search-index.ts';

/** Waits this long after a change is seen, so a burst of edits (an import) costs one build. */
const DEBOUNCE_MS = 200;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((s, i) => s === b[i]);

/** Whether two lists of active products read the same to search (stock and prices do not count). */
function sameSearchText(a: readonly Searchable[], b: readonly Searchable[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    const q = b[i]!;
    if (p === q) continue;
    if (p.id !== q.id || p.name !== q.name || p.nameHi !== q.nameHi || p.description !== q.description)
      return false;
    if (!sameList(p.searchKeywords, q.searchKeywords) || !sameList(p.about, q.about)) return false;
  }
  return true;
}

/**
 * Each product's JSON, made once per DTO: a snapshot keeps its DTOs until the product changes, so
 * an answer is the joined pieces. (Profile at 5,000 products: the response schema's serialiser,
 * checking and writing up to 50 whole products per search, cost more than the search itself.)
 */
const productJson = new WeakMap<ProductDto, string>();
function jsonOf(p: ProductDto): string {
  let json = productJson.get(p);
  if (json === undefined) {
    json = JSON.stringify(p);
    productJson.set(p, json);
  }
  return json;
}

/** An answer as GET /api/products/search sends it: the JSON bytes and their ETag. */
export interface SearchAnswer {
  json: Buffer;
  etag: string;
}

/**
 * Answers kept for repeated queries ('masala', 'haldi' come again and again), bounded by bytes.
 * Kept per index and catalogue snapshot: a new snapshot (a price, stock or text change) or a new
 * index starts an empty cache, so an answer is never older than the catalogue it was read from.
 * (Profile: with the search itself ~1 ms, the answer's bytes made each time were what was left.)
 */
const ANSWER_CACHE_BYTES = 16 * 1024 * 1024;

export function createSearchService(deps: {
  catalog: Pick<CatalogService, 'snapshot'>;
  debounceMs?: number;
}) {
  const debounceMs = deps.debounceMs ?? DEBOUNCE_MS;
  /** The index answering now and the products it was built from. */
  let current: { products: readonly Searchable[]; index: SearchIndex } | null = null;
  /** The newest active list seen; the rebuild indexes it if its text differs from current's. */
  let seen: readonly Searchable[] | null = null;
  let timer: NodeJS.Timeout | null = null;
  let building: Promise<void> | null = null;
  /** Answers by language, limit and query, for this snapshot and index only. */
  let answers: {
    snapshot: CatalogSnapshot;
    index: SearchIndex;
    cache: LRUCache<string, SearchAnswer>;
  } | null = null;

  async function rebuild(): Promise<void> {
    // Catalogue changes that land during a build are picked up by the next one.
    while (seen && (!current || !sameSearchText(current.products, seen))) {
      const products = seen;
      current = { products, index: await buildSearchIndexInSlices(products) };
    }
    if (current && seen) current = { ...current, products: seen };
  }

  function startRebuild(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    building ??= rebuild().finally(() => {
      building = null;
    });
    return building;
  }

  /** Notes the snapshot's products and, if search has not read them yet, schedules a rebuild. */
  function saw(snapshot: CatalogSnapshot): void {
    if (seen === snapshot.active) return;
    seen = snapshot.active;
    if (building || timer) return;
    timer = setTimeout(() => void startRebuild(), debounceMs);
    timer.unref();
  }

  return {
    /**
     * Active products matching the query, best first (see search-index.ts for the rules). One
     * index finds them in every language; `lang` only picks the texts of the products returned.
     */
    async search(query: string, limit = 50, lang: Lang = 'en'): Promise<ProductDto[]> {
      const snapshot = await deps.catalog.snapshot();
      saw(snapshot);
      // Before the first index exists there is nothing to answer from: the one wait, at boot.
      if (!current) await startRebuild();
      const { byId } = snapshot.view(lang);
      const found: ProductDto[] = [];
      for (const id of current!.index.search(query, limit)) {
        const product = byId.get(id);
        if (product?.active) found.push(product);
      }
      return found;
    },
    /**
     * The same answer as JSON bytes with an ETag (GET /api/products/search): the products' JSON
     * made once, and the answer itself kept while the snapshot and the index stay the same.
     */
    async searchJson(query: string, limit = 50, lang: Lang = 'en'): Promise<SearchAnswer> {
      const snapshot = await deps.catalog.snapshot();
      const key = `${lang}\u0000${limit}\u0000${query}`;
      if (
        current &&
        answers?.snapshot === snapshot &&
        answers.index === current.index &&
        seen === snapshot.active
      ) {
        const kept = answers.cache.get(key);
        if (kept) return kept;
      }
      const found = await this.search(query, limit, lang);
      const json = Buffer.from(`[${found.map(jsonOf).join(',')}]`);
      const answer = { json, etag: weakEtag(json) };
      // Kept only when the index that answered reads this very snapshot.
      if (current && seen === snapshot.active) {
        if (answers?.snapshot !== snapshot || answers.index !== current.index) {
          answers = {
            snapshot,
            index: current.index,
            cache: new LRUCache({
              maxSize: ANSWER_CACHE_BYTES,
              sizeCalculation: (a, k) => a.json.length + k.length,
            }),
          };
        }
        answers.cache.set(key, answer);
      }
      return answer;
    },
    /**
     * Resolves once the index reads the newest catalogue: at boot (so no shopper's search waits for
     * the first index) and in tests that change the catalogue and then search.
     */
    async ready(): Promise<void> {
      saw(await deps.catalog.snapshot());
      await startRebuild();
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
