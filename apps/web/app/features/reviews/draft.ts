// A review that could not be sent (network error) is kept in this browser, one per product, and
// offered again when the shopper comes back to the rate page. Sent reviews clear it.
export interface ReviewDraft {
  rating: number;
  title: string;
  description: string;
}

const key = (productId: number) => `kesarchakki.review-draft.${productId}`;

export function readDraft(productId: number): ReviewDraft | null {
  try {
    const raw = window.localStorage.getItem(key(productId));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<ReviewDraft>;
    return {
      rating: typeof d.rating === 'number' ? d.rating : 0,
      title: typeof d.title === 'string' ? d.title : '',
      description: typeof d.description === 'string' ? d.description : '',
    };
  } catch {
    return null;
  }
}

export function saveDraft(productId: number, draft: ReviewDraft): void {
  try {
    window.localStorage.setItem(key(productId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: nothing more we can do.
  }
}

export function clearDraft(productId: number): void {
  try {
    window.localStorage.removeItem(key(productId));
  } catch {
    // As above.
  }
}
