// The cart as last seen on the cart page, kept in this browser (issue 42) so the offline cart page
// (pwa/offline-cart.ts, served by the service worker without a network) can show it. The worker
// itself never keeps the cart's API answer; this copy is the page's: product names, packs and
// quantities, and the last four digits of the shopper's mobile, so another shopper signed in on
// the same phone never sees it. (A kept page hydrating offline is a signed-out render, which clears
// the stored shopper: the offline page then shows the copy to whoever holds the phone.)
import type { CartItemDto } from '@spice/shared/contracts/commerce';

export const CART_COPY_KEY = 'kesarchakki.cartCopy';

export interface CartCopy {
  /** The last four digits of the shopper's mobile. */
  owner: string;
  savedAt: string;
  lines: Array<{ name: string; variant: string; quantity: number; price: number }>;
}

export function cartCopyOf(mobile: string, items: CartItemDto[], now: Date): CartCopy {
  return {
    owner: mobile.slice(-4),
    savedAt: now.toISOString(),
    lines: items.map((i) => ({
      name: i.productName,
      variant: i.variant,
      quantity: i.quantity,
      price: i.price,
    })),
  };
}

export function saveCartCopy(copy: CartCopy): void {
  try {
    window.localStorage.setItem(CART_COPY_KEY, JSON.stringify(copy));
  } catch {
    // A full or disabled storage only loses the offline copy.
  }
}
