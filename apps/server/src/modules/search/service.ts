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
    /** The same answer as JSON bytes (GET /api/products/search), the products' JSON made once. */
    async searchJson(query: string, limit = 50, lang: Lang = 'en'): Promise<Buffer> {
      const found = await this.search(query, limit, lang);
      return Buffer.from(`[${found.map(jsonOf).join(',')}]`);
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
