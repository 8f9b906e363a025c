// The cart as last seen on the cart page, kept in this browser (issue 42) so the offline cart page
// (pwa/offline-cart.ts, served by the service worker without a network) can show it. The worker
// itself never keeps the cart's API answer; this copy is the page's, tied to the signed-in mobile
// so another shopper signing in on the same phone never sees it.
import type { CartItemDto } from '@spice/shared/contracts/commerce';

export const CART_COPY_KEY = 'kesarchakki.cartCopy';

export interface CartCopy {
  mobile: string;
  savedAt: string;
  lines: Array<{ name: string; variant: string; quantity: number; price: number }>;
}

export function cartCopyOf(mobile: string, items: CartItemDto[], now: Date): CartCopy {
  return {
    mobile,
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
