// The shopper's cart in the browser: fetched from the server for the logged-in mobile and
// re-fetched after every change (spec section 4). The server prices and checks everything.
import type { CartItemDto } from '@spice/shared/contracts/commerce';
import { useSyncExternalStore } from 'react';
import { ApiError, api } from '../account/api';
import { openLogin } from '../account/modal-events';
import { USER_STORAGE_KEY } from '../account/user-store';

interface CartState {
  items: CartItemDto[];
  loaded: boolean;
}

let state: CartState = { items: [], loaded: false };
const listeners = new Set<() => void>();
const PENDING_ADD_KEY = 'kesarchakki.pendingAdd';

function set(next: Partial<CartState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

function currentMobile(): string | null {
  try {
    const raw = window.localStorage.getItem(USER_STORAGE_KEY);
    return raw ? ((JSON.parse(raw) as { mobile?: string }).mobile ?? null) : null;
  } catch {
    return null;
  }
}

/** Reloads the shopper's cart from the server; answers its lines as now known. */
export async function refreshCart(): Promise<CartItemDto[]> {
  const mobile = currentMobile();
  if (!mobile) {
    set({ items: [], loaded: true });
    return state.items;
  }
  try {
    set({ items: await api<CartItemDto[]>(`/cart/user/${mobile}`), loaded: true });
  } catch (error) {
    console.warn('cart fetch failed', error);
    set({ loaded: true });
  }
  return state.items;
}

export interface AddRequest {
  productId: number;
  variantId: number;
  quantity: number;
}

/**
 * Adds to the cart; logged out, it opens the login modal and adds after login. Answers false
 * when nothing was added (spec: a failed add returns false), with the server's reason.
 */
export async function addToCart(request: AddRequest): Promise<{ ok: boolean; message?: string }> {
  const mobile = currentMobile();
  if (!mobile) {
    window.sessionStorage.setItem(PENDING_ADD_KEY, JSON.stringify(request));
    openLogin();
    return { ok: false };
  }
  try {
    set({
      items: await api<CartItemDto[]>('/cart', { body: { ...request, phoneNumber: `+91${mobile}` } }),
      loaded: true,
    });
    return { ok: true };
  } catch (error) {
    console.warn('add to cart failed', error);
    return { ok: false, message: error instanceof ApiError ? error.message : undefined };
  }
}

/** After a login, finishes an Add to Cart that was waiting for it. */
export async function completePendingAdd(): Promise<boolean> {
  const raw = window.sessionStorage.getItem(PENDING_ADD_KEY);
  if (!raw || !currentMobile()) return false;
  window.sessionStorage.removeItem(PENDING_ADD_KEY);
  return (await addToCart(JSON.parse(raw) as AddRequest)).ok;
}

export async function setQuantity(id: number, quantity: number): Promise<void> {
  try {
    set({ items: await api<CartItemDto[]>(`/cart/quantity/${id}?quantity=${quantity}`, { method: 'PUT' }) });
  } catch (error) {
    console.warn('quantity change failed', error);
    await refreshCart();
  }
}

export async function removeLine(id: number): Promise<void> {
  try {
    set({ items: await api<CartItemDto[]>(`/cart/${id}`, { method: 'DELETE' }) });
  } catch (error) {
    console.warn('remove failed', error);
    await refreshCart();
  }
}

/** Minus at quantity 1 removes the line (spec section 5). */
export function decrement(item: CartItemDto): Promise<void> {
  return item.quantity <= 1 ? removeLine(item.id) : setQuantity(item.id, item.quantity - 1);
}

export function clearCartLocally(): void {
  set({ items: [] });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const serverState: CartState = { items: [], loaded: false };

export function useCart(): CartState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}
