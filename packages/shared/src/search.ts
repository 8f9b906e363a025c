// Product search (spec section 2): names equal to or containing the query, case-insensitively,
// exact matches first. An empty query finds nothing.

export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function searchProducts<T extends { name: string }>(products: readonly T[], query: string): T[] {
  const q = normaliseQuery(query);
  if (!q) return [];
  const exact: T[] = [];
  const prefix: T[] = [];
  const partial: T[] = [];
  for (const p of products) {
    const name = p.name.toLowerCase();
    if (name === q) exact.push(p);
    else if (name.startsWith(q)) prefix.push(p);
    else if (name.includes(q)) partial.push(p);
  }
  return [...exact, ...prefix, ...partial];
}
