// Decision 0038: step 1 keeps only the first `limit` matches per rank and scans only the products
// holding the query's rarest trigram. Both must give the order the whole ranking gives.
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type Searchable } from './search-index.ts';

const NAMES = ['Garam Masala', 'Chaat Masala', 'Masala Chai Mix', 'Turmeric (Haldi) Powder', 'Kasuri Methi'];
const products: Searchable[] = Array.from({ length: 400 }, (_, i) => ({
  id: i + 1,
  // Every 37th product is named exactly 'Masala': exact names are spread through the catalogue.
  name: i % 37 === 0 ? 'Masala' : `${NAMES[i % NAMES.length]} ${['Gold', 'Classic', 'Home'][i % 3]} ${i}`,
  nameHi: i % 2 === 0 ? `गरम मसाला ${i}` : `हल्दी ${i}`,
  searchKeywords: i % 5 === 0 ? ['masala dabba'] : [],
  description: 'Stone-ground spices.',
  about: [],
}));
const index = buildSearchIndex(products);

describe('step 1 with a limit', () => {
  it.each(['masala', 'Masala', 'chai', 'haldi', 'हल्दी', 'मसाला', 'gold', 'methi 4', 'ma', 'dabba'])(
    '%s: the first n of the whole ranking',
    (q) => {
      const all = index.search(q, 10_000);
      expect(all.length).toBeGreaterThan(0);
      for (const n of [1, 5, 12, 50]) expect(index.search(q, n), `limit ${n}`).toEqual(all.slice(0, n));
    },
  );
  it('puts exact names first, in catalogue order', () => {
    const exact = products.filter((p) => p.name === 'Masala').map((p) => p.id);
    expect(index.search('masala', exact.length)).toEqual(exact);
  });
});
