// The one search the storefront uses: the header dropdown, Enter, the results page and
// GET /api/products/search all call search(). The index is built from the catalogue snapshot the
// first time a search needs it after the catalogue changed, and kept when only stock or prices
// changed (the searchable text is the same), so checkouts do not rebuild it.
import type { ProductDto } from '@spice/shared/contracts/catalog';
import type { Lang } from '@spice/shared/lang';
import type { CatalogService, CatalogSnapshot } from '../catalog/service.ts';
import { buildSearchIndex, type SearchIndex } from './search-index.ts';

/** What the index depends on: the active products' searchable fields, in catalogue order. */
function fingerprint(active: readonly ProductDto[]): string {
  return JSON.stringify(
    active.map((p) => [p.id, p.name, p.nameHi, p.searchKeywords, p.description, p.about]),
  );
}

export function createSearchService(deps: { catalog: Pick<CatalogService, 'snapshot'> }) {
  let built: { fingerprint: string; index: SearchIndex } | null = null;
  let indexedSnapshot: CatalogSnapshot | null = null;

  function indexFor(snapshot: CatalogSnapshot): SearchIndex {
    if (built && indexedSnapshot === snapshot) return built.index;
    const print = fingerprint(snapshot.active);
    if (!built || built.fingerprint !== print)
      built = { fingerprint: print, index: buildSearchIndex(snapshot.active) };
    indexedSnapshot = snapshot;
    return built.index;
  }

  return {
    /**
     * Active products matching the query, best first (see search-index.ts for the rules). One
     * index finds them in every language; `lang` only picks the texts of the products returned.
     */
    async search(query: string, limit = 50, lang: Lang = 'en'): Promise<ProductDto[]> {
      const snapshot = await deps.catalog.snapshot();
      const { byId } = snapshot.view(lang);
      return indexFor(snapshot)
        .search(query, limit)
        .flatMap((id) => byId.get(id) ?? []);
    },
  };
}
