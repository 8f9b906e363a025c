// The slug field's live check: is it free, and what would the name give.
import type { SlugCheckDto } from '@spice/shared/contracts/products-admin';
import { useEffect, useState } from 'react';

/** Live slug feedback: asks the API while the owner types (debounced), never blocks the save. */
export function useSlugCheck(slug: string, name: string, productId: number | undefined) {
  const [check, setCheck] = useState<SlugCheckDto | null>(null);
  useEffect(() => {
    if (!slug && !name) return setCheck(null);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const query = new URLSearchParams({ slug, name });
      if (productId) query.set('productId', String(productId));
      try {
        const res = await fetch(`/api/admin/products/slug-check?${query}`, { signal: controller.signal });
        if (res.ok) setCheck((await res.json()) as SlugCheckDto);
      } catch {
        // Aborted by the next keystroke, or offline: the save checks again anyway.
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, name, productId]);
  return check;
}
